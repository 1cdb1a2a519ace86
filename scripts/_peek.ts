import { serveBuild } from "#harness/serve-build.ts";
import { FOLDERS } from "#harness/folders.ts";
const s = await serveBuild(FOLDERS.bench);
try {
  for (const p of process.argv.slice(2)) {
    const r = await fetch(s.url + p, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36", accept: "text/html", "x-debug-page-cache": "off" } });
    const h = await r.text();
    console.log(p, r.status, h.length, (h.match(/<h1[^>]*>.*?<\/h1>/s) ?? [""])[0].slice(0, 200), "| footer:", (h.match(/<footer[\s\S]{0,300}/) ?? [""])[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 150));
  }
} finally { await s.stop(); }
