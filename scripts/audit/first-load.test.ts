import { expect, it } from "vitest";
import { documentAssets } from "./first-load.ts";

it("finds every first-load script and stylesheet a React Router document names", () => {
  const html = `<head><link rel="modulepreload" href="/assets/a.js" nonce="x"/><link rel="stylesheet" href="/assets/s.css"/>
    <link rel="icon" href="/favicon.svg"/><script type="module" src="/assets/b.js"></script></head>
    <script type="module" async="">import * as route0 from "/assets/root.js";
    window.__reactRouterManifest = { "url": "/assets/manifest-1.js" };
    import("/assets/entry.client.js");</script><script src="https://cdn.example/x.js"></script>`;
  expect(documentAssets(html)).toEqual({
    scripts: ["/assets/a.js", "/assets/b.js", "/assets/root.js", "/assets/entry.client.js"],
    styles: ["/assets/s.css"],
  });
});
