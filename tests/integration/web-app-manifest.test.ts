import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PWA_USER_PARAM, PWA_USER_VALUE } from "#shared/constants.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";
import { APPLE_TOUCH_ICON, THEME_COLOUR } from "#worker/pwa/brand.ts";

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual" });

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  shortcuts: { name: string; url: string }[];
}

async function manifest(path: string) {
  const res = await get(path);
  return { res, body: (await res.json()) as Manifest };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): [number, number] {
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

const LANGUAGES = [
  ["/manifest.webmanifest", "en", "/", "Kvadrat — real estate in Serbia"],
  ["/ru/manifest.webmanifest", "ru", "/ru/", "Kvadrat — недвижимость в Сербии"],
  ["/sr/manifest.webmanifest", "sr", "/sr/", "Kvadrat — nekretnine u Srbiji"],
] as const;

describe("the web app manifest", () => {
  it.each(LANGUAGES)(
    "%s: the app in %s, opening on its home page flagged pwa_user=yes",
    async (path, lang, home, name) => {
      const { res, body } = await manifest(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/manifest+json");
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(body).toMatchObject({ id: "/", scope: "/", lang, dir: "ltr", display: "standalone", name });
      expect(body.short_name).toBe("Kvadrat");
      expect(body.description.length).toBeGreaterThan(20);
      expect(body.start_url).toBe(`${home}?${PWA_USER_PARAM}=${PWA_USER_VALUE}`);
      expect(body.theme_color).toBe(THEME_COLOUR);
      expect(body.background_color).toMatch(/^#[0-9a-f]{6}$/);
      for (const shortcut of body.shortcuts) expect(shortcut.url).toMatch(new RegExp(`^${home}\\S*\\?pwa_user=yes$`));
    },
  );

  it("names different texts per language, the same app", async () => {
    const bodies = await Promise.all(LANGUAGES.map(async ([path]) => (await manifest(path)).body));
    expect(new Set(bodies.map((b) => b.description)).size).toBe(3);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies[1]!.shortcuts.map((s) => s.name)).toEqual(["Поиск", "Избранное"]);
  });

  it("has PNG icons of 192 and 512 pixels for any use and maskable, each in the build's files", async () => {
    const { body } = await manifest("/manifest.webmanifest");
    const kinds = body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
    expect(kinds).toEqual(["192x192 any", "192x192 maskable", "512x512 any", "512x512 maskable"]);
    for (const icon of [...body.icons, { src: APPLE_TOUCH_ICON.path, sizes: "180x180", type: "image/png" }]) {
      expect(icon.type).toBe("image/png");
      const res = await env.ASSETS.fetch(`${ORIGIN}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(pngSize(bytes).join("x"), icon.src).toBe(icon.sizes);
      expect(bytes.length, icon.src).toBeLessThan(16 * 1024);
    }
  });

  it("exists only at the root of each language", async () => {
    for (const path of ["/de/manifest.webmanifest", "/about/manifest.webmanifest"]) {
      const res = await get(path);
      await res.arrayBuffer();
      expect(res.headers.get("content-type"), path).not.toBe("application/manifest+json");
    }
  });
});

/** The PWA tags of a document's head, in order. */
const headTags = (html: string) =>
  /<head>([\s\S]*?)<\/head>/
    .exec(html)![1]!
    .match(/<link rel="(?:manifest|apple-touch-icon)"[^>]*>|<meta name="theme-color"[^>]*>/g);

describe("every page's head", () => {
  it.each([
    ["/", "/manifest.webmanifest"],
    ["/about/", "/manifest.webmanifest"],
    ["/ru/search/", "/ru/manifest.webmanifest"],
    ["/sr/favourites/", "/sr/manifest.webmanifest"],
    ["/ru/no-such-page/", "/ru/manifest.webmanifest"],
    ["/sr/offline/", "/sr/manifest.webmanifest"],
  ])("%s links %s, the theme colour and the home-screen icon, once each", async (path, href) => {
    const html = await (await get(path)).text();
    expect(headTags(html)).toEqual([
      `<link rel="manifest" href="${href}">`,
      `<meta name="theme-color" content="${THEME_COLOUR}">`,
      `<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON.path}">`,
    ]);
  });
});
