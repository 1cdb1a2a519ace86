/**
 * Fetching an agency's feed (decision 099): a conditional GET (ETag / If-Modified-Since) with a deadline,
 * redirects followed by hand so that every hop is checked, and no address on a private, loopback or
 * link-local network in production — neither written in the URL nor behind its host name (asked of
 * DNS over HTTPS). The body is handed on as a stream: the reader (worker/feeds/) bounds what it takes.
 */
import { FEED_FETCH_TIMEOUT_MS, FEED_MAX_BYTES, FEED_MAX_REDIRECTS } from "#shared/constants.ts";

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

/** A host name's addresses (IPv4 and IPv6), or null when they cannot be told. */
export type ResolveHost = (host: string) => Promise<string[] | null>;

export interface FeedFetchOptions {
  /** What the last fetch answered: the feed is sent again only when it changed. */
  previous?: { etag: string | null; lastModified: string | null } | null;
  /** Development and tests only: feeds served on loopback. */
  allowPrivateAddresses: boolean;
  /** How host names are resolved for the address check; DNS over HTTPS by default. */
  resolve?: ResolveHost;
  userAgent: string;
  timeoutMs?: number;
  fetcher?: typeof fetch;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Loopback, private, link-local, carrier-grade NAT, "this network", multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  const v4 = IPV4.exec(mapped?.[1] ?? ip);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (!ip.includes(":")) return false;
  if (ip === "::" || ip === "::1") return true;
  const first = Number.parseInt(ip.split(":")[0] || "0", 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|home\.arpa|lan)$/;

/** Why `url` cannot be a feed's address (before any request), or null. */
export function feedUrlProblem(url: string, allowPrivateAddresses: boolean): FeedFetchProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { code: "feed_url_refused", reason: "malformed" };
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return { code: "feed_url_refused", reason: "scheme" };
  if (parsed.username || parsed.password) return { code: "feed_url_refused", reason: "credentials" };
  const host = parsed.hostname.toLowerCase();
  if (!allowPrivateAddresses && (isPrivateAddress(host) || LOCAL_NAMES.test(host) || !host.includes("."))) {
    return { code: "feed_url_refused", reason: "private_address" };
  }
  return null;
}

/** A host's A and AAAA records through Cloudflare's DNS over HTTPS (JSON); null when it does not answer. */
export function dnsOverHttps(fetcher: typeof fetch = fetch): ResolveHost {
  return async (host) => {
    try {
      const answers = await Promise.all(
        ["A", "AAAA"].map(async (type) => {
          const res = await fetcher(
            `https://cloudflare-dns.com/dns-query?name=${encodeURIComponent(host)}&type=${type}`,
            { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(3000) },
          );
          if (!res.ok) throw new Error(`DNS over HTTPS answered ${res.status}`);
          const json = (await res.json()) as { Answer?: { type: number; data: string }[] };
          return (json.Answer ?? []).filter((a) => a.type === 1 || a.type === 28).map((a) => a.data);
        }),
      );
      return answers.flat();
    } catch {
      return null;
    }
  };
}

const isIpLiteral = (host: string) => IPV4.test(host) || host.startsWith("[");

/** Whether the host's addresses are public; a name DNS cannot resolve here is refused as unknown. */
async function publicHost(url: URL, resolve: ResolveHost): Promise<boolean> {
  if (isIpLiteral(url.hostname)) return !isPrivateAddress(url.hostname);
  const addresses = await resolve(url.hostname);
  // Unresolvable here: the fetch itself will fail or reach what the platform lets a Worker reach.
  if (addresses === null) return true;
  return addresses.every((address) => !isPrivateAddress(address));
}

/**
 * Fetches the feed at `url`. Never throws: every failure is a problem with its code. Each redirect's target
 * is checked as the URL was; at most FEED_MAX_REDIRECTS are followed.
 */
export async function fetchFeed(url: string, options: FeedFetchOptions): Promise<FeedFetch> {
  const fetcher = options.fetcher ?? fetch;
  const resolve = options.resolve ?? dnsOverHttps(fetcher);
  const timeoutMs = options.timeoutMs ?? FEED_FETCH_TIMEOUT_MS;
  // One deadline for the answer and its body: aborting ends the body's stream too.
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = {
    "user-agent": options.userAgent,
    accept: "application/xml, text/xml;q=0.9, */*;q=0.1",
  };
  if (options.previous?.etag) headers["if-none-match"] = options.previous.etag;
  if (options.previous?.lastModified) headers["if-modified-since"] = options.previous.lastModified;
  let current = url;
  for (let hop = 0; hop <= FEED_MAX_REDIRECTS; hop++) {
    const refused = feedUrlProblem(current, options.allowPrivateAddresses);
    if (refused) return { outcome: "failed", problem: refused };
    const target = new URL(current);
    if (!options.allowPrivateAddresses && !(await publicHost(target, resolve))) {
      return { outcome: "failed", problem: { code: "feed_url_refused", reason: "private_address" } };
    }
    let res: Response;
    try {
      res = await fetcher(target.href, { headers, redirect: "manual", signal });
    } catch (error) {
      if (signal.aborted) return { outcome: "failed", problem: { code: "feed_timeout", seconds: timeoutMs / 1000 } };
      return { outcome: "failed", problem: { code: "feed_unreachable", detail: String(error).slice(0, 200) } };
    }
    if (res.status >= 300 && res.status < 400 && res.status !== 304) {
      await res.body?.cancel();
      const location = res.headers.get("location");
      if (!location) return { outcome: "failed", problem: { code: "feed_http_status", status: res.status } };
      current = new URL(location, target).href;
      continue;
    }
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
      url: target.href,
    };
  }
  return { outcome: "failed", problem: { code: "feed_redirects", max: FEED_MAX_REDIRECTS } };
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
