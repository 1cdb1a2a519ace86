import { launch as launchChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath } from "#tests/e2e/browser.ts";
import { serveBuild } from "./serve-build.ts";
const server = await serveBuild({});
const chrome = await launchChrome({ chromePath: chromiumPath(), chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
try {
  const run = await lighthouse(`${server.url}${process.argv[2] ?? "/"}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const lhr = run!.lhr;
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "speed-index", "server-response-time", "render-blocking-resources", "total-byte-weight", "bootup-time", "mainthread-work-breakdown", "largest-contentful-paint-element"]) {
    const a = lhr.audits[id]!;
    console.log(id, a.displayValue ?? "", a.numericValue ?? "", a.score);
  }
  const rb = lhr.audits["render-blocking-resources"]!.details as any;
  console.log("render-blocking", JSON.stringify(rb?.items?.map((i: any) => [i.url.replace(server.url, ""), i.totalBytes, i.wastedMs])));
  const nr = (lhr.audits["network-requests"]!.details as any).items;
  for (const i of nr) console.log(" ", i.resourceType, i.priority, i.transferSize, Math.round(i.networkRequestTime ?? i.startTime), Math.round(i.networkEndTime ?? i.endTime), i.url.replace(server.url, "").slice(0, 70));
  const lcp = lhr.audits["largest-contentful-paint-element"]!.details as any;
  console.log(JSON.stringify(lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? lcp).slice(0, 300));
  const m = lhr.audits["metrics"]!.details as any;
  console.log(JSON.stringify(m.items[0]).slice(0, 800));
} finally {
  await chrome.kill();
  await server.stop();
}
