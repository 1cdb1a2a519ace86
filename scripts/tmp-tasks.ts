import { serveSite } from "#harness/audit/site.ts";
import { FOLDERS } from "#harness/folders.ts";
import { auditPages, pageSamples } from "#harness/audit/pages.ts";
import { measureLongTasks } from "#harness/audit/long-tasks.ts";
const server = await serveSite(FOLDERS.audit, { build: !process.argv.includes("--no-build") });
const types = (process.argv.find((a) => a.startsWith("--only="))?.slice(7) ?? "wizard-params,cabinet,saved-searches,detail").split(",");
const all = auditPages(await pageSamples(server.url), ["en"]).filter((p) => types.includes(p.type));
try {
  const r = await measureLongTasks(server.url, all, { loads: 3, log: console.log });
  for (const page of r) {
    console.log(page.name, JSON.stringify(page.loads));
    for (const w of page.worst) console.log("   ", w.ms.toFixed(0), w.what);
  }
} finally {
  await server.stop();
}
