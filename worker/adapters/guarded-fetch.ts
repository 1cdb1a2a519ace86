/**
 * Fetching an address an agency gave (decision 099): its feed (feed-source.ts) or its listings' photos
 * (photo-source.ts). Redirects are followed by hand so that every hop is checked, and in production no
 * address on a private, loopback or link-local network is asked — neither written in the URL nor behind its
 * host name (asked of DNS over HTTPS). What is done with the answer (status, length, body) is the caller's.
 */

/** Why an address was not asked, or gave no answer. */
type GuardedFetchProblem =
  | { code: "url_refused"; reason: UrlRefusal }
  | { code: "redirects"; max: number }
  | { code: "unreachable"; detail: string }
  | { code: "timeout" };

export type UrlRefusal = "scheme" | "credentials" | "private_address" | "malformed";

/** A host name's addresses (IPv4 and IPv6), or null when they cannot be told. */
export type ResolveHost = (host: string) => Promise<string[] | null>;

export interface AddressRules {
  /** Development and tests only: servers on loopback. */
  allowPrivateAddresses: boolean;
  /** Only `https:` (else `http:` too). */
  httpsOnly?: boolean;
}

/** What an earlier answer said of its body, for a conditional request (an unchanged body is a 304). */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** The request headers that ask `url` only for a body changed since `previous`. */
export function conditionalHeaders(previous: Validators | null | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (previous?.etag) headers["if-none-match"] = previous.etag;
  if (previous?.lastModified) headers["if-modified-since"] = previous.lastModified;
  return headers;
}

export interface GuardedFetchOptions extends AddressRules {
  headers: Record<string, string>;
  /** Aborts the request; aborting also ends the answer's body stream. */
  signal: AbortSignal;
  maxRedirects: number;
  /** How host names are resolved for the address check; DNS over HTTPS by default. */
  resolve?: ResolveHost;
  fetcher?: typeof fetch;
}

export type GuardedFetch =
  | {
      outcome: "answered";
      /** The first answer that is not a redirect to follow (a 3xx without Location, or a 304, included). */
      response: Response;
      /** Where it was found, after redirects. */
      url: string;
    }
  | { outcome: "failed"; problem: GuardedFetchProblem };

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

/** Why `url` may not be asked (before any request), or null. */
export function urlRefusal(url: string, rules: AddressRules): UrlRefusal | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "malformed";
  }
  if (parsed.protocol !== "https:" && (rules.httpsOnly || parsed.protocol !== "http:")) return "scheme";
  if (parsed.username || parsed.password) return "credentials";
  const host = parsed.hostname.toLowerCase();
  if (!rules.allowPrivateAddresses && (isPrivateAddress(host) || LOCAL_NAMES.test(host) || !host.includes("."))) {
    return "private_address";
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

/**
 * `resolve` asking each host once: a listing's photos mostly share one host, and each DNS question is two
 * subrequests of the invocation's budget.
 */
export function resolvingOnce(resolve: ResolveHost): ResolveHost {
  const known = new Map<string, Promise<string[] | null>>();
  return (host) => {
    let answer = known.get(host);
    if (!answer) known.set(host, (answer = resolve(host)));
    return answer;
  };
}

const isIpLiteral = (host: string) => IPV4.test(host) || host.startsWith("[");

/** Whether the host's addresses are public; a name DNS cannot resolve here is let through. */
async function publicHost(url: URL, resolve: ResolveHost): Promise<boolean> {
  if (isIpLiteral(url.hostname)) return !isPrivateAddress(url.hostname);
  const addresses = await resolve(url.hostname);
  // Unresolvable here: the fetch itself will fail or reach what the platform lets a Worker reach.
  if (addresses === null) return true;
  return addresses.every((address) => !isPrivateAddress(address));
}

/**
 * Asks `url`, following at most `maxRedirects` redirects, each target checked as the URL was. Never throws:
 * a refused address, too many redirects, a failed connection and the deadline are problems.
 */
export async function fetchGuarded(url: string, options: GuardedFetchOptions): Promise<GuardedFetch> {
  const fetcher = options.fetcher ?? fetch;
  const resolve = options.resolve ?? dnsOverHttps(fetcher);
  const { signal } = options;
  let current = url;
  for (let hop = 0; hop <= options.maxRedirects; hop++) {
    const refused = urlRefusal(current, options);
    if (refused) return { outcome: "failed", problem: { code: "url_refused", reason: refused } };
    const target = new URL(current);
    if (!options.allowPrivateAddresses && !(await publicHost(target, resolve))) {
      return { outcome: "failed", problem: { code: "url_refused", reason: "private_address" } };
    }
    let response: Response;
    try {
      response = await fetcher(target.href, { headers: options.headers, redirect: "manual", signal });
    } catch (error) {
      if (signal.aborted) return { outcome: "failed", problem: { code: "timeout" } };
      return { outcome: "failed", problem: { code: "unreachable", detail: String(error).slice(0, 200) } };
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
      await response.body?.cancel();
      current = new URL(location, target).href;
      continue;
    }
    return { outcome: "answered", response, url: target.href };
  }
  return { outcome: "failed", problem: { code: "redirects", max: options.maxRedirects } };
}
