/**
 * The one-time sign-in link of `npm run ops -- admin` (decision 057): `GET /auth/link/?token=…` (and under
 * `/ru/`, `/sr/`) shows a page with one "Sign in" button — a GET never signs in, so a link preview or a
 * mail scanner that opens the link uses nothing — whose form POSTs the token back. The POST uses the link
 * (single use, unexpired), starts an ordinary session (the session cookies of decision 006, not
 * remembered) and sends the person to the back office. A used, expired or unknown link, or a blocked
 * account, is a page saying so in the visitor's language — never a 5xx for what the link is. Both answers
 * are `no-store`, `noindex` and send no referrer (the token is in the address).
 */
import { type Context, Hono } from "hono";
import { SAVED_SEARCH_COOKIE_NAME } from "#shared/constants.ts";
import { type Locale, localizePath, splitLocale } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { originOf } from "#shared/same-origin.ts";
import type { AppEnv } from "./app-env.ts";
import { hashSignInToken, SIGN_IN_LINK_PATH, SIGN_IN_TOKEN } from "./auth/sign-in-link.ts";
import { accessTokenFor, clearedSavedSearchCookie, policyOf, sessionCookies } from "./auth/session.ts";
import { issueRefreshToken } from "./auth/tokens.ts";
import { authUnavailable } from "./auth/flows.ts";
import { summaryRole } from "./auth/users.ts";
import { consumeSignInLink, signInLinkUsable } from "./db/staff.ts";
import { findUserById, rolesOf, setUserLocale } from "./db/users.ts";
import { nowOf } from "./http/request-clock.ts";
import { overLimit, perAddress } from "./middleware/throttle.ts";

/** Presses of the button per address and hour: tokens are unguessable; this bounds the lookups. */
const SIGN_IN_LINK_POSTS_PER_HOUR = 30;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Refusal = "used" | "expired" | "unknown" | "blocked";

function page(
  c: Context<AppEnv>,
  locale: Locale,
  status: 200 | 400 | 403 | 404 | 410 | 429 | 503,
  body: (t: (id: string, values?: Record<string, string>) => string) => string,
  title: string,
) {
  const { intl } = textCatalog(locale);
  const t = (id: string, values?: Record<string, string>) => escape(intl.formatMessage({ id }, values));
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${t(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<main>${body(t)}</main>
</body></html>`;
  return c.html(html, status, {
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "no-referrer",
  });
}

function refusedPage(c: Context<AppEnv>, locale: Locale, refusal: Refusal, reason?: string | null) {
  const status = refusal === "unknown" ? 404 : refusal === "blocked" ? 403 : 410;
  const title = `signInLink.${refusal}Title`;
  return page(
    c,
    locale,
    status,
    (t) =>
      `<h1>${t(title)}</h1>
<p>${refusal === "blocked" ? t("auth.error.blocked", { reason: reason ?? "" }) : t("signInLink.again")}</p>
<p><a href="${localizePath("/", locale)}">${t("signInLink.home")}</a></p>`,
    title,
  );
}

export const signInLinks = new Hono<AppEnv>();

for (const prefix of ["", "/ru", "/sr"]) {
  const path = `${prefix}${SIGN_IN_LINK_PATH}`;
  signInLinks.get(path, async (c) => {
    const { locale } = splitLocale(c.req.path);
    const token = c.req.query("token") ?? "";
    if (!SIGN_IN_TOKEN.test(token)) return refusedPage(c, locale, "unknown");
    const state = await signInLinkUsable(c.env.DB, await hashSignInToken(token), nowOf(c));
    if (state !== "usable") return refusedPage(c, locale, state);
    return page(
      c,
      locale,
      200,
      (t) => `<h1>${t("signInLink.title")}</h1>
<p>${t("signInLink.lead")}</p>
<form method="post" action="${path}">
<input type="hidden" name="token" value="${escape(token)}">
<button type="submit" style="font:inherit;padding:.5rem 1.5rem">${t("signInLink.button")}</button>
</form>`,
      "signInLink.title",
    );
  });

  signInLinks.post(path, async (c) => {
    const { locale } = splitLocale(c.req.path);
    // Another site's form must not sign a visitor in to an account of its choosing (login CSRF).
    if (originOf(c.req.raw) === "cross") return refusedPage(c, locale, "unknown");
    const limited = await overLimit(c, [perAddress(c, "sign-in-link", SIGN_IN_LINK_POSTS_PER_HOUR, 3600)]);
    if (limited) return page(c, locale, 429, (t) => `<h1>${t("signInLink.unknownTitle")}</h1>`, "signInLink.title");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === "string" ? form.token : "";
    if (!SIGN_IN_TOKEN.test(token)) return refusedPage(c, locale, "unknown");
    const unavailable = authUnavailable(c);
    if (unavailable) return page(c, locale, 503, (t) => `<h1>${t("signInLink.title")}</h1>`, "signInLink.title");
    const now = nowOf(c);
    const used = await consumeSignInLink(c.env.DB, await hashSignInToken(token), now);
    if ("refused" in used) return refusedPage(c, locale, used.refused);
    const user = await findUserById(c.env.DB, used.userId);
    if (!user) return refusedPage(c, locale, "unknown");
    if (user.blocked_at !== null) return refusedPage(c, locale, "blocked", user.blocked_reason);
    const refresh = await issueRefreshToken(c.env.DB, { userId: user.id, remember: false, now });
    await setUserLocale(c.env.DB, user.id, locale);
    const access = await accessTokenFor(
      c,
      { userId: user.id, role: summaryRole(rolesOf(user.roles)), familyId: refresh.familyId },
      now,
    );
    const policy = policyOf(c);
    const headers = new Headers({
      Location: localizePath(privatePaths.admin.home(), locale),
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    });
    for (const cookie of sessionCookies(policy, { access, refresh, remember: false }, now)) {
      headers.append("Set-Cookie", cookie);
    }
    if (c.req.header("cookie")?.includes(`${SAVED_SEARCH_COOKIE_NAME}=`)) {
      headers.append("Set-Cookie", clearedSavedSearchCookie(policy));
    }
    return new Response(null, { status: 303, headers });
  });
}
