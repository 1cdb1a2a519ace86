import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decodePng } from "#tests/fixtures/png.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";

const image = (path: string) => SELF.fetch(`${ORIGIN}${path}`);

describe("GET /images/listings/{id}.svg", () => {
  it("serves the generated illustration with its size, as an immutable SVG", async () => {
    const row = await env.DB.prepare("SELECT width, height FROM listing_images WHERE id = 1").first<{
      width: number;
      height: number;
    }>();
    expect(row).not.toBeNull();
    const res = await image("/images/listings/1.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`width="${row!.width}"`);
    expect(svg).toContain(`height="${row!.height}"`);
    expect(svg).toContain(`viewBox="0 0 ${row!.width} ${row!.height}"`);
    expect(svg.length).toBeLessThan(4096);
    expect(svg).not.toMatch(/<script|<text|href="http/);
  });

  it("gives the same bytes every time and different scenes for different images", async () => {
    const a = await (await image("/images/listings/2.svg")).text();
    const b = await (await image("/images/listings/2.svg")).text();
    const c = await (await image("/images/listings/3.svg")).text();
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it("serves every image of a listing of each property type", async () => {
    const { results } = await env.DB.prepare(
      "SELECT MIN(i.id) AS id, l.property_type FROM listing_images i JOIN listings l ON l.id = i.listing_id GROUP BY l.property_type",
    ).all<{ id: number; property_type: string }>();
    expect(results.length).toBe(6);
    for (const { id } of results) {
      const res = await image(`/images/listings/${id}.svg`);
      expect(res.status, String(id)).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("404 for an unknown id", async () => {
    for (const path of [
      "/images/listings/999999999.svg",
      "/images/listings/0.svg",
      "/images/listings/123456789012345678901234567890.svg",
    ]) {
      const res = await image(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control") ?? "").not.toContain("immutable");
      await res.arrayBuffer();
    }
  });
});

describe("GET /images/{listings|articles}/{id}.png", () => {
  it("paints the same scene as a PNG at the image's size, immutable, for link previews", async () => {
    const row = await env.DB.prepare("SELECT width, height FROM listing_images WHERE id = 5").first<{
      width: number;
      height: number;
    }>();
    const res = await image("/images/listings/5.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(96 * 1024);
    const png = await decodePng(bytes);
    expect([png.width, png.height]).toEqual([row!.width, row!.height]);
    // A scene, not a blank: many colours.
    const colours = new Set<number>();
    for (let i = 0; i < png.rgb.length; i += 3 * 97)
      colours.add((png.rgb[i]! << 16) | (png.rgb[i + 1]! << 8) | png.rgb[i + 2]!);
    expect(colours.size).toBeGreaterThan(20);
    // Painted once, then answered from the cache with the same bytes.
    expect(new Uint8Array(await (await image("/images/listings/5.png")).arrayBuffer())).toEqual(bytes);
  });

  it("paints a large picture at most 1600 px on its longer side, for the preview's memory and CPU", async () => {
    await env.DB.prepare(
      "INSERT INTO listing_images (id, listing_id, position, width, height, seed) VALUES (?, 1, 90, 4000, 3000, 7)",
    )
      .bind(900_001)
      .run();
    const png = await decodePng(new Uint8Array(await (await image("/images/listings/900001.png")).arrayBuffer()));
    expect([png.width, png.height]).toEqual([1600, 1200]);
  });

  it("paints articles at 1200 × 630", async () => {
    const article = await env.DB.prepare("SELECT id FROM articles ORDER BY id LIMIT 1").first<{ id: number }>();
    const png = await decodePng(
      new Uint8Array(await (await image(`/images/articles/${article!.id}.png`)).arrayBuffer()),
    );
    expect([png.width, png.height]).toEqual([1200, 630]);
  });

  it("404 for an unknown id, and nothing is kept", async () => {
    for (const path of [
      "/images/listings/999999999.png",
      "/images/articles/999999999.png",
      "/images/listings/0.png",
      "/images/listings/1.jpg",
    ]) {
      const res = await image(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control") ?? "").not.toContain("immutable");
      await res.arrayBuffer();
    }
  });
});
