import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "#shared/constants.ts";
import { fetchPhoto } from "./photo-source.ts";

const JPEG_START = [0xff, 0xd8, 0xff, 0xe0];
const production = { allowPrivateAddresses: false, userAgent: "test", resolve: async () => ["93.87.1.10"] };

/** A fetcher that answers each URL from `answers` and records what it was asked. */
function fakeFetcher(answers: Record<string, () => Response>) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    asked.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
    const answer = answers[url];
    return answer ? answer() : new Response("no", { status: 404 });
  }) as typeof fetch;
  return { fetcher, asked };
}

describe("fetchPhoto", () => {
  it("fetches a photo with its validators, and asks conditionally with them", async () => {
    const url = "https://photos.agency.rs/1.jpg";
    const { fetcher, asked } = fakeFetcher({
      [url]: () =>
        new Response(new Uint8Array(JPEG_START), { headers: { etag: '"a"', "last-modified": "Sun, 29 Nov 2026" } }),
    });
    const first = await fetchPhoto(url, { ...production, fetcher });
    expect(first).toMatchObject({ outcome: "fetched", etag: '"a"', lastModified: "Sun, 29 Nov 2026" });
    expect(first.outcome === "fetched" && [...first.bytes]).toEqual(JPEG_START);
    const { fetcher: again, asked: askedAgain } = fakeFetcher({ [url]: () => new Response(null, { status: 304 }) });
    const second = await fetchPhoto(url, {
      ...production,
      fetcher: again,
      previous: { etag: '"a"', lastModified: "Sun, 29 Nov 2026" },
    });
    expect(second).toEqual({ outcome: "unchanged" });
    expect(asked[0]!.headers["if-none-match"]).toBeUndefined();
    expect(askedAgain[0]!.headers).toMatchObject({ "if-none-match": '"a"', "if-modified-since": "Sun, 29 Nov 2026" });
  });

  it("refuses plain http, loopback, a name resolving inward and a redirect inward in production, asking nothing of them", async () => {
    const { fetcher, asked } = fakeFetcher({
      "https://photos.agency.rs/moved.jpg": () =>
        new Response(null, { status: 302, headers: { location: "https://10.0.0.1/photo.jpg" } }),
    });
    const refused = async (url: string, resolve = production.resolve) => {
      const answer = await fetchPhoto(url, { ...production, resolve, fetcher });
      return answer.outcome === "failed" ? answer.problem : null;
    };
    expect(await refused("http://photos.agency.rs/1.jpg")).toEqual({ code: "url_refused", reason: "scheme" });
    expect(await refused("https://127.0.0.1/1.jpg")).toEqual({ code: "url_refused", reason: "private_address" });
    expect(await refused("https://inside.agency.rs/1.jpg", async () => ["192.168.1.5"])).toEqual({
      code: "url_refused",
      reason: "private_address",
    });
    expect(await refused("https://photos.agency.rs/moved.jpg")).toEqual({
      code: "url_refused",
      reason: "private_address",
    });
    expect(asked.map((a) => a.url)).toEqual(["https://photos.agency.rs/moved.jpg"]);
  });

  it("refuses a photo announced or found too large, and names an error status", async () => {
    const big = "https://photos.agency.rs/big.jpg";
    const endless = "https://photos.agency.rs/endless.jpg";
    const { fetcher } = fakeFetcher({
      [big]: () => new Response("x", { headers: { "content-length": String(PHOTO_MAX_BYTES + 1) } }),
      [endless]: () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new Uint8Array(1024 * 1024));
            },
          }),
        ),
    });
    const tooLarge = { outcome: "failed", problem: { code: "too_large", max: 15 } };
    expect(await fetchPhoto(big, { ...production, fetcher })).toEqual(tooLarge);
    expect(await fetchPhoto(endless, { ...production, fetcher })).toEqual(tooLarge);
    expect(await fetchPhoto("https://photos.agency.rs/gone.jpg", { ...production, fetcher })).toEqual({
      outcome: "failed",
      problem: { code: "http_status", status: 404 },
    });
  });
});
