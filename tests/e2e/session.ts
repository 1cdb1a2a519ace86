import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { closeWatched, watchProblems } from "./browser.ts";

/**
 * A visitor of a browser test: a context of its own (cookies, address) and a page whose problems are
 * checked when it closes. For tests that need several visitors at once, where `pagePerTest` gives one.
 */
export interface Session {
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** The visitor's address (`cf-connecting-ip`). */
  ip: string;
}

export interface SessionOptions {
  /** JavaScript on (the default) or off. */
  js?: boolean;
  locale?: string;
}

const baseURL = inject("baseURL");

/** Without JavaScript the CSP-bound module preloads are refused (an expected problem). */
export const CSP_PRELOADS = /^requestfailed: \S+ csp$/;

/** A lazily loaded script or its stylesheet (a route's chunk, the map's) a full navigation left loading. */
export const LEFT_SCRIPTS = /^requestfailed: \S+\/assets\/[\w.-]+\.(js|css) net::ERR_ABORTED$/;

/**
 * The wizard's place lookups an owner typed past or left the page before they answered (type-ahead, the
 * address's and the pin's geocoding), and the map's style and tiles of a view left: aborted on purpose.
 */
export const ABANDONED_LOOKUPS =
  /^requestfailed: \S+\/(api\/location\/search|api\/geocoder\/(back|address-info)|api\/geocode\?|map\/tiles\/|map\/style\.json|tiles\/)\S* net::ERR_ABORTED$/;

/**
 * The per-visitor state a kept page asks for after hydration (decision 094), when the visitor navigates away
 * (a form post, a link) before it answers.
 */
export const LEFT_VISITOR_STATE = /^requestfailed: \S+\/api\/visitor(\?\S*)? net::ERR_ABORTED$/;

/** Chromium reports the `.data` revalidations React Router supersedes (after a post) as aborted requests. */
export const SUPERSEDED_DATA = /^requestfailed: \S+\/_\.data(\?\S*)? net::ERR_ABORTED$/;

const random = (below: number) => Math.floor(Math.random() * below);

/**
 * A random loopback address: the API's limits count per address, so each visitor has its own; loopback,
 * because development knobs (the payment sandbox, the outbox, the clock) answer loopback only.
 */
export const loopbackAddress = () => `127.${random(254) + 1}.${random(250)}.${random(250) + 1}`;

/**
 * Opens visitors in `browser` and closes them, checking that the page reported no problems but those in
 * `expected` (the ones the file's tests cause on purpose or that are not the page's); `close` takes more
 * for one visitor.
 */
export function sessions(browser: () => Browser, expected: readonly RegExp[]) {
  return {
    async open({ js = true, locale = "en-GB" }: SessionOptions = {}): Promise<Session> {
      const ip = loopbackAddress();
      const context = await browser().newContext({
        baseURL,
        locale,
        javaScriptEnabled: js,
        viewport: { width: 1280, height: 900 },
        extraHTTPHeaders: { "cf-connecting-ip": ip },
      });
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      return { context, page, problems: watchProblems(page), ip };
    },
    async close(session: Session, more: readonly RegExp[] = []) {
      await closeWatched(session.context);
      const known = [...expected, ...more];
      const unexpected = session.problems.filter((problem) => !known.some((re) => re.test(problem)));
      // Named in the message too: a run's summary keeps the message, not the diff.
      expect(unexpected, `problems on the page: ${unexpected.join("; ")}`).toEqual([]);
    },
  };
}

/** An API call with the context's cookies, as the site's own scripts make it. */
export async function api<T = unknown>(context: BrowserContext, method: string, path: string, body?: unknown) {
  const res = await context.request.fetch(path, {
    method,
    data: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      "x-requested-with": "XMLHttpRequest",
      origin: baseURL,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
  });
  return { status: res.status(), body: (await res.json().catch(() => null)) as T };
}

/** Signs a development account in through the API, in the context's cookies. */
export async function signIn(context: BrowserContext, role: "user" | "admin") {
  const account = DEV_ACCOUNTS.find((a) => a.role === role)!;
  const res = await api(context, "POST", "/api/auth/login", {
    login: account.email,
    password: account.password,
    remember_me: false,
  });
  expect(res.status).toBe(200);
}

/**
 * Signs a new account up by a phone code through the API (the code read from the development outbox), in
 * the cookies of `context` (a browser context or a page). An owner of its own for a test that drafts: the
 * development user's DRAFTS_PER_USER_PER_DAY are shared by every file.
 */
export async function signUp(context: { request: APIRequestContext }, name: string) {
  const phone = `+38166${String(random(1e7)).padStart(7, "0")}`;
  expect((await context.request.post("/api/user/register", { data: { phone, name } })).status()).toBe(202);
  const sent = (await (await context.request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as {
    items: { code: string }[];
  };
  const verified = await context.request.post("/api/user/register/verify", {
    data: { phone, code: sent.items[0]!.code, remember_me: false },
  });
  expect(verified.status()).toBe(201);
}

/**
 * Signs a new account up by an e-mail code through the API (read from the development outbox): an account
 * with a confirmed address, as e-mail alerts need. Returns the address.
 */
export async function signUpByEmail(context: BrowserContext, name: string): Promise<string> {
  const email = `e2e.${Date.now().toString(36)}.${random(1e6)}@kvadrat.test`;
  expect((await context.request.post("/api/user/register/email", { data: { email, name } })).status()).toBe(202);
  const sent = (await (await context.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    items: { code: string }[];
  };
  const verified = await context.request.post("/api/user/register/email/verify", {
    data: { email, code: sent.items[0]!.code, remember_me: false },
  });
  expect(verified.status()).toBe(201);
  return email;
}
