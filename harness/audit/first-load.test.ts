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
    afterLoad: [],
  });
});

it("counts the router's scripts held back until the first paint (decision 015)", () => {
  const html = `<head><style>p{}</style></head><body><script nonce="n" type="text/x-module-after-paint"
    data-modulepreload="/assets/entry.client.js /assets/framework.js /assets/root.js">;
    import * as route0 from "/assets/root.js";
    import("/assets/entry.client.js");</script><script nonce="n">(function startAfterPaint(data) {})()</script></body>`;
  expect(documentAssets(html).scripts).toEqual(["/assets/entry.client.js", "/assets/framework.js", "/assets/root.js"]);
});

it("lists the module loaded after the `load` event apart, not as first-load (decision 043)", () => {
  const html = `<body><script nonce="n" type="text/x-module-after-paint" data-modulepreload="/assets/entry.client.js">
    import("/assets/entry.client.js");</script><script nonce="n" data-after-load="/assets/pwa-abc.js">(function
    startAfterPaint(data, self) { const m = document.createElement("script"); m.src = self.dataset.afterLoad;
    import(self.dataset.afterLoad); })()</script></body>`;
  expect(documentAssets(html)).toEqual({
    scripts: ["/assets/entry.client.js"],
    styles: [],
    afterLoad: ["/assets/pwa-abc.js"],
  });
});
