/**
 * The page types the quality harness visits, in every locale, with the status each must
 * answer. Detail and article pages use a real listing / article when the database has one.
 */
import { LOCALES, type Locale, localizePath } from "#shared/locales.ts";
import { SAVED_SEARCH_COOKIE_NAME } from "#shared/constants.ts";
import { parseGuestSearches, serializeGuestSearches } from "#shared/saved-search-cookie.ts";
import { DEV_ACCOUNTS, type DevAccount } from "#harness/seed/accounts.ts";
import { unsubscribeToken } from "#worker/auth/unsubscribe-token.ts";
import { encodePng } from "#worker/images/png.ts";

/** A desktop Chrome user agent: curl-like agents are bots and get the fully resolved document. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export type PageType =
  | "home"
  | "search"
  | "list"
  // The list page's map view (decision 044): the switch, the map pane and, for Nu, its no-JS area form.
  | "list-map"
  | "detail"
  | "media"
  | "tag"
  | "article"
  | "about"
  | "faq"
  | "privacy"
  // How to rent and buy safely (decision 083): the footer and the scam warnings link to it.
  | "safety"
  // Trust in numbers (decision 089): the site's live figures, linked from the footer.
  | "trust"
  // Agencies' public pages (decision 103): the directory by city (the footer links it) and an agency's page.
  | "agencies"
  | "agency"
  | "favourites"
  | "sign-in"
  | "not-found"
  | "error"
  // Signed-in pages: the listing wizard and the previews, as the development user / admin.
  | "listing-create"
  | "wizard-params"
  | "wizard-check"
  | "owner-preview"
  | "admin-preview"
  // Decision 038: My listings, a listing's statistics, the moderation queue (signed in); reporting a listing
  // and the expiry reminder's renewal page (guests).
  | "cabinet"
  | "owner-statistics"
  | "moderation"
  | "conversation-reports"
  // The back office's articles (decision 059), their list and the editor of the seed's first.
  | "admin-articles"
  | "admin-article"
  | "admin-payments"
  | "admin-prices"
  | "messages"
  | "messages-thread"
  // Decision 041: the account's favourites, one of them taken off the site (signed in).
  | "cabinet-favourites"
  // Decisions 098–104: the agency's cabinet as its manager sees it (every section), and founding one (the
  // development user has no agency).
  | "cabinet-agency"
  | "cabinet-agency-found"
  // The account's own data, with the profile picture the samples give the development user (decision 050).
  | "personal"
  | "report"
  | "renew"
  // Decision 084: the availability e-mail's one-click page (guests).
  | "availability"
  // Decision 040: a listing's packages, the phone reveal's payment, the sandbox provider, the success and error
  // pages of a payment and the transactions (signed in).
  | "payment"
  | "payment-reveal"
  | "payment-sandbox"
  | "payment-success"
  | "payment-error"
  | "payment-transactions"
  // Decision 041: the development user's saved searches (the seed's), and a guest's on the favourites page.
  | "saved-searches"
  | "favourites-searches"
  // The back office's dashboard (chart and table) and the FAQ editor (as the admin).
  | "admin-dashboard"
  | "admin-faq"
  // An alert e-mail's unsubscribe link (guests).
  | "unsubscribe"
  // Decision 043: what the service worker shows for a page it can neither load nor read from its caches.
  | "offline"
  // The back office's people (the list, the development user's page), a listing and the audit log.
  | "admin-users"
  | "admin-user"
  | "admin-listing"
  | "admin-audit"
  // Agencies' licence checks (decision 087): the list, and one agency awaiting a check with its forms.
  | "admin-agencies"
  | "admin-agency";

export interface AuditPage {
  type: PageType;
  locale: Locale;
  /** Path with the locale prefix and query. */
  path: string;
  /** Request headers for the document only (the error page's fault knob). */
  headers: Record<string, string>;
  /** The document status the page must answer. */
  status: number;
  /** The cookies (`name=value; …`) of a signed-in page, or of a guest who keeps something (saved searches). */
  cookie?: string;
  /** A short name for tables and file names: `en home`, `ru 404`… */
  name: string;
}

export interface PageSamples {
  detailPath: string;
  articlePath: string;
  /** The page of the directory's first agency (decision 103). */
  agencyPath: string;
  /** The development accounts' sessions and a listing of the user's, when the server let them sign in. */
  session?: SignedInSamples;
}

export interface SignedInSamples {
  user: string;
  admin: string;
  /** The manager of the seed's team agency: its cabinet with every section (harness/seed/agency-feed.ts). */
  manager: string;
  /** A draft of the user's, complete: the wizard's and the previews' sample. */
  listingId: number;
  /** A public listing of the user's: its statistics and its renewal page. */
  activeId: number;
  /** The user's conversation of the newest activity (one is started when they have none). */
  conversationId: number;
  /** The user's payments (decision 040): one left open (the sandbox page), one paid and one declined. */
  intents?: { open: string; paid: string; declined: string };
  /** A public listing of someone else's: the phone reveal's payment page. */
  foreignId?: number;
  /** An unsubscribe link's token of the user's for one of their saved searches (decision 041). */
  unsubscribeToken?: string;
  /** The development user's id: their page in the back office. */
  userId?: number;
}

/** Asks the API for an active listing and an article; falls back to the fixed example URLs. */
export async function pageSamples(baseURL: string): Promise<PageSamples> {
  const json = async (path: string) => {
    try {
      const res = await fetch(`${baseURL}${path}`, { headers: { "user-agent": BROWSER_UA } });
      return res.ok ? ((await res.json()) as { items?: Record<string, unknown>[] }) : {};
    } catch {
      return {};
    }
  };
  const listing = (await json("/api/seo/realty/list?per_page=1")).items?.[0];
  const directory = (await json("/api/agencies")) as unknown as {
    data?: { cities?: { agencies: { slug: string }[] }[] };
  };
  const agencySlug = directory.data?.cities?.[0]?.agencies[0]?.slug ?? "example";
  // The oldest of the newest 50: a seeded article, in every language (tests write newer ones, not always in all three).
  const article = (await json("/api/article?per_page=50")).items?.at(-1);
  const listingPath = typeof listing?.path === "string" ? listing.path : undefined;
  const detailPath = listingPath
    ? new URL(listingPath, baseURL).pathname.replace(/\/?$/, "/")
    : typeof listing?.id === "number"
      ? `/buy/apartment/beograd/${listing.id}/`
      : "/buy/apartment/beograd/1/";
  // An article lives under exactly its tag path (`/media/{tag…}/{slug}/`); anything else is a 404.
  const tagPath = Array.isArray(article?.tag_path) ? (article.tag_path as string[]) : ["market"];
  const slug = typeof article?.slug === "string" ? article.slug : "example";
  return {
    detailPath,
    articlePath: `/media/${[...tagPath, slug].join("/")}/`,
    agencyPath: `/agency/${agencySlug}/`,
    session: await signedInSamples(baseURL),
  };
}

/** The flat the audit's wizard pages show: its type, and a price that tells it from the seed's drafts. */
const SAMPLE_DRAFT = { type_id: 4, price: 123_456 };

/**
 * Signs in as the development user and admin (the seed's accounts, README) and gives the user a complete
 * draft flat to show in the wizard and the previews; undefined when the server refuses (no seed).
 */
async function signedInSamples(baseURL: string): Promise<SignedInSamples | undefined> {
  const headers = {
    "user-agent": BROWSER_UA,
    "content-type": "application/json",
    "x-requested-with": "XMLHttpRequest",
    origin: baseURL,
  };
  const post = (path: string, body: unknown, cookie = "") =>
    fetch(`${baseURL}${path}`, { method: "POST", headers: { ...headers, cookie }, body: JSON.stringify(body) });
  const signIn = async (role: DevAccount["role"]) => {
    const account = DEV_ACCOUNTS.find((a) => a.role === role)!;
    const res = await post("/api/auth/login", { login: account.email, password: account.password });
    if (!res.ok) throw new Error(`${role} sign-in: ${res.status}`);
    return res.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  };
  try {
    const [user, admin, manager] = [await signIn("user"), await signIn("admin"), await signIn("manager")];
    // The draft an earlier run made (the state outlives a run, and new drafts have a daily limit), known by
    // its price, else a new one: the seed's own drafts stay as the tests expect them.
    const drafts = await post("/api/cabinet/realties/active", { tab: "drafts", per_page: 50 }, user);
    const earlier = (
      (await drafts.json()) as { items?: { id: number; type_id: number; price: number | null }[] }
    ).items?.find((item) => item.type_id === SAMPLE_DRAFT.type_id && item.price === SAMPLE_DRAFT.price);
    const id =
      earlier?.id ??
      (
        (await (await post("/api/realty/edit/type", { type_id: SAMPLE_DRAFT.type_id }, user)).json()) as {
          data: { id: number };
        }
      ).data.id;
    const cities = (await (await fetch(`${baseURL}/api/cities`, { headers })).json()) as { items: { slug: string }[] };
    const steps: Record<string, Record<string, unknown>> = {
      params: {
        city: cities.items[0]!.slug,
        address: "Audit street 1",
        lat: 44.8,
        lng: 20.46,
        area: 58,
        rooms: 2,
        floor: 3,
        floors: 6,
      },
      description: { description: "A bright two-room flat for the accessibility audit, near a park.", lang: "en" },
      conditions: { price: SAMPLE_DRAFT.price },
    };
    for (const [step, values] of Object.entries(steps)) {
      const res = await post(`/api/realty/edit/${step}`, { id, ...values }, user);
      if (!res.ok) throw new Error(`${step}: ${res.status} ${await res.text()}`);
    }
    const mine = await post("/api/cabinet/realties/active", { tab: "active", per_page: 1 }, user);
    const activeId = ((await mine.json()) as { items: { id: number }[] }).items[0]!.id;
    const contacts = async () =>
      (
        (await (await post("/api/cabinet/messages/contacts", { per_page: 1 }, user)).json()) as {
          items: { id: number }[];
        }
      ).items;
    if (!(await contacts()).length)
      await post("/api/cabinet/messages/create", { realty_id: activeId, text: "Is it still available?" }, admin);
    const conversationId = (await contacts())[0]!.id;
    const me = (await (
      await fetch(`${baseURL}/api/cabinet/user`, { headers: { ...headers, cookie: user } })
    ).json()) as {
      data: { id: number; image_url: string | null };
    };
    if (!me.data.image_url) await pictureSample(baseURL, user);
    const agency = (await (
      await fetch(`${baseURL}/api/cabinet/agency`, { headers: { ...headers, cookie: manager } })
    ).json()) as { data: { profile: { logo: unknown } | null } | null };
    if (!agency.data?.profile?.logo) await pictureSample(baseURL, manager, "/api/agency/logo");
    const listings = (await (await fetch(`${baseURL}/api/realty/search?per_page=20`, { headers })).json()) as {
      items: { id: number; owner?: { id: number } }[];
    };
    let foreignId: number | undefined;
    for (const item of listings.items) {
      const res = await fetch(`${baseURL}/api/realty/${item.id}`, { headers });
      const detail = (await res.json()) as { data?: { owner: { id: number } } };
      if (detail.data && detail.data.owner.id !== me.data.id) {
        foreignId = item.id;
        break;
      }
    }
    // Without them the favourites page is audited as it is (the other signed-in pages do not depend on them).
    await favouriteSamples(baseURL, { user, admin }, steps, foreignId).catch(() => {});
    return {
      user,
      admin,
      manager,
      listingId: id,
      activeId,
      conversationId,
      intents: await paymentSamples(baseURL, user, activeId),
      foreignId,
      unsubscribeToken: await unsubscribeSample(baseURL, user, me.data.id),
      userId: me.data.id,
    };
  } catch {
    return undefined;
  }
}

/**
 * A profile picture for the development user (decision 050), through the photo pipeline: the personal page
 * and every signed-in page's header are audited showing one. The same picture is the manager's agency logo
 * (`path` its upload's, decision 104): the agency's cabinet is audited showing it.
 */
async function pictureSample(baseURL: string, cookie: string, path = "/api/cabinet/update-image") {
  const side = 240;
  const rgb = new Uint8Array(side * side * 3);
  for (let i = 0; i < rgb.length; i += 3) rgb.set([40 + ((i / 3) % side), 90, 160], i);
  const form = new FormData();
  form.set("image", new File([await encodePng(side, side, rgb)], "audit.png", { type: "image/png" }));
  const res = await fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { "user-agent": BROWSER_UA, "x-requested-with": "XMLHttpRequest", origin: baseURL, cookie },
    body: form,
  });
  if (!res.ok) throw new Error(`picture: ${res.status} ${await res.text()}`);
}

/**
 * A token like those the alerts' e-mails carry, for a saved search of the user's (the seed gives them some):
 * signed as the served build signs it in development (its development key), so the page shows the choices.
 */
async function unsubscribeSample(baseURL: string, cookie: string, userId: number): Promise<string | undefined> {
  const res = await fetch(`${baseURL}/api/saved-searches`, { headers: { "user-agent": BROWSER_UA, cookie } });
  const items = ((await res.json()) as { items?: { id: number; notify: boolean }[] }).items ?? [];
  // One whose alerts are on: the page then offers its button.
  const search = items.find((item) => item.notify) ?? items[0];
  if (!search) return undefined;
  const env = { ENVIRONMENT: "development" } as Env;
  return unsubscribeToken(env, userId, { kind: "saved_search", id: search.id }, Date.now());
}

/**
 * The development user's favourites for their cabinet page (decision 041): a public listing of someone else's, and
 * one taken off the site since it was saved — a flat of their own like the wizard's sample, published and
 * archived — unless an earlier run left one (the audit's database outlives a run).
 */
async function favouriteSamples(
  baseURL: string,
  cookies: { user: string; admin: string },
  listing: Record<string, Record<string, unknown>>,
  foreignId: number | undefined,
) {
  const call = async (path: string, cookie: string, body?: unknown) => {
    const res = await fetch(`${baseURL}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        "user-agent": BROWSER_UA,
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
        origin: baseURL,
        cookie,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: { id: number }; items: { available: boolean }[] };
  };
  if (foreignId) await call("/api/cabinet/realties/add-favorite", cookies.user, { id: foreignId });
  const saved = await call(
    "/api/cabinet/realties/favorite-realties?include_unavailable=true&per_page=50",
    cookies.user,
  );
  if (saved.items.some((item) => !item.available)) return;
  const { id } = (await call("/api/realty/edit/type", cookies.user, { type_id: 4 })).data;
  for (const [step, values] of Object.entries(listing)) {
    await call(`/api/realty/edit/${step}`, cookies.user, { id, ...values });
  }
  await call("/api/realty/edit/force", cookies.user, { id });
  await call(`/api/admin/realty/${id}/approve`, cookies.admin, {});
  await call("/api/cabinet/realties/add-favorite", cookies.user, { id });
  await call(`/api/cabinet/realties/${id}/archive`, cookies.user, {});
}

/**
 * The development user's payments for the payment pages (decision 040): those of an earlier run when there are
 * (the audit's database outlives a run, and each paid one would stack another week of promotion), otherwise
 * made through the sandbox. Undefined when payments are not available: those pages' audits then fail, naming them.
 */
async function paymentSamples(baseURL: string, cookie: string, activeId: number) {
  const headers = {
    "user-agent": BROWSER_UA,
    "content-type": "application/json",
    "x-requested-with": "XMLHttpRequest",
    origin: baseURL,
    cookie,
  };
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${baseURL}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: { id: string; status: string } };
  };
  try {
    const listed = await fetch(`${baseURL}/api/cabinet/payment/transactions?per_page=50`, { headers });
    const items = listed.ok ? ((await listed.json()) as { items: { id: string; status: string }[] }).items : [];
    const find = (status: string) => items.find((item) => item.status === status)?.id;
    const intent = async () =>
      (await call("/api/cabinet/payment/intent", { realty_id: activeId, product: "top_7" })).data.id;
    // The open one last: a purchase has one open intent (decision 049), which a new intent() answers again.
    const paid =
      find("succeeded") ?? (await call("/api/cabinet/payment/complete", { intent_id: await intent() })).data.id;
    const declined =
      find("failed") ??
      (await call("/api/cabinet/payment/failure", { intent_id: await intent(), reason: "declined" })).data.id;
    const open = find("created") ?? find("pending") ?? (await intent());
    return { open, paid, declined };
  } catch {
    return undefined;
  }
}

/** Signed-in page types (unprefixed paths), as whom, and the status each must answer. */
export function signedInPageTypes(
  session: SignedInSamples | undefined,
): { type: PageType; path: string; status: number; as: DevAccount["role"] }[] {
  // Without a session the pages are still listed: their audit fails, naming them, instead of vanishing.
  const id = session?.listingId ?? 0;
  return [
    { type: "listing-create", path: "/listing/create/", status: 200, as: "user" },
    { type: "wizard-params", path: `/listing/edit/${id}/?step=params`, status: 200, as: "user" },
    { type: "wizard-check", path: `/listing/edit/${id}/?step=check`, status: 200, as: "user" },
    { type: "owner-preview", path: `/listing/preview/${id}/`, status: 200, as: "user" },
    { type: "admin-preview", path: `/admin/listing/preview/${id}/`, status: 200, as: "admin" },
    { type: "cabinet", path: "/cabinet/", status: 200, as: "user" },
    { type: "owner-statistics", path: `/cabinet/statistics/${session?.activeId ?? 0}/`, status: 200, as: "user" },
    { type: "moderation", path: "/admin/moderation/", status: 200, as: "admin" },
    { type: "conversation-reports", path: "/admin/moderation/conversations/", status: 200, as: "admin" },
    { type: "admin-articles", path: "/admin/content/", status: 200, as: "admin" },
    { type: "admin-article", path: "/admin/content/articles/1/", status: 200, as: "admin" },
    { type: "messages", path: "/cabinet/messages/", status: 200, as: "user" },
    { type: "messages-thread", path: `/cabinet/messages/?c=${session?.conversationId ?? 0}`, status: 200, as: "user" },
    { type: "cabinet-favourites", path: "/cabinet/favourites/", status: 200, as: "user" },
    // Its manager: the profile, logo, members, feeds with a run's refusals, and photos not fetched.
    { type: "cabinet-agency", path: "/cabinet/agency/", status: 200, as: "manager" },
    { type: "cabinet-agency-found", path: "/cabinet/agency/", status: 200, as: "user" },
    { type: "personal", path: "/cabinet/personal/", status: 200, as: "user" },
    { type: "payment", path: `/cabinet/payment/?realty_id=${session?.activeId ?? 0}`, status: 200, as: "user" },
    {
      type: "payment-reveal",
      path: `/cabinet/payment/?product=phone_reveal&realty_id=${session?.foreignId ?? 0}`,
      status: 200,
      as: "user",
    },
    {
      type: "payment-sandbox",
      path: `/cabinet/payment/sandbox/?intent=${session?.intents?.open ?? "none"}`,
      status: 200,
      as: "user",
    },
    {
      type: "payment-success",
      path: `/cabinet/payment/success/?intent=${session?.intents?.paid ?? "none"}`,
      status: 200,
      as: "user",
    },
    {
      type: "payment-error",
      path: `/cabinet/payment/error/?intent=${session?.intents?.declined ?? "none"}`,
      status: 200,
      as: "user",
    },
    { type: "payment-transactions", path: "/cabinet/payment/", status: 200, as: "user" },
    { type: "saved-searches", path: "/cabinet/saved-searches/", status: 200, as: "user" },
    { type: "admin-dashboard", path: "/admin/", status: 200, as: "admin" },
    { type: "admin-faq", path: "/admin/content/faq/", status: 200, as: "admin" },
    { type: "admin-users", path: "/admin/users/", status: 200, as: "admin" },
    { type: "admin-user", path: `/admin/users/${session?.userId ?? 0}/`, status: 200, as: "admin" },
    { type: "admin-listing", path: `/admin/listings/${session?.activeId ?? 0}/`, status: 200, as: "admin" },
    { type: "admin-agencies", path: "/admin/agencies/", status: 200, as: "admin" },
    // Seeded user 10 is an agency awaiting its licence check (harness/seed/people.ts): the page with its forms.
    { type: "admin-agency", path: "/admin/agencies/10/", status: 200, as: "admin" },
    { type: "admin-audit", path: "/admin/audit/", status: 200, as: "admin" },
    // The ledger with the refund form of the session's paid intent open (when it is on the first page).
    {
      type: "admin-payments",
      path: `/admin/payments/?refund=${session?.intents?.paid ?? "none"}`,
      status: 200,
      as: "admin",
    },
    { type: "admin-prices", path: "/admin/payments/prices/", status: 200, as: "admin" },
  ];
}

/** A guest's saved searches (the saved-search cookie): a list page's search with refinements, and a text search. */
const GUEST_SEARCHES_COOKIE = `${SAVED_SEARCH_COOKIE_NAME}=${serializeGuestSearches(
  parseGuestSearches(
    JSON.stringify([
      { q: "deal=sale&type=4&city=beograd&price_max=150000&rooms=2&rooms=3", n: null, t: 2 },
      { q: "deal=rent&area_min=50&furnished=true&q=garden", n: "Garden flats", t: 1 },
    ]),
  ),
)}`;

/** The id at the end of a listing's detail path (`/buy/apartment/beograd/123/`). */
const listingIdOf = (path: string) => path.split("/").filter(Boolean).at(-1);

/** Unprefixed (en) path of each page type and the status it must answer. */
export function pageTypes(
  samples: PageSamples,
): { type: PageType; path: string; status: number; headers?: Record<string, string>; cookie?: string }[] {
  return [
    { type: "home", path: "/", status: 200 },
    // A search meant for search engines (text searches are `noindex` by design, decision 012).
    { type: "search", path: "/search/?deal=sale&city=beograd&rooms=2", status: 200 },
    { type: "list", path: "/buy/apartment/beograd/", status: 200 },
    { type: "list-map", path: "/buy/apartment/beograd/?view=both", status: 200 },
    { type: "detail", path: samples.detailPath, status: 200 },
    { type: "media", path: "/media/", status: 200 },
    { type: "tag", path: "/media/market/", status: 200 },
    { type: "article", path: samples.articlePath, status: 200 },
    { type: "about", path: "/about/", status: 200 },
    { type: "faq", path: "/faq/", status: 200 },
    { type: "privacy", path: "/privacy-policy/", status: 200 },
    { type: "safety", path: "/safety/", status: 200 },
    { type: "trust", path: "/trust/", status: 200 },
    { type: "agencies", path: "/agencies/", status: 200 },
    { type: "agency", path: samples.agencyPath, status: 200 },
    { type: "favourites", path: "/favourites/", status: 200 },
    { type: "favourites-searches", path: "/favourites/", status: 200, cookie: GUEST_SEARCHES_COOKIE },
    // The sign-in dialog over a page: where every link to a guarded page leads a guest (decision 007).
    { type: "sign-in", path: "/?auth=signin", status: 200 },
    { type: "not-found", path: "/no-such-page/", status: 404 },
    { type: "report", path: `/listing/report/${listingIdOf(samples.detailPath)}/`, status: 200 },
    // A well-formed token: the page shows the listing and its button (only posting it checks the signature).
    {
      type: "renew",
      path: `/listing/renew/${samples.session?.activeId ?? 0}/?token=0.${"A".repeat(43)}`,
      status: 200,
    },
    // The same for the availability question's "still available" link (decision 084).
    {
      type: "availability",
      path: `/listing/availability/${samples.session?.activeId ?? 0}/?token=0.${"A".repeat(43)}&outcome=available`,
      status: 200,
    },
    { type: "error", path: "/about/", status: 500, headers: { "x-debug-fault": "loader" } },
    // An e-mail's unsubscribe link for a saved search: what it stops, and stop all (no sign-in).
    { type: "unsubscribe", path: `/unsubscribe/?token=${samples.session?.unsubscribeToken ?? ""}`, status: 200 },
    // The offline page as the service worker sends a visitor to it (decision 043), online here.
    { type: "offline", path: "/offline/?from=/about/", status: 200 },
  ];
}

/** Every page type in every locale (en, ru, sr). */
/**
 * Every page type in one language each, the languages taking turns down the list so that each is
 * audited on a third of the types: what `npm test` audits (`npm run audit` still audits every page in every
 * language). Which language a type gets follows its place in the list, so a run is repeatable.
 */
export function auditPagesOneLocaleEach(samples: PageSamples): AuditPage[] {
  const all = auditPages(samples);
  const types = [...new Set(all.map((page) => page.type))];
  const codes = LOCALES.map((l) => l.code);
  return all.filter((page) => codes[types.indexOf(page.type) % codes.length] === page.locale);
}

export function auditPages(samples: PageSamples, locales: readonly Locale[] = LOCALES.map((l) => l.code)): AuditPage[] {
  const pages = [
    ...pageTypes(samples),
    ...signedInPageTypes(samples.session).map(({ as, ...page }) => ({ ...page, cookie: samples.session?.[as] ?? "" })),
  ];
  return locales.flatMap((locale) =>
    pages.map((page) => ({
      type: page.type,
      locale,
      path: localizePath(page.path, locale),
      headers: "headers" in page ? (page.headers ?? {}) : {},
      status: page.status,
      name: `${locale} ${page.type}`,
      ...("cookie" in page ? { cookie: page.cookie } : {}),
    })),
  );
}
