import { describe, expect, it } from "vitest";
import {
  byteStream,
  FLAT_FOR_SALE,
  largeYrlFeed,
  referenceGazetteer,
  yrlFeed,
  yrlOffer,
} from "#tests/fixtures/yrl-feeds.ts";
import { gazetteerResolver } from "./feed-places.ts";
import { feedProblemText, readYrlFeed, YRL_LIMITS } from "./yrl-feed.ts";
import { mapYrlFeed, mapYrlOffer, repeatedIds } from "./yrl-offer.ts";

/** Node's process, which this test runs in (the unit project); the worker's types know no Node. */
const node = (
  globalThis as unknown as {
    process: {
      cpuUsage(since?: { user: number; system: number }): { user: number; system: number };
      memoryUsage(): { heapUsed: number };
    };
  }
).process;

const read = (text: string, chunk?: number, limits = YRL_LIMITS) => readYrlFeed(byteStream(text, chunk), { limits });

describe("readYrlFeed", () => {
  it("keeps each offer's values by path, repeated elements in order, CDATA and entities decoded", async () => {
    const feed = yrlFeed([
      yrlOffer("a-1"),
      `<offer internal-id=" b-2 "><type>аренда</type><description><![CDATA[Stan <b>odmah</b> useljiv & čist]]></description>` +
        `<location><locality-name>Novi Sad &amp; okolina</locality-name></location></offer>`,
    ]);
    const { offers, problem, bytes } = await read(feed);
    expect(problem).toBeNull();
    expect(bytes).toBe(new TextEncoder().encode(feed).byteLength);
    expect(offers.map((o) => o.internal_id)).toEqual(["a-1", "b-2"]);
    const [flat, second] = offers;
    expect(flat!.line).toBe(4);
    expect(flat!.values["location/locality-name"]).toEqual(["Белград"]);
    expect(flat!.values["price/value"]).toEqual(["185000"]);
    expect(flat!.values.image).toEqual(FLAT_FOR_SALE.image);
    // Containers carry no values of their own.
    expect(flat!.values.location).toBeUndefined();
    expect(second!.values.description).toEqual(["Stan <b>odmah</b> useljiv & čist"]);
    expect(second!.values["location/locality-name"]).toEqual(["Novi Sad & okolina"]);
  });

  it("reads the same whatever the chunks, letters cut in two included", async () => {
    const feed = yrlFeed([yrlOffer("1"), yrlOffer("2")]);
    const whole = await read(feed);
    for (const chunk of [1, 3, 7, 1000]) expect(await read(feed, chunk)).toEqual(whole);
  });

  it("accepts YRL's namespace under a prefix", async () => {
    const feed = `<yrl:realty-feed xmlns:yrl="http://webmaster.yandex.ru/schemas/feed/realty/2010-06"><yrl:offer internal-id="7"><yrl:rooms>3</yrl:rooms></yrl:offer></yrl:realty-feed>`;
    const { offers, problem } = await read(feed);
    expect(problem).toBeNull();
    expect(offers).toEqual([{ internal_id: "7", line: 1, values: { rooms: ["3"] }, overflow: null }]);
  });

  it("hands each offer to onOffer as it is read, keeping none", async () => {
    const seen: (string | null)[] = [];
    const feed = yrlFeed([yrlOffer("1"), yrlOffer("2"), "<offer internal-id='3'><type>x</typ></offer>"]);
    const { offers, count, problem } = await readYrlFeed(byteStream(feed, 100), {
      onOffer: (offer) => seen.push(offer.internal_id),
    });
    expect(seen).toEqual(["1", "2"]);
    expect(offers).toEqual([]);
    expect(count).toBe(2);
    expect(problem?.code).toBe("feed_malformed");
  });

  it("stops at malformed XML with its line, keeping the offers read whole before it", async () => {
    const broken = `  <offer internal-id="3">\n    <type>продажа</typo>\n  </offer>\n`;
    const feed = yrlFeed([yrlOffer("1"), yrlOffer("2"), broken, yrlOffer("4")]);
    const { offers, problem } = await read(feed, 16);
    expect(offers.map((o) => o.internal_id)).toEqual(["1", "2"]);
    const line = feed.split("\n").findIndex((l) => l.includes("</typo>")) + 1;
    expect(problem).toMatchObject({ code: "feed_malformed", line });
    expect(feedProblemText(problem!)).toEqual({
      message: "feed.problem.feed_malformed",
      args: expect.objectContaining({ line }),
    });
  });

  it("refuses a truncated feed without the offer it cut", async () => {
    const feed = yrlFeed([yrlOffer("1"), yrlOffer("2")]);
    const cut = feed.slice(0, feed.lastIndexOf("<floor>"));
    const { offers, problem } = await read(cut, 100);
    expect(offers.map((o) => o.internal_id)).toEqual(["1"]);
    expect(problem?.code).toBe("feed_malformed");
  });

  it("reports a connection that breaks, keeping what was read", async () => {
    const feed = yrlFeed([yrlOffer("1"), yrlOffer("2")]);
    const bytes = new TextEncoder().encode(feed.slice(0, feed.lastIndexOf("<offer")));
    const { offers, problem } = await readYrlFeed(byteStream(bytes, 50, new Error("connection reset")));
    expect(offers.map((o) => o.internal_id)).toEqual(["1"]);
    expect(problem).toEqual({ code: "feed_unreadable", detail: "connection reset" });
  });

  it("stops reading a feed over its byte limit without reading the rest", async () => {
    const feed = yrlFeed(Array.from({ length: 50 }, (_, i) => yrlOffer(String(i))));
    let pulled = 0;
    const source = byteStream(feed, 1024);
    const counting = source.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    const { offers, problem, bytes } = await readYrlFeed(counting, { limits: { ...YRL_LIMITS, maxBytes: 8 * 1024 } });
    expect(problem).toEqual({ code: "feed_too_large", max_bytes: 8 * 1024 });
    expect(bytes).toBeLessThanOrEqual(9 * 1024);
    expect(pulled).toBeLessThan(feed.length / 2);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.length).toBeLessThan(50);
  });

  it("names the byte limit in megabytes for the report", () => {
    expect(feedProblemText({ code: "feed_too_large", max_bytes: YRL_LIMITS.maxBytes })).toEqual({
      message: "feed.problem.feed_too_large",
      args: { max: 50 },
    });
  });

  it("stops at the offers' limit", async () => {
    const feed = yrlFeed(Array.from({ length: 5 }, (_, i) => yrlOffer(String(i))));
    const { offers, problem } = await read(feed, undefined, { ...YRL_LIMITS, maxOffers: 3 });
    expect(offers).toHaveLength(3);
    expect(problem).toEqual({ code: "feed_too_many_offers", max_offers: 3 });
  });

  it("refuses elements nested past the depth limit", async () => {
    const deep = `<offer internal-id="x">${"<a>".repeat(20)}1${"</a>".repeat(20)}</offer>`;
    const { offers, problem } = await read(yrlFeed([yrlOffer("1"), deep]));
    expect(offers).toHaveLength(1);
    expect(problem).toMatchObject({ code: "feed_too_deep", max_depth: YRL_LIMITS.maxDepth });
  });

  it("refuses another XML format by its root", async () => {
    const { offers, problem } = await read(`<?xml version="1.0"?><feed><offer internal-id="1"/></feed>`);
    expect(offers).toEqual([]);
    expect(problem).toEqual({ code: "feed_not_yrl", root: "feed" });
  });

  it("marks an offer with an over-long value or too many values, and reads on", async () => {
    const long = yrlOffer("long", { ...FLAT_FOR_SALE, description: "д".repeat(YRL_LIMITS.maxValueChars + 1) });
    const many = yrlOffer("many", {
      ...FLAT_FOR_SALE,
      image: Array.from({ length: 400 }, (_, i) => `https://x.rs/${i}`),
    });
    const { offers, problem } = await read(yrlFeed([long, many, yrlOffer("ok")]), 4096);
    expect(problem).toBeNull();
    expect(offers.map((o) => [o.internal_id, o.overflow])).toEqual([
      ["long", { reason: "value_too_long", element: "description" }],
      ["many", { reason: "too_many_values", element: "image" }],
      ["ok", null],
    ]);
  });

  it("refuses bytes that are not UTF-8, and a feed declared in another encoding", async () => {
    const bytes = new TextEncoder().encode(yrlFeed([yrlOffer("1")]));
    const latin1 = new Uint8Array([...bytes.slice(0, -20), 0xe8, ...bytes.slice(-20)]);
    expect((await readYrlFeed(byteStream(latin1))).problem).toMatchObject({ code: "feed_malformed" });
    const cp1251 = yrlFeed([yrlOffer("1")]).replace('encoding="UTF-8"', 'encoding="windows-1251"');
    expect((await read(cp1251)).problem).toMatchObject({ code: "feed_malformed", line: 1 });
  });

  it("expands no entity a DOCTYPE defines", async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE realty-feed [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>
<realty-feed><offer internal-id="1"><description>&b;</description></offer></realty-feed>`;
    const { offers, problem } = await read(bomb);
    expect(offers).toEqual([]);
    expect(problem).toMatchObject({ code: "feed_malformed", line: 2 });
  });

  it("reads and maps a feed of 5 000 offers with 10 photos each (figures printed, not asserted)", async () => {
    const feed = largeYrlFeed(5000, 10);
    const size = new TextEncoder().encode(feed).byteLength;
    const resolvePlace = gazetteerResolver(referenceGazetteer());
    const heapBefore = node.memoryUsage().heapUsed;
    const cpuBefore = node.cpuUsage();
    const t0 = performance.now();
    const { offers, problem } = await read(feed);
    const t1 = performance.now();
    const { listings, refusals } = mapYrlFeed(offers, { resolvePlace });
    const t2 = performance.now();
    const cpu = node.cpuUsage(cpuBefore);
    const heap = node.memoryUsage().heapUsed - heapBefore;
    console.log(
      `YRL 5 000 offers × 10 photos: ${(size / 1024 / 1024).toFixed(1)} MB; read ${(t1 - t0).toFixed(0)} ms, ` +
        `mapped ${(t2 - t1).toFixed(0)} ms, CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, ` +
        `heap +${(heap / 1024 / 1024).toFixed(0)} MB`,
    );
    expect(problem).toBeNull();
    expect(offers).toHaveLength(5000);
    expect(refusals).toEqual([]);
    expect(listings).toHaveLength(5000);
    expect(listings[4999]!.photos).toHaveLength(10);
    expect(new Set(listings.map((l) => l.values.lang))).toEqual(new Set(["ru", "sr", "en"]));
  });

  it("maps 5 000 offers as they stream, keeping only their ids (figures printed, not asserted)", async () => {
    const feed = largeYrlFeed(5000, 10);
    const resolvePlace = gazetteerResolver(referenceGazetteer());
    const cpuBefore = node.cpuUsage();
    const t0 = performance.now();
    const ids: (string | null)[] = [];
    let mapped = 0;
    const { count, problem } = await readYrlFeed(byteStream(feed), {
      onOffer: (offer) => {
        ids.push(offer.internal_id);
        if ("listing" in mapYrlOffer(offer, { resolvePlace })) mapped++;
      },
    });
    const t1 = performance.now();
    const cpu = node.cpuUsage(cpuBefore);
    console.log(
      `YRL 5 000 offers streamed: read and mapped ${(t1 - t0).toFixed(0)} ms, ` +
        `CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`,
    );
    expect(problem).toBeNull();
    expect([count, mapped, repeatedIds(ids).size]).toEqual([5000, 5000, 0]);
  });
});
