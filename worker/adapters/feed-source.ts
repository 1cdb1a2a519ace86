/**
 * Fetching an agency's feed (decision 099): a conditional GET (ETag / If-Modified-Since) with a deadline,
 * redirects followed by hand so that every hop is checked, and no address on a private, loopback or
 * link-local network in production — neither written in the URL nor behind its host name (asked of
 * DNS over HTTPS; the checks are guarded-fetch.ts's, shared with the photos). The body is handed on as a
 * stream: the reader (worker/feeds/) bounds what it takes.
 */
import { FEED_FETCH_TIMEOUT_MS, FEED_MAX_BYTES, FEED_MAX_REDIRECTS } from "#shared/constants.ts";
import {
  conditionalHeaders,
  dnsOverHttps,
  fetchGuarded,
  isPrivateAddress,
  type ResolveHost,
  urlRefusal,
  type Validators,
} from "./guarded-fetch.ts";

/** Why a feed was not fetched. */
export type FeedFetchProblem =
  | { code: "feed_url_refused"; reason: "scheme" | "credentials" | "private_address" | "malformed" }
  | { code: "feed_redirects"; max: number }
  | { code: "feed_unreachable"; detail: string }
  | { code: "feed_timeout"; seconds: number }
  | { code: "feed_http_status"; status: number }
  | { code: "feed_too_large"; max_bytes: number };

export type FeedFetch =
  | { outcome: "unchanged" }
  | {
      outcome: "fetched";
      body: ReadableStream<Uint8Array>;
      etag: string | null;
      lastModified: string | null;
      /** Where the feed was found, after redirects. */
      url: string;
    }
  | { outcome: "failed"; problem: FeedFetchProblem };

export { dnsOverHttps, isPrivateAddress };

export interface FeedFetchOptions {
  /** What the last fetch answered: the feed is sent again only when it changed. */
  previous?: Validators | null;
  /** Development and tests only: feeds served on loopback. */
  allowPrivateAddresses: boolean;
  /** How host names are resolved for the address check; DNS over HTTPS by default. */
  resolve?: ResolveHost;
  userAgent: string;
  timeoutMs?: number;
  fetcher?: typeof fetch;
}

/** Why `url` cannot be a feed's address (before any request), or null. */
export function feedUrlProblem(url: string, allowPrivateAddresses: boolean): FeedFetchProblem | null {
  const reason = urlRefusal(url, { allowPrivateAddresses });
  return reason ? { code: "feed_url_refused", reason } : null;
}

/**
 * Fetches the feed at `url`. Never throws: every failure is a problem with its code. Each redirect's target
 * is checked as the URL was; at most FEED_MAX_REDIRECTS are followed.
 */
export async function fetchFeed(url: string, options: FeedFetchOptions): Promise<FeedFetch> {
  const timeoutMs = options.timeoutMs ?? FEED_FETCH_TIMEOUT_MS;
  const headers = {
    "user-agent": options.userAgent,
    accept: "application/xml, text/xml;q=0.9, */*;q=0.1",
    ...conditionalHeaders(options.previous),
  };
  const answer = await fetchGuarded(url, {
    headers,
    // One deadline for the answer and its body: aborting ends the body's stream too.
    signal: AbortSignal.timeout(timeoutMs),
    maxRedirects: FEED_MAX_REDIRECTS,
    allowPrivateAddresses: options.allowPrivateAddresses,
    resolve: options.resolve,
    fetcher: options.fetcher,
  });
  if (answer.outcome === "failed") {
    const { problem } = answer;
    switch (problem.code) {
      case "url_refused":
        return { outcome: "failed", problem: { code: "feed_url_refused", reason: problem.reason } };
      case "redirects":
        return { outcome: "failed", problem: { code: "feed_redirects", max: problem.max } };
      case "unreachable":
        return { outcome: "failed", problem: { code: "feed_unreachable", detail: problem.detail } };
      case "timeout":
        return { outcome: "failed", problem: { code: "feed_timeout", seconds: timeoutMs / 1000 } };
    }
  }
  const res = answer.response;
  if (res.status === 304) return { outcome: "unchanged" };
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    return { outcome: "failed", problem: { code: "feed_http_status", status: res.status } };
  }
  const length = Number(res.headers.get("content-length") ?? "0");
  if (length > FEED_MAX_BYTES) {
    await res.body.cancel();
    return { outcome: "failed", problem: { code: "feed_too_large", max_bytes: FEED_MAX_BYTES } };
  }
  return {
    outcome: "fetched",
    body: res.body,
    etag: res.headers.get("etag"),
    lastModified: res.headers.get("last-modified"),
    url: answer.url,
  };
}

/** A fetch problem as the run's report shows it: `feed.problem.{code}` and its values. */
export function feedFetchProblemText(problem: FeedFetchProblem): {
  message: `feed.problem.${FeedFetchProblem["code"]}`;
  args: Record<string, string | number>;
} {
  const message = `feed.problem.${problem.code}` as const;
  switch (problem.code) {
    case "feed_redirects":
      return { message, args: { max: problem.max } };
    case "feed_timeout":
      return { message, args: { seconds: problem.seconds } };
    case "feed_http_status":
      return { message, args: { status: problem.status } };
    case "feed_too_large":
      return { message, args: { max: Math.round(problem.max_bytes / (1024 * 1024)) } };
    case "feed_url_refused":
    case "feed_unreachable":
      return { message, args: {} };
  }
}
