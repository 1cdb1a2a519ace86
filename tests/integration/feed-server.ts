/**
 * A feed server for the workerd tests (decision 100): YRL files served on 127.0.0.1 from Node, which the
 * worker in development may fetch (decision 099). `feedServer` is its origin. Each path tells what it serves:
 * - `/{name}/good.xml`: a feed of two valid offers and four refused ones (no internal-id, an id given twice,
 *   an unknown place), ETag `"good-1"` — a request carrying it is answered 304;
 * - `/{name}/malformed.xml`: one whole offer, then XML broken on a later line;
 * - `/{name}/status-500`: a 500;
 * - `/{name}/feed.xml`: what the test last stored there with a PUT, without validators (each check reads it).
 * `{name}` is the test's own, so that `/requests/{name}` answers the requests it made (method and
 * conditional headers), for a test to check what was asked.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { FLAT_FOR_SALE, yrlFeed, yrlOffer } from "#tests/fixtures/yrl-feeds.ts";

declare module "vitest" {
  interface ProvidedContext {
    feedServer: string;
  }
}

const location = FLAT_FOR_SALE.location as Record<string, string>;
const GOOD_FEED = yrlFeed([
  yrlOffer("flat-1"),
  yrlOffer("flat-2"),
  yrlOffer(null),
  yrlOffer("twice"),
  yrlOffer("twice"),
  yrlOffer("nowhere", { ...FLAT_FOR_SALE, location: { ...location, "locality-name": "Атлантида" } }),
]);
const GOOD_ETAG = '"good-1"';
const MALFORMED_FEED = yrlFeed([yrlOffer("whole"), "  <offer internal-id='broken'><type>x</typ></offer>\n"]);

export default async function setup(project: TestProject) {
  const requests = new Map<string, { path: string; ifNoneMatch: string | null; ifModifiedSince: string | null }[]>();
  const log = (name: string, req: IncomingMessage, path: string) => {
    const list = requests.get(name) ?? [];
    list.push({
      path,
      ifNoneMatch: (req.headers["if-none-match"] as string | undefined) ?? null,
      ifModifiedSince: (req.headers["if-modified-since"] as string | undefined) ?? null,
    });
    requests.set(name, list);
  };
  const stored = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const [, name = "", file = ""] = (req.url ?? "/").split("?")[0]!.split("/");
    if (req.method === "PUT" && file === "feed.xml") {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        stored.set(name, Buffer.concat(chunks));
        res.writeHead(204).end();
      });
      return;
    }
    if (name === "requests") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(requests.get(file) ?? []));
      return;
    }
    log(name, req, file);
    if (file === "good.xml") {
      if (req.headers["if-none-match"] === GOOD_ETAG) {
        res.writeHead(304, { etag: GOOD_ETAG }).end();
        return;
      }
      res
        .writeHead(200, {
          "content-type": "application/xml",
          etag: GOOD_ETAG,
          "last-modified": "Sun, 29 Nov 2026 12:00:00 GMT",
        })
        .end(GOOD_FEED);
    } else if (file === "malformed.xml") {
      res.writeHead(200, { "content-type": "application/xml", etag: '"bad-1"' }).end(MALFORMED_FEED);
    } else if (file === "feed.xml" && stored.has(name)) {
      res.writeHead(200, { "content-type": "application/xml" }).end(stored.get(name));
    } else if (file === "status-500") {
      res.writeHead(500).end("down");
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("feedServer", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
