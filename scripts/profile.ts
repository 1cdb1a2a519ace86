/**
 * `npm run profile [-- --pages search,home --requests 40 --top 30 --cached]`: where the worker's CPU goes
 * (decision 045). Serves the bench's build (`npm run bench` builds and seeds it) and, for each
 * page type (harness/audit/pages.ts names, `robots`, `api-search`, `form-data`, or a path), renders it
 * uncached `--requests` times in a row: the server's workerd CPU per request counted by the kernel, then
 * workerd's sampling profiler over as many requests — by source, the top functions by self time and by
 * inclusive time (mapped to the original files).
 */
import { parseArgs } from "node:util";
import { profileRequests, sourceLocator } from "#harness/audit/cpu-profile.ts";
import { BROWSER_UA, pageSamples, pageTypes, signedInPageTypes } from "#harness/audit/pages.ts";
import { cpuPerRequest } from "#harness/audit/process-cpu.ts";
import { FOLDERS } from "#harness/folders.ts";
import { serveBuild } from "#harness/serve-build.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "40" },
    pages: { type: "string", default: "home,search,list,detail,article,not-found" },
    top: { type: "string", default: "30" },
    cached: { type: "boolean", default: false },
  },
});
const requests = Number(values.requests);
const top = Number(values.top);
const HEADERS: Record<string, string> = {
  "user-agent": BROWSER_UA,
  "accept-language": "en-GB,en;q=0.9",
  accept: "text/html,*/*",
  // Any X-Debug-* header keeps the page cache out (decision 026), as the bench's uncached rows.
  ...(values.cached ? {} : { "x-debug-page-cache": "off" }),
};
const ms = (n: number) => n.toFixed(2).padStart(7);

const server = await serveBuild(FOLDERS.bench);
try {
  const found = await pageSamples(server.url);
  const targets: Record<string, { path: string; cookie?: string }> = {
    ...Object.fromEntries(pageTypes(found).map((p) => [p.type, { path: p.path }])),
    ...Object.fromEntries(
      signedInPageTypes(found.session).map((p) => [p.type, { path: p.path, cookie: found.session?.[p.as] }]),
    ),
    robots: { path: "/robots.txt" },
    "api-search": { path: "/api/realty/search?deal=sale&type=4&city=beograd" },
    "form-data": { path: "/api/form-data" },
  };
  const locate = sourceLocator(`${FOLDERS.bench.build}/server`);
  for (const type of values.pages.split(",")) {
    const target = type.startsWith("/") ? { path: type } : targets[type];
    if (!target) throw new Error(`unknown page type ${type}: one of ${Object.keys(targets).join(", ")}`);
    let bytes = 0;
    const run = async () => {
      const headers = target.cookie ? { ...HEADERS, cookie: target.cookie } : HEADERS;
      bytes = (await (await fetch(`${server.url}${target.path}`, { headers })).arrayBuffer()).byteLength;
    };
    for (let i = 0; i < 10; i++) await run();
    const kernel = await cpuPerRequest(server.process.pid!, run, requests);
    const p = await profileRequests(server.inspector, run, { requests, topN: top, locate });
    console.log(
      `\n## ${type} ${target.path} (${(bytes / 1024).toFixed(1)} KB): workerd CPU ${kernel.cpuMs.toFixed(1)} ms/request, wall ${kernel.wallMs.toFixed(1)} ms; sampled in the worker ${p.cpuMsPerRequest.toFixed(1)} ms`,
    );
    console.log("### by source");
    for (const [group, t] of Object.entries(p.groups).filter(([, t]) => t >= 0.1)) console.log(`${ms(t)}  ${group}`);
    console.log("### self time");
    for (const item of p.top) console.log(`${ms(item.selfMs)}  ${item.name}  ${item.where}`);
    console.log("### inclusive time");
    for (const item of p.inclusive) console.log(`${ms(item.selfMs)}  ${item.name}  ${item.where}`);
  }
} finally {
  await server.stop();
}
