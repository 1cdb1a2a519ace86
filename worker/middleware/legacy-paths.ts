import { localizePath, splitLocale } from "#shared/locales.ts";
import { paths, STATIC_PAGES } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";

type Target = (query: URLSearchParams) => string | null;

/** A positive integer from a query parameter, or null. */
function idParam(query: URLSearchParams): string | null {
  const id = query.get("id");
  return id && /^[1-9]\d{0,15}$/.test(id) ? id : null;
}

function withId(build: (id: string) => string): Target {
  return (query) => {
    const id = idParam(query);
    if (!id) return null;
    query.delete("id");
    return build(id);
  };
}

/** Product §2 "Older unlocalised paths" and the old-style cabinet/admin names, keyed without the trailing slash. */
const LEGACY: Record<string, Target> = {
  "/about": () => STATIC_PAGES.about,
  "/adCreationPolicy": () => STATIC_PAGES.adCreationPolicy,
  "/favourites": () => STATIC_PAGES.favourites,
  "/media": () => paths.media(),
  "/media/view": (query) => {
    const tag = query.get("tag");
    const slug = query.get("slug");
    query.delete("tag");
    query.delete("slug");
    return tag && slug ? paths.media(tag, slug) : paths.media();
  },
  "/moderationAdvice": () => STATIC_PAGES.moderationAdvice,
  "/privacyPolicy": () => STATIC_PAGES.privacyPolicy,
  "/realty/search": () => paths.search(),
  "/realty/view": withId(paths.realty),
  "/thankYou": () => STATIC_PAGES.thankYou,
  "/unsubscribe": () => STATIC_PAGES.unsubscribe,
  "/userAgreement": () => STATIC_PAGES.userAgreement,
  "/cabinet/paymentError": () => privatePaths.cabinet.paymentError(),
  "/cabinet/paymentSuccess": () => privatePaths.cabinet.paymentSuccess(),
  "/cabinet/personal": () => privatePaths.cabinet.personal(),
  "/cabinet/realtyCreate": () => paths.listing.create(),
  "/cabinet/realtyEdit": withId(privatePaths.listing.edit),
  "/cabinet/realtyPreview": withId(privatePaths.listing.preview),
  "/cabinet/savedSearches": () => privatePaths.cabinet.savedSearches(),
  "/admin/realtyPreview": withId(privatePaths.admin.listingPreview),
};

/**
 * Where a legacy path now lives: the localized new path with the remaining query, or null when the
 * path is not a legacy one (or lacks the id it needs, which then ends as a 404).
 */
export function legacyRedirect(pathname: string, search: string): string | null {
  const { locale, rest } = splitLocale(pathname);
  const key = rest.length > 1 && rest.endsWith("/") ? rest.slice(0, -1) : rest;
  const target = LEGACY[key];
  if (!target) return null;
  const query = new URLSearchParams(search);
  const path = target(query);
  if (!path) return null;
  const qs = query.toString();
  const location = localizePath(path, locale) + (qs ? `?${qs}` : "");
  // `/about/` is both the legacy key's slash form and the new page: nothing to redirect.
  return location === pathname + search ? null : location;
}
