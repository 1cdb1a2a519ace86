/**
 * A page through the built Worker with the page cache on (the workers project turns it off), as a browser
 * with `cookie` sees it: what the kept-page tests (decisions 094, 107, 112) read of its answer.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { D1_BOOKMARK_COOKIE_NAME } from "#shared/constants.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";

const built = "../../.builds/test/server/index.js";
const worker = (await import(/* @vite-ignore */ built)).default as ExportedHandler<Env>;

export interface KeptView {
  /** The Worker's settings: the page cache's at least. */
  settings?: Env;
  /** Headers beside the browser's own. */
  extra?: Record<string, string>;
  /** The visitor's D1 bookmark (decision 092) is sent too: without it their pages are rendered afresh. */
  keepBookmark?: boolean;
}

/** Kept for a minute, as in production. */
const KEPT_A_MINUTE: Env = { ...env, PAGE_CACHE_TTL: "60" };

export async function viewKept(path: string, cookie = "", options: KeptView = {}) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { "user-agent": BROWSER_UA, "cf-ipcountry": "DE", ...options.extra };
  const sent = cookie
    .split(/;\s*/)
    .filter((pair) => pair && (options.keepBookmark || !pair.startsWith(`${D1_BOOKMARK_COOKIE_NAME}=`)))
    .join("; ");
  if (sent) headers.cookie = sent;
  const res = await worker.fetch!(
    new Request(`${ORIGIN}${path}`, { headers, redirect: "manual" }) as never,
    options.settings ?? KEPT_A_MINUTE,
    ctx,
  );
  const html = await res.text();
  // A stale page's background render, and whatever else runs after the answer, finishes here.
  await waitOnExecutionContext(ctx);
  return {
    status: res.status,
    cache: res.headers.get("x-page-cache"),
    why: res.headers.get("x-debug-page-cache-why"),
    cacheControl: res.headers.get("cache-control"),
    vary: res.headers.get("vary") ?? "",
    timing: res.headers.get("server-timing"),
    setCookie: res.headers.getSetCookie(),
    d1: res.headers.get("x-debug-d1"),
    sessionReads: res.headers.get("x-debug-session-reads"),
    html,
  };
}
