/**
 * The reader and the mapping inside workerd itself: saxes, TextDecoder's streaming and the fetch body's
 * stream as the Workers runtime has them, on a feed served by a Response.
 */
import { describe, expect, it } from "vitest";
import { referenceGazetteer, yrlFeed, yrlOffer } from "#tests/fixtures/yrl-feeds.ts";
import { gazetteerResolver } from "./feed-places.ts";
import { readYrlFeed } from "./yrl-feed.ts";
import { mapYrlFeed } from "./yrl-offer.ts";

describe("a YRL feed in workerd", () => {
  it("reads a fetch body and maps its offers, refusing the broken one", async () => {
    const body = new Response(yrlFeed([yrlOffer("1"), yrlOffer("2"), yrlOffer(null)])).body!;
    const { offers, problem } = await readYrlFeed(body);
    expect(problem).toBeNull();
    const { listings, refusals } = mapYrlFeed(offers, { resolvePlace: gazetteerResolver(referenceGazetteer()) });
    expect(listings.map((l) => l.internal_id)).toEqual(["1", "2"]);
    expect(refusals.map((r) => r.code)).toEqual(["missing_internal_id"]);
  });

  it("reports malformed XML with its line", async () => {
    const feed = yrlFeed([yrlOffer("1"), "<offer internal-id='2'><type>x</typ></offer>\n"]);
    const { offers, problem } = await readYrlFeed(new Response(feed).body!);
    expect(offers).toHaveLength(1);
    expect(problem).toMatchObject({
      code: "feed_malformed",
      line: feed.split("\n").findIndex((l) => l.includes("</typ>")) + 1,
    });
  });
});
