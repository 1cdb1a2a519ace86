/**
 * Listing photos (decision 031): type by bytes, limits, rotation, metadata, variants, owners — made by the
 * Images binding and, as a Worker without it makes them, by the isolate's codecs (decision 096).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  PHOTO_MATCH_MAX_DISTANCE,
  PHOTO_MAX_BYTES,
  PHOTO_ROTATIONS_PER_USER_PER_HOUR,
  PHOTO_UPLOAD_BODY_MAX_BYTES,
  PHOTOS_PER_LISTING,
} from "#shared/constants.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { variantSizes } from "#shared/photo-variants.ts";
import { fingerprintDistance } from "#worker/workflows/photo-fingerprint.ts";
import { sniffPhoto } from "#worker/workflows/photo-sniff.ts";
import {
  blocksJpeg,
  GPS_SECONDS_BYTES,
  SMALL_JPEG,
  SMALL_JPEG_SIZE,
  gradientPng,
  manyScansJpeg,
  pngHeader,
  truncated,
  twoFacedJpeg,
  withExif,
  withFrameSize,
  pngPixels,
} from "#tests/fixtures/photos.ts";
import { PHOTO_CODEC_HEADER } from "#worker/http/photo-bindings.ts";
import { call, errorOf, ORIGIN, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { setRateLimitCount } from "./rate-limit-fixtures.ts";

let owner: SignedIn;
let stranger: SignedIn;
let nextListing = 960_000 + Math.floor(Math.random() * 10_000) * 10;

/** Where the photos of the running tests are made: the Images binding, or the isolate's own codecs. */
type Codec = "images" | "isolate";
let codec: Codec = "images";
const CODECS: Codec[] = ["images", "isolate"];
const codecHeaders = (): Record<string, string> => (codec === "isolate" ? { [PHOTO_CODEC_HEADER]: "isolate" } : {});

/** A draft listing of `ownerId`, written straight to D1 (the editing API is another item). */
async function draft(ownerId: number): Promise<number> {
  const id = ++nextListing;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms,
       title, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
     VALUES (?, 1, 'sale', 'apartment', 1, 'Knez Mihailova 1', 44.8176, 20.4569, 150000, 60, 2,
       'Draft flat', 'A draft flat for photo tests.', 'en', ?, '+381601234567', 'draft', ?, ?, ?)`,
  )
    .bind(id, ownerId, now, now, now + 30 * 86_400_000)
    .run();
  return id;
}

function upload(
  who: SignedIn | null,
  listingId: number | string,
  bytes: Uint8Array,
  name = "photo.jpg",
  type = "image/jpeg",
) {
  const form = new FormData();
  form.set("id", String(listingId));
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const headers: Record<string, string> = {
    "x-requested-with": "XMLHttpRequest",
    origin: ORIGIN,
    "cf-connecting-ip": who?.ip ?? "127.0.0.1",
    ...codecHeaders(),
  };
  if (who) headers.cookie = who.jar.header();
  return SELF.fetch(`${ORIGIN}/api/realty/edit/image`, { method: "POST", headers, body: form });
}

async function uploaded(who: SignedIn, listingId: number, bytes: Uint8Array): Promise<ApiListingPhoto> {
  const res = await upload(who, listingId, bytes);
  expect(res.status).toBe(201);
  return (await res.json<{ data: ApiListingPhoto }>()).data;
}

const storedObjects = async () => (await env.PHOTOS.list()).objects.length;
const allObjects = async () => {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
};

/** Fetches a variant and waits until the edge cache keeps it (the route puts it there after answering). */
async function servedAndCached(url: string) {
  expect((await SELF.fetch(`${ORIGIN}${url}`)).status).toBe(200);
  const cache = await caches.open("photos");
  for (let i = 0; i < 50 && !(await cache.match(`${ORIGIN}${url}`)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await cache.match(`${ORIGIN}${url}`), url).toBeDefined();
}
const listingRows = async (listingId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM listing_images WHERE listing_id = ?")
    .bind(listingId)
    .first<{ n: number }>())!.n;

function contains(haystack: Uint8Array, needle: readonly number[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

beforeAll(async () => {
  owner = await signUpByPhone();
  stranger = await signUpByPhone();
});

describe.each(CODECS)("POST /api/realty/edit/image, made by %s", (made) => {
  beforeAll(() => {
    codec = made;
  });

  it("decides the type by the bytes: a PNG named .jpg is accepted, text and GIF named .jpg are 415 and store nothing", async () => {
    const listing = await draft(owner.user.id);
    const png = await gradientPng(40, 30);
    const photo = await uploaded(owner, listing, png);
    expect(photo).toMatchObject({ width: 40, height: 30, rotation: 0, listing_id: listing });
    const before = await storedObjects();
    for (const bytes of [
      new TextEncoder().encode("just some text, honestly"),
      new Uint8Array([...ascii("GIF89a"), 1, 0, 1, 0, 0, 0, 0]),
    ]) {
      const res = await upload(owner, listing, bytes, "photo.jpg", "image/jpeg");
      expect(res.status).toBe(415);
      expect((await errorOf(res)).fields).toEqual({ file: "photo.error.type" });
    }
    expect(await storedObjects()).toBe(before);
    expect(await listingRows(listing)).toBe(1);
  });

  it("refuses more than 15 MB (413, by the route and by the body limit), too many pixels and too much decoding memory, storing nothing", async () => {
    const listing = await draft(owner.user.id);
    const before = await storedObjects();
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(pngHeader(100, 100));
    let res = await upload(owner, listing, big);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).fields).toEqual({ file: "photo.error.tooLarge" });
    res = await upload(owner, listing, new Uint8Array(PHOTO_UPLOAD_BODY_MAX_BYTES + 1));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).fields).toEqual({ file: "photo.error.tooLarge" });
    // 24 megapixels: refused from the header, before decoding.
    res = await upload(owner, listing, pngHeader(6000, 4000));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).fields).toEqual({ file: "photo.error.tooManyPixels" });
    // A progressive 12.6-megapixel JPEG (4:2:2): its coefficient buffer alone is 50 MB, whatever the scale —
    // too heavy for the isolate; the Images binding decodes it elsewhere, and finds its data runs out.
    res = await upload(owner, listing, withFrameSize(SMALL_JPEG, 4096, 3072));
    if (made === "isolate") {
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toMatchObject({ code: "photo_too_heavy", fields: { file: "photo.error.tooHeavy" } });
    } else {
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toMatchObject({ code: "unreadable_photo" });
    }
    // A valid header over junk: unreadable.
    res = await upload(owner, listing, pngHeader(100, 100));
    expect(res.status).toBe(415);
    expect(await storedObjects()).toBe(before);
    expect(await listingRows(listing)).toBe(0);
  });

  it("refuses as unreadable (415) a JPEG the decoder would read as another frame, of thousands of scans, or cut short", async () => {
    const listing = await draft(owner.user.id);
    const before = await storedObjects();
    const png = await gradientPng(300, 200);
    for (const bytes of [
      // A length walk finds 64 × 48; libjpeg, skipping `FF 00` as garbage, a frame above PHOTO_MAX_PIXELS.
      twoFacedJpeg(4096, 3073),
      // 2 000 scans: every one a pass over the image's blocks.
      manyScansJpeg(2000),
      truncated(SMALL_JPEG, 0.7),
      truncated(png, 0.6),
    ]) {
      const res = await upload(owner, listing, bytes);
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toMatchObject({
        code: "unreadable_photo",
        fields: { file: "photo.error.unreadable" },
      });
    }
    // A WebP cut short (the smallest variant of an accepted photo).
    const photo = await uploaded(owner, listing, png);
    const webp = new Uint8Array(await (await SELF.fetch(`${ORIGIN}${photo.variants[0]!.url}`)).arrayBuffer());
    const res = await upload(owner, listing, truncated(webp, 0.5), "photo.webp", "image/webp");
    expect(res.status).toBe(415);
    expect((await errorOf(res)).fields).toEqual({ file: "photo.error.unreadable" });
    expect(await storedObjects()).toBe(before + 2);
    expect(await listingRows(listing)).toBe(1);
  });

  it(`refuses photo number ${PHOTOS_PER_LISTING + 1} with a 409`, async () => {
    const listing = await draft(owner.user.id);
    await env.DB.batch(
      Array.from({ length: PHOTOS_PER_LISTING }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO listing_images (listing_id, position, width, height, seed, photo_key, master_key) VALUES (?, ?, 10, 10, 0, ?, ?)",
        ).bind(listing, i, `fill${listing}x${i}`, `masters/fill${listing}x${i}`),
      ),
    );
    const res = await upload(owner, listing, SMALL_JPEG);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields).toEqual({ file: "photo.error.tooMany" });
    expect(await listingRows(listing)).toBe(PHOTOS_PER_LISTING);
  });

  it("serves three WebP variants with their real sizes, immutable and cached", async () => {
    const listing = await draft(owner.user.id);
    const photo = await uploaded(owner, listing, await gradientPng(2000, 1500));
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
      [480, 360],
      [960, 720],
      [1600, 1200],
    ]);
    expect(photo.srcset).toContain("960w");
    for (const variant of photo.variants) {
      const res = await SELF.fetch(`${ORIGIN}${variant.url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const size = sniffPhoto(new Uint8Array(await res.arrayBuffer()));
      expect(size).toMatchObject({ format: "webp", width: variant.width, height: variant.height });
    }
    expect((await SELF.fetch(`${ORIGIN}/photos/${"0".repeat(32)}-480.webp`)).status).toBe(404);
    // A WebP upload decodes too: the smallest variant, sent back (named .png), keeps its size.
    const webp = new Uint8Array(await (await SELF.fetch(`${ORIGIN}${photo.variants[0]!.url}`)).arrayBuffer());
    const res = await upload(owner, listing, webp, "photo.png", "image/png");
    expect(res.status).toBe(201);
    expect((await res.json<{ data: ApiListingPhoto }>()).data).toMatchObject({ width: 480, height: 360 });
  });

  it("decodes a 12-megapixel JPEG already scaled down to the same picture, and refuses one whose data breaks off", async () => {
    const listing = await draft(owner.user.id);
    // 8 × 6 fields of grey, the same picture at every size.
    const levels = [30, 220, 90, 160, 60, 200, 120, 10, 250, 80, 140, 40, 180, 100, 230, 70];
    const picture = (width: number, height: number) => {
      const columns = Math.ceil(width / 8);
      const rows = Math.ceil(height / 8);
      return blocksJpeg(width, height, (bx, by) => {
        const field = Math.floor((by * 6) / rows) * 8 + Math.floor((bx * 8) / columns);
        return levels[(field * 7) % levels.length]!;
      });
    };
    const fingerprints: string[] = [];
    // 4096 × 3072 decodes at 1/2 (the master's size), 4000 × 3000 at 5/8 then averaged down, 640 × 480 whole.
    for (const [width, height, served] of [
      [4096, 3072, [1600, 1200]],
      [4000, 3000, [1600, 1200]],
      [640, 480, [640, 480]],
    ] as const) {
      const photo = await uploaded(owner, listing, picture(width, height));
      expect([photo.width, photo.height]).toEqual(served);
      const row = await env.DB.prepare("SELECT fingerprint FROM listing_images WHERE id = ?")
        .bind(photo.id)
        .first<{ fingerprint: string }>();
      fingerprints.push(row!.fingerprint);
    }
    for (const fingerprint of fingerprints.slice(1)) {
      expect(fingerprintDistance(fingerprint, fingerprints[0]!)).toBeLessThanOrEqual(PHOTO_MATCH_MAX_DISTANCE);
    }
    // Whole in structure, but its data ends halfway: libjpeg warns and would fill the rest grey.
    const whole = picture(640, 480);
    const cut = new Uint8Array([...whole.subarray(0, whole.length >> 1), 0xff, 0xd9]);
    expect(sniffPhoto(cut)).toMatchObject({ format: "jpeg", width: 640, height: 480 });
    const res = await upload(owner, listing, cut);
    expect(res.status).toBe(415);
    expect((await errorOf(res)).fields).toEqual({ file: "photo.error.unreadable" });
    // The decoder that refused it is replaced: the next photo decodes.
    await uploaded(owner, listing, picture(320, 240));
    expect(await listingRows(listing)).toBe(4);
  });

  it("applies the EXIF orientation and serves no EXIF or GPS bytes in any variant", async () => {
    const listing = await draft(owner.user.id);
    const jpeg = withExif(SMALL_JPEG, 6);
    expect(contains(jpeg, GPS_SECONDS_BYTES)).toBe(true);
    const photo = await uploaded(owner, listing, jpeg);
    // Orientation 6: the stored 64 × 48 is shown turned, 48 × 64.
    expect([photo.width, photo.height]).toEqual([SMALL_JPEG_SIZE.height, SMALL_JPEG_SIZE.width]);
    for (const variant of photo.variants) {
      const bytes = new Uint8Array(await (await SELF.fetch(`${ORIGIN}${variant.url}`)).arrayBuffer());
      expect(sniffPhoto(bytes)).toMatchObject({ format: "webp" });
      for (const marker of [ascii("Exif"), ascii("EXIF"), ascii("XMP "), ascii("GPS"), GPS_SECONDS_BYTES]) {
        expect(contains(bytes, marker)).toBe(false);
      }
    }
  });
});

/** The colours at a variant's corners, top-left then clockwise, through a 2 × 2 PNG the Images binding makes. */
async function corners(url: string) {
  const webp = (await SELF.fetch(`${ORIGIN}${url}`)).body!;
  const small = await env.IMAGES.input(webp)
    .transform({ width: 2, height: 2, fit: "squeeze" })
    .output({ format: "image/png" });
  const { rgb } = await pngPixels(new Uint8Array(await new Response(small.image()).arrayBuffer()));
  const name = ([r, , b]: number[]) => (r! > b! ? "red" : "blue");
  return [rgb[0]!, rgb[1]!, rgb[3]!, rgb[2]!].map(name);
}

describe.each(CODECS)("rotation, made by %s", (made) => {
  beforeAll(() => {
    codec = made;
  });

  it("accepts and turns upright a 12.6-megapixel progressive 4:4:4 JPEG", async () => {
    const listing = await draft(owner.user.id);
    const jpeg = Uint8Array.from(atob(inject("progressiveJpeg")), (ch) => ch.charCodeAt(0));
    const res = await upload(owner, listing, withExif(jpeg, 6));
    if (made === "isolate") {
      // Its coefficient buffer (72 MB) is more than the isolate may spend on one photo (decision 054).
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toMatchObject({ code: "photo_too_heavy" });
      return;
    }
    expect(res.status).toBe(201);
    const photo = (await res.json<{ data: ApiListingPhoto }>()).data;
    // Orientation 6: 4096 × 3072 as stored, a 1536 × 2048 master upright, served up to its own width.
    expect([photo.width, photo.height]).toEqual([1536, 2048]);
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual(
      variantSizes(1536, 2048).map((v) => [v.width, v.height]),
    );
  });

  it("rotates clockwise, cumulatively, under a new key; the old variants are removed", async () => {
    const listing = await draft(owner.user.id);
    const photo = await uploaded(owner, listing, SMALL_JPEG);
    // SMALL_JPEG is red on the left, blue on the right.
    expect(await corners(photo.url)).toEqual(["red", "blue", "blue", "red"]);
    const rotate = (angle: number) =>
      call("/api/realty/edit/image/rotate", {
        body: { id: photo.id, angle },
        jar: owner.jar,
        ip: owner.ip,
        headers: codecHeaders(),
      });
    let res = await rotate(90);
    expect(res.status).toBe(200);
    const turned = (await res.json<{ data: ApiListingPhoto }>()).data;
    expect(turned).toMatchObject({ rotation: 90, width: 48, height: 64 });
    // Turned clockwise, the left (red) half is on top.
    expect(await corners(turned.url)).toEqual(["red", "red", "blue", "blue"]);
    expect(turned.url).not.toBe(photo.url);
    expect(await env.PHOTOS.head(photo.url.slice(1))).toBeNull();
    expect((await SELF.fetch(`${ORIGIN}${turned.url}`)).status).toBe(200);
    res = await rotate(180);
    expect((await res.json<{ data: ApiListingPhoto }>()).data).toMatchObject({ rotation: 270, width: 48, height: 64 });
    res = await rotate(90);
    expect((await res.json<{ data: ApiListingPhoto }>()).data).toMatchObject({ rotation: 0, width: 64, height: 48 });
    expect((await rotate(45)).status).toBe(400);
  });
});

describe("rotate, order, delete", () => {
  beforeAll(() => {
    codec = "images";
  });

  it("orders the photos (first is the cover) and refuses an incomplete order", async () => {
    const listing = await draft(owner.user.id);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await uploaded(owner, listing, SMALL_JPEG)).id);
    const order = (list: number[]) =>
      call("/api/realty/edit/image/order", { body: { id: listing, ids: list }, jar: owner.jar, ip: owner.ip });
    const res = await order([...ids].reverse());
    expect(res.status).toBe(200);
    const photos = (await res.json<{ data: ApiListingPhoto[] }>()).data;
    expect(photos.map((p) => [p.id, p.position])).toEqual([
      [ids[2], 0],
      [ids[1], 1],
      [ids[0], 2],
    ]);
    expect((await order([ids[0]!, ids[1]!])).status).toBe(400);
    expect((await order([ids[0]!, ids[0]!, ids[1]!])).status).toBe(400);
  });

  it("a deleted photo's variants answer 404 at once, though they were served and cached at the edge", async () => {
    const listing = await draft(owner.user.id);
    const photo = await uploaded(owner, listing, await gradientPng(1000, 750));
    for (const variant of photo.variants) await servedAndCached(variant.url);
    const res = await call(`/api/realty/edit/image/${photo.id}`, { method: "DELETE", jar: owner.jar, ip: owner.ip });
    expect(res.status).toBe(204);
    for (const variant of photo.variants) {
      expect((await SELF.fetch(`${ORIGIN}${variant.url}`)).status, variant.url).toBe(404);
    }
  });

  it(
    "turns one photo once at a time: 6 rotations at once leave no orphaned files, the others answer 409",
    {
      timeout: 30_000,
    },
    async () => {
      const listing = await draft(owner.user.id);
      const photo = await uploaded(owner, listing, await gradientPng(600, 450));
      const before = await allObjects();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call("/api/realty/edit/image/rotate", { body: { id: photo.id, angle: 90 }, jar: owner.jar, ip: owner.ip }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(
        statuses.every((s) => s === 200 || s === 409),
        statuses.join(),
      ).toBe(true);
      const turned = statuses.filter((s) => s === 200).length;
      expect(turned).toBeGreaterThanOrEqual(1);
      const busy = answers.find((r) => r.status === 409);
      if (busy) expect(await errorOf(busy)).toMatchObject({ code: "photo_busy", fields: { id: "photo.error.busy" } });
      const row = (await env.DB.prepare(
        "SELECT photo_key, rotation, rotating_until, width, height FROM listing_images WHERE id = ?",
      )
        .bind(photo.id)
        .first<{
          photo_key: string;
          rotation: number;
          rotating_until: number | null;
          width: number;
          height: number;
        }>())!;
      expect(row.rotation).toBe((turned * 90) % 360);
      expect(row.rotating_until).toBeNull();
      // Exactly the photo's files: the same master and the current key's variants, nothing else.
      const oldKey = photo.url.slice("/photos/".length, "/photos/".length + 32);
      const expected = [
        ...before.filter((key) => !key.includes(oldKey)),
        ...variantSizes(row.width, row.height).map((size) => `photos/${row.photo_key}-${size.width}.webp`),
      ].sort();
      expect(await allObjects()).toEqual(expected);
      // The next rotation is free again.
      const next = await call("/api/realty/edit/image/rotate", {
        body: { id: photo.id, angle: 90 },
        jar: owner.jar,
        ip: owner.ip,
      });
      expect(next.status).toBe(200);
    },
  );

  it(`limits rotations to ${PHOTO_ROTATIONS_PER_USER_PER_HOUR} an hour per account (429 naming angle)`, async () => {
    const turner = await signUpByPhone();
    const listing = await draft(turner.user.id);
    const photo = await uploaded(turner, listing, SMALL_JPEG);
    const rotate = () =>
      call("/api/realty/edit/image/rotate", { body: { id: photo.id, angle: 90 }, jar: turner.jar, ip: turner.ip });
    expect((await rotate()).status).toBe(200);
    // The hour's count so far, as PHOTO_ROTATIONS_PER_USER_PER_HOUR - 1 more rotations would leave it.
    await setRateLimitCount(`photo-rotate:user:${turner.user.id}`, PHOTO_ROTATIONS_PER_USER_PER_HOUR);
    const refused = await rotate();
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).fields).toHaveProperty("angle");
  });

  it("deletes a photo with its files", async () => {
    const listing = await draft(owner.user.id);
    const photo = await uploaded(owner, listing, SMALL_JPEG);
    const before = await storedObjects();
    const res = await call(`/api/realty/edit/image/${photo.id}`, { method: "DELETE", jar: owner.jar, ip: owner.ip });
    expect(res.status).toBe(204);
    expect(await listingRows(listing)).toBe(0);
    // The master and the one variant of a 64-px photo.
    expect(await storedObjects()).toBe(before - 2);
    expect(
      (await call(`/api/realty/edit/image/${photo.id}`, { method: "DELETE", jar: owner.jar, ip: owner.ip })).status,
    ).toBe(404);
  });
});

describe("owner only", () => {
  it("answers 404 to another user and for a missing listing, 401 without a session", async () => {
    const listing = await draft(owner.user.id);
    const photo = await uploaded(owner, listing, SMALL_JPEG);
    expect((await upload(stranger, listing, SMALL_JPEG)).status).toBe(404);
    expect((await upload(owner, 999_999_999, SMALL_JPEG)).status).toBe(404);
    expect((await upload(null, listing, SMALL_JPEG)).status).toBe(401);
    const as = { jar: stranger.jar, ip: stranger.ip };
    expect((await call("/api/realty/edit/image/rotate", { body: { id: photo.id, angle: 90 }, ...as })).status).toBe(
      404,
    );
    expect((await call("/api/realty/edit/image/order", { body: { id: listing, ids: [photo.id] }, ...as })).status).toBe(
      404,
    );
    expect((await call(`/api/realty/edit/image/${photo.id}`, { method: "DELETE", ...as })).status).toBe(404);
    expect((await call(`/api/realty/edit/image/${photo.id}`, { method: "DELETE" })).status).toBe(401);
    expect(await listingRows(listing)).toBe(1);
  });
});
