import { Hono } from "hono";
import { PWA_USER_PARAM, PWA_USER_VALUE } from "#shared/constants.ts";
import { LOCALES, type Locale, localizePath } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { paths } from "#shared/paths.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { BACKGROUND_COLOUR, MANIFEST_ICONS, THEME_COLOUR } from "./brand.ts";

/** The web app manifest's path, locale-free: `/manifest.webmanifest`, `/ru/manifest.webmanifest`, … */
export const MANIFEST_PATH = "/manifest.webmanifest";

/** A page of the installed app: the path in `locale` with product §2's `?pwa_user=yes`. */
const appUrl = (path: string, locale: Locale) => `${localizePath(path, locale)}?${PWA_USER_PARAM}=${PWA_USER_VALUE}`;

/**
 * The web app manifest of one language (decision 043): names from the locale catalog, the app
 * opening on that language's home page flagged `pwa_user=yes`. One `id` and `scope` for every
 * language, so installing from any of them is the same app.
 */
function webAppManifest(locale: Locale) {
  const { intl } = textCatalog(locale);
  const t = (id: string) => intl.formatMessage({ id });
  return {
    id: "/",
    name: t("manifest.name"),
    short_name: t("manifest.shortName"),
    description: t("manifest.description"),
    lang: locale,
    dir: "ltr",
    start_url: appUrl(paths.home(), locale),
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: MANIFEST_ICONS.map(({ path, size, purpose }) => ({
      src: path,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    })),
    shortcuts: [
      { name: t("manifest.shortcut.search"), url: appUrl(paths.search(), locale) },
      { name: t("manifest.shortcut.favourites"), url: appUrl(paths.page("favourites"), locale) },
    ],
    categories: ["lifestyle", "shopping"],
  };
}

/** A day: a new name or icon reaches installed apps within one, and no page waits on it. */
const MANIFEST_CACHE_CONTROL = "public, max-age=86400";

/**
 * `GET /manifest.webmanifest` and `/{ru|sr}/manifest.webmanifest`. Answered before the page
 * middleware (like `/builds/…`): no session, no page cache, no trailing-slash redirect.
 */
export const manifests = new Hono<AppEnv>();
const bodies = new Map<Locale, string>();
for (const { code } of LOCALES) {
  manifests.get(localizePath(MANIFEST_PATH, code), (c) => {
    // Written on first request, once per language and isolate (not at start-up: the catalog parses).
    let body = bodies.get(code);
    if (body === undefined) bodies.set(code, (body = JSON.stringify(webAppManifest(code))));
    return c.body(body, 200, { "Content-Type": "application/manifest+json", "Cache-Control": MANIFEST_CACHE_CONTROL });
  });
}
