import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_MAX_BYTES, FEED_MAX_REDIRECTS } from "#shared/constants.ts";
import en from "#locales/en.json";
import { dnsOverHttps, feedFetchProblemText, feedUrlProblem, fetchFeed, isPrivateAddress } from "./feed-source.ts";

const FEED = `<?xml version="1.0" encoding="UTF-8"?><realty-feed xmlns="http://webmaster.yandex.ru/schemas/feed/realty/2010-06"></realty-feed>`;
const ETAG = '"v1"';
const MODIFIED = "Sat, 28 Nov 2026 10:00:00 GMT";

let server: Server;
let base: string;
const seen: { path: string; headers: IncomingMessage["headers"] }[] = [];

/** A feed server as agencies run them: conditional answers, redirects, slow and broken ones. */
function serve(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? "/";
  seen.push({ path, headers: req.headers });
  const hops = /^\/hop\/(\d+)$/.exec(path);
  if (hops) {
    const left = Number(hops[1]);
    res.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : "/feed.xml" }).end();
  } else if (path === "/feed.xml") {
    if (req.headers["if-none-match"] === ETAG) res.writeHead(304).end();
    else res.writeHead(200, { "content-type": "application/xml", etag: ETAG }).end(FEED);
  } else if (path === "/dated.xml") {
    if (req.headers["if-modified-since"] === MODIFIED) res.writeHead(304).end();
    else res.writeHead(200, { "last-modified": MODIFIED }).end(FEED);
  } else if (path === "/slow") {
    setTimeout(() => res.writeHead(200).end(FEED), 1500);
  } else if (path === "/stalls") {
    res.writeHead(200, { "content-type": "application/xml" });
    res.write("<realty-feed>");
  } else {
    res.writeHead(500).end("broken");
  }
}

beforeAll(async () => {
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const local = { allowPrivateAddresses: true, userAgent: "Kvadrat feed test" };

describe("fetchFeed against a local server", () => {
  it("fetches a feed, then answers unchanged when its ETag or Last-Modified is the same", async () => {
    const first = await fetchFeed(`${base}/feed.xml`, local);
    expect(first).toMatchObject({ outcome: "fetched", etag: ETAG, url: `${base}/feed.xml` });
    if (first.outcome !== "fetched") throw new Error("not fetched");
    expect(await new Response(first.body).text()).toBe(FEED);
    expect(seen.at(-1)!.headers["user-agent"]).toBe("Kvadrat feed test");
    expect(await fetchFeed(`${base}/feed.xml`, { ...local, previous: { etag: ETAG, lastModified: null } })).toEqual({
      outcome: "unchanged",
    });
    const dated = await fetchFeed(`${base}/dated.xml`, local);
    expect(dated).toMatchObject({ outcome: "fetched", lastModified: MODIFIED, etag: null });
    const again = await fetchFeed(`${base}/dated.xml`, { ...local, previous: { etag: null, lastModified: MODIFIED } });
    expect(again).toEqual({ outcome: "unchanged" });
  });

  it(`follows ${FEED_MAX_REDIRECTS} redirects, not more`, async () => {
    const followed = await fetchFeed(`${base}/hop/${FEED_MAX_REDIRECTS - 1}`, local);
    expect(followed).toMatchObject({ outcome: "fetched", url: `${base}/feed.xml` });
    expect(await fetchFeed(`${base}/hop/${FEED_MAX_REDIRECTS}`, local)).toEqual({
      outcome: "failed",
      problem: { code: "feed_redirects", max: FEED_MAX_REDIRECTS },
    });
  });

  it("names a server's error, a slow server, one that stalls in its body, and a dead one", async () => {
    expect(await fetchFeed(`${base}/missing`, local)).toEqual({
      outcome: "failed",
      problem: { code: "feed_http_status", status: 500 },
    });
    expect(await fetchFeed(`${base}/slow`, { ...local, timeoutMs: 300 })).toEqual({
      outcome: "failed",
      problem: { code: "feed_timeout", seconds: 0.3 },
    });
    const stalled = await fetchFeed(`${base}/stalls`, { ...local, timeoutMs: 500 });
    if (stalled.outcome !== "fetched") throw new Error("the headers came");
    // The deadline covers the body: reading it ends with an error, not a wait without end.
    await expect(new Response(stalled.body).text()).rejects.toThrow();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const dead = await fetchFeed(`http://127.0.0.1:${port}/feed.xml`, local);
    expect(dead).toMatchObject({ outcome: "failed", problem: { code: "feed_unreachable" } });
  });

  it("refuses loopback outright in production", async () => {
    const before = seen.length;
    expect(await fetchFeed(`${base}/feed.xml`, { ...local, allowPrivateAddresses: false })).toEqual({
      outcome: "failed",
      problem: { code: "feed_url_refused", reason: "private_address" },
    });
    expect(seen.length).toBe(before);
  });
});

/** A fetcher answering from a table of URLs, recording what it was asked. */
function fakeFetcher(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const answer = answers[url];
    if (!answer) throw new TypeError(`no answer for ${url}`);
    return answer();
  }) as typeof fetch;
  return { fetcher, asked };
}

describe("fetchFeed's address checks (production)", () => {
  const production = { allowPrivateAddresses: false, userAgent: "Kvadrat" };

  it("refuses a redirect to a private address without asking it", async () => {
    const { fetcher, asked } = fakeFetcher({
      "https://agency.example.rs/feed.xml": () =>
        new Response(null, { status: 301, headers: { location: "http://10.0.0.7/feed.xml" } }),
    });
    const result = await fetchFeed("https://agency.example.rs/feed.xml", {
      ...production,
      fetcher,
      resolve: async () => ["93.87.1.10"],
    });
    expect(result).toEqual({ outcome: "failed", problem: { code: "feed_url_refused", reason: "private_address" } });
    expect(asked).toEqual(["https://agency.example.rs/feed.xml"]);
  });

  it("refuses a host name that resolves to a private address, and fetches one that resolves to public ones", async () => {
    const { fetcher, asked } = fakeFetcher({
      "https://agency.example.rs/feed.xml": () => new Response(FEED, { headers: { etag: ETAG } }),
    });
    const inside = await fetchFeed("https://agency.example.rs/feed.xml", {
      ...production,
      fetcher,
      resolve: async () => ["93.87.1.10", "192.168.1.5"],
    });
    expect(inside).toEqual({ outcome: "failed", problem: { code: "feed_url_refused", reason: "private_address" } });
    expect(asked).toEqual([]);
    const outside = await fetchFeed("https://agency.example.rs/feed.xml", {
      ...production,
      fetcher,
      resolve: async () => ["93.87.1.10", "2a02:2f0::1"],
    });
    expect(outside).toMatchObject({ outcome: "fetched", etag: ETAG });
  });

  it("refuses a feed whose announced size is over the limit, before reading it", async () => {
    let cancelled = false;
    const body = new ReadableStream({ cancel: () => void (cancelled = true) });
    const { fetcher } = fakeFetcher({
      "https://agency.example.rs/big.xml": () =>
        new Response(body, { headers: { "content-length": String(FEED_MAX_BYTES + 1) } }),
    });
    const result = await fetchFeed("https://agency.example.rs/big.xml", {
      ...production,
      fetcher,
      resolve: async () => ["93.87.1.10"],
    });
    expect(result).toEqual({ outcome: "failed", problem: { code: "feed_too_large", max_bytes: FEED_MAX_BYTES } });
    expect(cancelled).toBe(true);
  });

  it("asks DNS over HTTPS for A and AAAA records, and gives up quietly when it does not answer", async () => {
    const { fetcher, asked } = fakeFetcher({
      "https://cloudflare-dns.com/dns-query?name=agency.example.rs&type=A": () =>
        Response.json({
          Answer: [
            { type: 5, data: "cdn.example.rs." },
            { type: 1, data: "93.87.1.10" },
          ],
        }),
      "https://cloudflare-dns.com/dns-query?name=agency.example.rs&type=AAAA": () =>
        Response.json({ Answer: [{ type: 28, data: "2a02:2f0::1" }] }),
    });
    expect(await dnsOverHttps(fetcher)("agency.example.rs")).toEqual(["93.87.1.10", "2a02:2f0::1"]);
    expect(asked).toHaveLength(2);
    expect(await dnsOverHttps(fetcher)("unknown.example.rs")).toBeNull();
  });
});

describe("feedUrlProblem and isPrivateAddress", () => {
  it("refuses other schemes, credentials, malformed URLs and local names", () => {
    expect(feedUrlProblem("ftp://agency.rs/feed.xml", false)).toMatchObject({ reason: "scheme" });
    expect(feedUrlProblem("file:///etc/passwd", true)).toMatchObject({ reason: "scheme" });
    expect(feedUrlProblem("https://user:secret@agency.rs/feed.xml", false)).toMatchObject({ reason: "credentials" });
    expect(feedUrlProblem("not a url", false)).toMatchObject({ reason: "malformed" });
    for (const url of [
      "http://localhost/feed.xml",
      "http://printer.local/feed.xml",
      "http://intranet/feed.xml",
      "http://[::1]:8080/feed.xml",
      "http://169.254.169.254/latest/meta-data",
      "http://[::ffff:10.0.0.1]/feed.xml",
    ]) {
      expect(feedUrlProblem(url, false), url).toMatchObject({ reason: "private_address" });
      expect(feedUrlProblem(url, true), url).toBeNull();
    }
    expect(feedUrlProblem("https://agency.rs/export/yrl.xml?key=1", false)).toBeNull();
  });

  it("knows the private, loopback, link-local and reserved ranges", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "fd12::1",
      "fe80::1",
      "::ffff:192.168.1.1",
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ["93.87.1.10", "172.32.0.1", "8.8.8.8", "2a02:2f0::1", "::ffff:93.87.1.10"]) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe("feedFetchProblemText", () => {
  it("names a text every locale has, with the values it shows", () => {
    const texts = en as Record<string, string>;
    for (const problem of [
      { code: "feed_url_refused", reason: "scheme" },
      { code: "feed_redirects", max: 3 },
      { code: "feed_unreachable", detail: "ECONNREFUSED" },
      { code: "feed_timeout", seconds: 60 },
      { code: "feed_http_status", status: 404 },
      { code: "feed_too_large", max_bytes: FEED_MAX_BYTES },
    ] as const) {
      const { message, args } = feedFetchProblemText(problem);
      expect(texts[message], message).toBeDefined();
      for (const name of texts[message]!.match(/\{(\w+)\}/g) ?? [])
        expect(args, message).toHaveProperty(name.slice(1, -1));
    }
  });
});
