/**
 * The profile picture (decision 050): an upload goes through the photo pipeline into R2 — type by the
 * bytes, the photo limits, metadata stripped, square WebP variants — and the profile names a variant's
 * URL; a replaced or removed picture's files and edge copies are gone.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiUser } from "#shared/api/auth.ts";
import { PHOTO_UPLOADS_PER_USER_PER_HOUR } from "#shared/constants.ts";
import { sniffPhoto } from "#worker/workflows/photo-sniff.ts";
import { GPS_SECONDS_BYTES, SMALL_JPEG, gradientPng, pngHeader, withExif } from "#tests/fixtures/photos.ts";
import { call, errorOf, ORIGIN, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { setRateLimitCount } from "./rate-limit-fixtures.ts";

function picture(who: SignedIn, bytes: Uint8Array, name = "me.jpg", type = "image/jpeg") {
  const form = new FormData();
  form.set("image", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return SELF.fetch(`${ORIGIN}/api/cabinet/update-image`, {
    method: "POST",
    body: form,
    headers: {
      cookie: who.jar.header(),
      "x-requested-with": "XMLHttpRequest",
      origin: ORIGIN,
      "cf-connecting-ip": who.ip,
    },
  });
}

const profile = async (who: SignedIn) =>
  (await (await call("/api/cabinet/user", { jar: who.jar, ip: who.ip })).json<{ data: ApiUser }>()).data;
const objectCount = async () => (await env.PHOTOS.list()).objects.length;

function contains(haystack: Uint8Array, needle: readonly number[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** Fetches a variant and waits until the edge cache keeps it (the route puts it there after answering). */
async function servedAndCached(url: string) {
  const res = await SELF.fetch(`${ORIGIN}${url}`);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const cache = await caches.open("photos");
  for (let i = 0; i < 50 && !(await cache.match(`${ORIGIN}${url}`)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await cache.match(`${ORIGIN}${url}`), url).toBeDefined();
  return bytes;
}

describe("POST /api/cabinet/update-image", () => {
  it("refuses junk, data: and https URLs, naming the field, and stores nothing", async () => {
    const who = await signUpByPhone();
    const before = await objectCount();
    const text = await picture(who, new TextEncoder().encode("hello world"), "a.png", "image/png");
    expect(text.status).toBe(415);
    expect(await errorOf(text)).toMatchObject({
      code: "unsupported_photo_type",
      fields: { image: "photo.error.type" },
    });
    const headerOnly = await picture(who, pngHeader(64, 64), "a.png", "image/png");
    expect(headerOnly.status).toBe(415);
    // A header over no pixels: unreadable (or, should the sniffer learn to tell, not a photo at all).
    expect((await errorOf(headerOnly)).fields?.image).toMatch(/^photo\.error\.(unreadable|type)$/);
    const huge = await picture(who, pngHeader(5000, 5000), "a.png", "image/png");
    expect(huge.status).toBe(413);
    expect(await errorOf(huge)).toMatchObject({ fields: { image: "photo.error.tooManyPixels" } });
    for (const url of ["data:image/png;base64,aGVsbG8gd29ybGQ=", "https://cdn.example.rs/a.jpg"]) {
      const res = await call("/api/cabinet/update-image", { body: { image_url: url }, jar: who.jar, ip: who.ip });
      expect(res.status, url).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty("image_url");
    }
    expect(await objectCount()).toBe(before);
    expect(await profile(who)).toMatchObject({ image_url: null, image_variants: [] });
  });

  it(
    "stores square WebP variants without EXIF or GPS, names one, and removes a replaced or removed picture",
    {
      timeout: 20_000,
    },
    async () => {
      const who = await signUpByPhone();
      const before = await objectCount();
      // 64 × 48 with orientation 6 and a GPS block: a 48-px square, the only variant.
      const first = await picture(who, withExif(SMALL_JPEG, 6));
      expect(first.status).toBe(200);
      const small = (await first.json<{ data: ApiUser }>()).data;
      expect(small.image_url).toMatch(/^\/photos\/[0-9a-f]{32}-48\.webp$/);
      expect(small.image_variants).toEqual([{ url: small.image_url, width: 48, height: 48 }]);
      const bytes = await servedAndCached(small.image_url!);
      expect(sniffPhoto(bytes)).toMatchObject({ format: "webp", width: 48, height: 48 });
      for (const marker of [ascii("Exif"), ascii("GPS"), GPS_SECONDS_BYTES])
        expect(contains(bytes, marker)).toBe(false);
      expect(await objectCount()).toBe(before + 1);

      const second = await picture(who, await gradientPng(500, 400), "me.png", "image/png");
      expect(second.status).toBe(200);
      const large = (await second.json<{ data: ApiUser }>()).data;
      expect(large.image_variants.map((v) => [v.width, v.height])).toEqual([
        [96, 96],
        [192, 192],
        [384, 384],
      ]);
      expect(large.image_url).toBe(large.image_variants[1]!.url);
      expect(await profile(who)).toMatchObject({ image_url: large.image_url });
      // The replaced picture is gone, from R2 and from the edge's cache.
      expect((await SELF.fetch(`${ORIGIN}${small.image_url}`)).status).toBe(404);
      expect(await objectCount()).toBe(before + 3);
      for (const variant of large.image_variants) {
        expect(sniffPhoto(await servedAndCached(variant.url))).toMatchObject({
          width: variant.width,
          height: variant.width,
        });
      }

      const removed = await call("/api/cabinet/update-image", { body: { image_url: null }, jar: who.jar, ip: who.ip });
      expect(removed.status).toBe(200);
      expect((await removed.json<{ data: ApiUser }>()).data).toMatchObject({ image_url: null, image_variants: [] });
      for (const variant of large.image_variants)
        expect((await SELF.fetch(`${ORIGIN}${variant.url}`)).status).toBe(404);
      expect(await objectCount()).toBe(before);
    },
  );

  it("counts against the hourly photo uploads (429 naming image), and an account's deletion removes its picture", async () => {
    const who = await signUpByPhone();
    const res = await picture(who, SMALL_JPEG);
    expect(res.status).toBe(200);
    const { image_url } = (await res.json<{ data: ApiUser }>()).data;
    await setRateLimitCount(`photo-upload:user:${who.user.id}`, PHOTO_UPLOADS_PER_USER_PER_HOUR);
    const refused = await picture(who, SMALL_JPEG);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).fields).toHaveProperty("image");

    await servedAndCached(image_url!);
    const deleted = await call("/api/cabinet/delete-account", { method: "DELETE", jar: who.jar, ip: who.ip });
    expect(deleted.status).toBe(200);
    expect((await SELF.fetch(`${ORIGIN}${image_url}`)).status).toBe(404);
  });

  it("keeps no stored picture references (migration 0028): the column of data: URLs is gone", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM pragma_table_info('users')").all<{ name: string }>();
    const columns = results.map((r) => r.name);
    expect(columns).not.toContain("image_url");
    expect(columns).toEqual(expect.arrayContaining(["image_key", "image_side"]));
  });
});
