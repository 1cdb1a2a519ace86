/**
 * The kept pages for everyone (decision 094), measured: a replay of a realistic mix of visitors — 60 %
 * guests with nothing of their own, 25 % guests with favourites, 15 % signed in — over `urls` addresses of
 * the seed (home, search, lists, detail and media pages in en/ru/sr) with Zipf popularity (the n-th most
 * popular is asked 1/n as often; the landing pages — home, search, lists — rank first, then the detail
 * and media pages in a fixed shuffled order), `connections` at a time. Half the replay warms the kept pages
 * up; the other half counts the answers that came from them (`X-Page-Cache: hit`). A share (`marked`) of the
 * visitors with their own state are browsers that run scripts and carry the app's marker (decision 112: the
 * kept bytes as they are, their own parts asked after hydration); the rest get the page made theirs at the
 * edge. Then the throughput of a signed-in visitor's search page — a browser that runs scripts (the goal's
 * figure), one that does not (made theirs), and the visitor's JSON it then asks — against the static copy of
 * the search HTML.
 *
 * `npm run bench` runs it (`keptMix`); alone, against a build already made and the seeded test D1:
 * `node scripts/bench/kept-mix.ts [--build .builds/test] [--requests 10000] [--urls 2000] [--marked 1]`.
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { budgets } from "#harness/audit/budgets.ts";
import { BROWSER_UA } from "#harness/audit/pages.ts";
import { Rng } from "#harness/seed/prng.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { D1_BOOKMARK_COOKIE_NAME, LOCALE_COOKIE_NAME } from "#shared/constants.ts";
import { VISITOR_PATH } from "#shared/visitor.ts";
import type { ServedBuild } from "#harness/serve-build.ts";
import { SCRIPTS_COOKIE_NAME } from "#shared/visitor-request.ts";

/** The mix of visitors (issue's figures): who asks each request. */
const MIX = [
  { kind: "guest", share: 0.6 },
  { kind: "guest with favourites", share: 0.25 },
  { kind: "signed in", share: 0.15 },
] as const;
type Kind = (typeof MIX)[number]["kind"];
const LOCALES = ["", "/ru", "/sr"];
/** A development knob (decision 026) the page cache lets by: rendered, not looked up, not kept. */
const UNCACHED = { "x-debug-page-cache": "off" };
const HEADERS = { "user-agent": BROWSER_UA, "accept-language": "en-GB,en;q=0.9", accept: "text/html,*/*" };
/** The cookie a browser that runs the app's scripts carries (decision 112). */
const MARKER = `${SCRIPTS_COOKIE_NAME}=1`;
const withMarker = (cookie: string) => (cookie ? `${cookie}; ${MARKER}` : MARKER);

export interface KeptMixOptions {
  /** The static copy of the search page's HTML, served from the build's client folder. */
  staticPath: string;
  connections: number;
  /** Seconds per throughput target. */
  duration: number;
  requests?: number;
  urls?: number;
  /** The share of the asks of visitors with their own state made by browsers carrying the scripts' marker (1). */
  marked?: number;
}

export interface KeptMixResult {
  urls: number;
  byKind: Record<string, number>;
  requests: number;
  keptShare: number;
  keptShareByKind: Record<Kind, number>;
  /** Of the counted asks of visitors with their own state, the share carrying the scripts' marker. */
  markedShare: number;
  keptShareByPage: Record<string, number>;
  /** The counted answers not from the kept pages, by why (shares of all counted answers). */
  missesByReason: Record<string, number>;
  replayReqPerSec: number;
  throughput: Record<string, { path: string; reqPerSec: number; p50Ms: number; p99Ms: number; non2xx: number }>;
  signedInSearchToStatic: number;
  failures: string[];
}

/** Signs the development user in; the answer's Set-Cookie lines. */
async function signIn(base: string): Promise<string[]> {
  const account = DEV_ACCOUNTS.find((a) => a.role === "user")!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: {
      "user-agent": BROWSER_UA,
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
      origin: base,
    },
    body: JSON.stringify({ login: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`kept mix: the development user's sign-in answered ${res.status}`);
  return res.headers.getSetCookie();
}

/** A browser's cookies for one site, as far as the replay needs: set, replaced, removed, expired by Max-Age. */
class CookieJar {
  #cookies = new Map<string, { value: string; until: number }>();

  take(lines: string[]) {
    for (const line of lines) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const maxAge = attributes.find((a) => /^max-age=/i.test(a));
      const until = maxAge ? Date.now() + Number(maxAge.split("=")[1]) * 1000 : Number.POSITIVE_INFINITY;
      if (until <= Date.now()) this.#cookies.delete(name);
      else this.#cookies.set(name, { value: pair.slice(at + 1), until });
    }
  }

  forget(name: string) {
    this.#cookies.delete(name);
  }

  header(): string {
    const now = Date.now();
    return [...this.#cookies]
      .filter(([, c]) => c.until > now)
      .map(([name, c]) => `${name}=${c.value}`)
      .join("; ");
  }
}

/** The kind of page of a locale-free path. */
function pageKind(path: string): string {
  const rest = path.replace(/^\/(ru|sr)(?=\/)/, "").split("?")[0]!;
  if (rest === "/") return "home";
  if (rest === "/search/") return "search";
  if (rest.startsWith("/media/")) return "media";
  return /\/\d+\/$/.test(rest) ? "detail" : "list";
}

async function json<T>(base: string, path: string): Promise<T | undefined> {
  const res = await fetch(`${base}${path}`, { headers: { "user-agent": BROWSER_UA, accept: "application/json" } });
  return res.ok ? ((await res.json()) as T) : undefined;
}

/**
 * `count` page addresses of the seed in popularity order: the landing pages first (home, search and its
 * sorts, every list of the detail pages found, deepest last), then detail and media pages shuffled.
 */
async function mixUrls(base: string, count: number, rng: Rng): Promise<string[]> {
  const details: string[] = [];
  for (let page = 1; details.length < count && page <= 40; page++) {
    const found = await json<{ items?: { path?: string }[] }>(base, `/api/seo/realty/list?per_page=100&page=${page}`);
    const paths = (found?.items ?? []).flatMap((item) => (item.path ? [new URL(item.path, base).pathname] : []));
    if (!paths.length) break;
    details.push(...paths.map((path) => path.replace(/\/?$/, "/")));
  }
  const articles = (await json<{ items?: { tag_path?: string[]; slug?: string }[] }>(base, "/api/article?per_page=50"))
    ?.items;
  const media = [
    "/media/",
    "/media/?page=2",
    ...(articles ?? []).flatMap((a) => (a.slug ? [`/media/${[...(a.tag_path ?? []), a.slug].join("/")}/`] : [])),
  ];
  const lists = new Set<string>();
  for (const path of details) {
    const [deal, type, city] = path.split("/").filter(Boolean);
    lists.add(`/${deal}/`).add(`/${deal}/${type}/`);
    lists.add(`/${deal}/${type}/${city}/`);
  }
  const byDepth = [...lists].sort((a, b) => a.split("/").length - b.split("/").length);
  const landing = [
    "/",
    "/search/",
    ...byDepth.slice(0, 6),
    ...["price_asc", "price_desc", "newest"].map((s) => `/search/?sort=${s}`),
    ...byDepth.slice(6),
    ...byDepth.slice(0, 10).map((list) => `${list}?page=2`),
  ];
  const tail = [...details, ...media];
  for (let i = tail.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [tail[i], tail[j]] = [tail[j]!, tail[i]!];
  }
  // Each address in the three languages, the same page's languages next to each other in popularity.
  return [...landing, ...tail].flatMap((path) => LOCALES.map((locale) => locale + path)).slice(0, count);
}

/**
 * Why an answer did not come from the kept pages: the page cache's own word (`X-Debug-Page-Cache-Why`) where it
 * gives one, else what the replay saw — no `X-Page-Cache` at all is a page rendered for this visitor (never
 * looked up); an address not asked before was never kept; one asked before was kept no more (expired or
 * pushed out) or still being rendered for another request.
 */
function missReason(cache: string | null, res: Response, before: { asked?: number; answered?: number }): string {
  const why = res.headers.get("x-debug-page-cache-why");
  if (why) return why;
  if (!cache) return res.status === 200 ? "bypassed: rendered for the visitor" : `status ${res.status}`;
  if (before.asked === undefined) return "never kept: first ask";
  if (before.answered === undefined) return "never kept: first ask still rendering";
  return "kept no more (expired, evicted or not stored)";
}

/** A Zipf draw over ranks 0…n-1 (weight 1/(rank+1)), by the cumulative weights. */
function zipf(n: number, rng: Rng): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= n; rank++) cumulative.push((sum += 1 / rank));
  return () => {
    const x = rng.next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export async function keptMix(server: ServedBuild, options: KeptMixOptions): Promise<KeptMixResult> {
  const { staticPath, connections, duration, requests = 10_000, urls: wanted = 2000, marked = 1 } = options;
  const goals = {
    keptShare: budgets.keptMix.minKeptShare,
    signedInSearchToStatic: budgets.keptMix.minSignedInSearchToStatic,
  };
  const failures: string[] = [];
  const rng = new Rng(0x4b_e9_7094);
  const candidates = await mixUrls(server.url, Math.round(wanted * 1.1), rng);
  // Only pages that answer 200 (a list of no listings is a 404; a sort a page redirects is another address).
  const urls: string[] = [];
  for (let i = 0; i < candidates.length && urls.length < wanted; i += connections) {
    const batch = candidates.slice(i, i + connections);
    const answers = await Promise.all(
      batch.map((path) =>
        // Past the page cache (a development knob): the check must not warm the kept pages up for the replay.
        fetch(`${server.url}${path}`, { headers: { ...HEADERS, ...UNCACHED }, redirect: "manual" }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    batch.forEach((path, j) => answers[j] === 200 && urls.push(path));
  }
  if (urls.length < wanted)
    failures.push(`kept mix: only ${urls.length} of ${wanted} addresses answer 200 in this seed`);
  const byKind: Record<string, number> = {};
  for (const url of urls) byKind[pageKind(url)] = (byKind[pageKind(url)] ?? 0) + 1;
  const ids = urls.flatMap((url) => /\/(\d+)\/$/.exec(url)?.[1] ?? []).map(Number);

  // The signed-in visitor is a browser: it keeps the cookies its answers renew (an access token lasts 15
  // minutes, the replay may take longer) and drops a D1 bookmark after its Max-Age, as a browser does — a
  // bookmark kept for ever would have every page of theirs rendered afresh (decision 092).
  const jar = new CookieJar();
  jar.take(await signIn(server.url));
  // Signed in a while ago, as most views of a signed-in person are: the sign-in's bookmark is over.
  jar.forget(D1_BOOKMARK_COOKIE_NAME);
  const rank = zipf(urls.length, rng);
  const draws = Array.from({ length: requests }, () => {
    const x = rng.next();
    const kind = x < MIX[0].share ? MIX[0].kind : x < MIX[0].share + MIX[1].share ? MIX[1].kind : MIX[2].kind;
    const favourites = Array.from({ length: 3 }, () => ids[rng.int(0, Math.max(ids.length - 1, 0))] ?? 1);
    const cookieOf: Record<Kind, string> = {
      guest: "",
      "guest with favourites": `favourites=${[...new Set(favourites)].join(".")}`,
      "signed in": "",
    };
    // Drawn for every ask (the same sequence whatever the share): a guest with nothing sends the marker too.
    const scripts = rng.next() < marked;
    return { path: urls[rank()]!, kind, cookie: cookieOf[kind], scripts };
  });

  // The replay: `connections` at a time, in order; the second half counted.
  const outcomes: { kind: Kind; page: string; kept: boolean; scripts: boolean; why?: string }[] = new Array(requests);
  // When each address was last asked and answered, to tell a page never kept from one kept too long ago.
  const asked = new Map<string, number>();
  const answered = new Map<string, number>();
  let next = 0;
  let measuredStart = 0;
  const half = Math.floor(requests / 2);
  const worker = async () => {
    for (let i = next++; i < requests; i = next++) {
      if (i === half) measuredStart = performance.now();
      if (i % 1000 === 0) console.error(`kept mix: request ${i} of ${requests}`);
      const draw = draws[i]!;
      const sent = performance.now();
      const before = { asked: asked.get(draw.path), answered: answered.get(draw.path) };
      asked.set(draw.path, sent);
      const own = draw.kind === "signed in" ? jar.header() : draw.cookie;
      const cookie = draw.scripts ? withMarker(own) : own;
      const res = await fetch(`${server.url}${draw.path}`, {
        headers: cookie ? { ...HEADERS, cookie } : HEADERS,
        redirect: "manual",
      });
      // Not the language choice a prefixed page stores (decision 002): the mix's signed-in asks are of all three
      // languages, as different people's would be, and one person's stored choice would redirect the others.
      if (draw.kind === "signed in")
        jar.take(res.headers.getSetCookie().filter((line) => !line.startsWith(`${LOCALE_COOKIE_NAME}=`)));
      await res.arrayBuffer();
      answered.set(draw.path, performance.now());
      const cache = res.headers.get("x-page-cache");
      const kept = cache === "hit" || cache === "stale";
      outcomes[i] = {
        kind: draw.kind,
        page: pageKind(draw.path),
        kept,
        scripts: draw.scripts,
        why: kept ? undefined : missReason(cache, res, before),
      };
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const replaySeconds = (performance.now() - measuredStart) / 1000;
  const counted = outcomes.slice(half);
  const share = (items: typeof counted) => items.filter((o) => o.kept).length / Math.max(items.length, 1);
  const keptShare = share(counted);
  const keptShareByKind = Object.fromEntries(
    MIX.map(({ kind }) => [kind, share(counted.filter((o) => o.kind === kind))]),
  ) as Record<Kind, number>;
  const owning = counted.filter((o) => o.kind !== "guest");
  const markedShare = owning.filter((o) => o.scripts).length / Math.max(owning.length, 1);
  const missesByReason: Record<string, number> = {};
  for (const o of counted) if (o.why) missesByReason[o.why] = (missesByReason[o.why] ?? 0) + 1 / counted.length;
  const keptShareByPage = Object.fromEntries(
    [...new Set(counted.map((o) => o.page))].map((page) => [page, share(counted.filter((o) => o.page === page))]),
  );

  // Throughput: a signed-in visitor's search page (a browser that runs scripts: kept as it is; one that does
  // not: made theirs), the JSON the first then asks, and the static copy, measured in turn.
  const load = async (path: string, headers: Record<string, string> = {}) => {
    const all = { ...HEADERS, ...headers };
    const url = `${server.url}${path}`;
    await autocannon({ url, connections, amount: connections * 20, headers: all });
    const r = await autocannon({ url, connections, duration, headers: all });
    return { path, reqPerSec: r.requests.average, p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx };
  };
  const search = urls.find((url) => url === "/search/") ?? "/search/";
  // A visitor signed in a while ago (a fresh session, its bookmark's five minutes over): autocannon sends
  // fixed headers, and the measurement must not outlast the access token either.
  const signedIn = new CookieJar();
  signedIn.take(await signIn(server.url));
  signedIn.forget(D1_BOOKMARK_COOKIE_NAME);
  const cookie = signedIn.header();
  const throughput = {
    "static (search HTML)": await load(staticPath),
    "search, signed in": await load(search, { cookie: withMarker(cookie) }),
    "search, signed in, no JavaScript": await load(search, { cookie }),
    "visitor JSON, signed in": await load(VISITOR_PATH, { cookie: withMarker(cookie), accept: "application/json" }),
    "search, guest with favourites": await load(search, {
      cookie: withMarker(draws.find((d) => d.kind === MIX[1].kind)!.cookie),
    }),
    "search, guest with favourites, no JavaScript": await load(search, {
      cookie: draws.find((d) => d.kind === MIX[1].kind)!.cookie,
    }),
    "search, guest": await load(search),
  };
  const signedInSearchToStatic =
    throughput["search, signed in"].reqPerSec / throughput["static (search HTML)"].reqPerSec;

  console.log(
    `\nKept pages for everyone (decision 094): ${requests} requests over ${urls.length} addresses (${Object.entries(
      byKind,
    )
      .map(([k, n]) => `${n} ${k}`)
      .join(
        ", ",
      )}), ${connections} at a time; ${markedShare.toFixed(3)} of the counted asks of visitors with their own state carry the scripts' marker (decision 112)`,
  );
  console.table({
    "all visitors": { "kept share": keptShare.toFixed(3) },
    ...Object.fromEntries(Object.entries(keptShareByKind).map(([kind, s]) => [kind, { "kept share": s.toFixed(3) }])),
    ...Object.fromEntries(
      Object.entries(keptShareByPage).map(([page, s]) => [`${page} pages`, { "kept share": s.toFixed(3) }]),
    ),
  });
  console.table(
    Object.fromEntries(
      Object.entries(missesByReason)
        .sort(([, a], [, b]) => b - a)
        .map(([why, s]) => [why, { "share of answers": s.toFixed(3) }]),
    ),
  );
  console.table(
    Object.fromEntries(
      Object.entries(throughput).map(([name, t]) => [
        name,
        { path: t.path, "req/s": Math.round(t.reqPerSec), "p50 ms": t.p50Ms, "p99 ms": t.p99Ms, non2xx: t.non2xx },
      ]),
    ),
  );
  console.log(
    `kept share after warm-up ${keptShare.toFixed(3)} (goal ≥ ${goals.keptShare}); replay ${(counted.length / replaySeconds).toFixed(0)} req/s; signed-in search ÷ static ${signedInSearchToStatic.toFixed(3)} (goal ≥ ${goals.signedInSearchToStatic})`,
  );
  if (keptShare < goals.keptShare)
    failures.push(
      `kept mix: ${keptShare.toFixed(3)} of the answers after warm-up came from the kept pages < ${goals.keptShare}`,
    );
  if (signedInSearchToStatic < goals.signedInSearchToStatic)
    failures.push(
      `kept mix: signed-in search ÷ static ${signedInSearchToStatic.toFixed(3)} < ${goals.signedInSearchToStatic}`,
    );
  for (const [name, t] of Object.entries(throughput))
    if (t.non2xx) failures.push(`kept mix: ${name} answered ${t.non2xx} responses not 2xx under load`);
  return {
    urls: urls.length,
    byKind,
    requests,
    keptShare,
    keptShareByKind,
    markedShare,
    keptShareByPage,
    missesByReason,
    replayReqPerSec: counted.length / replaySeconds,
    throughput,
    signedInSearchToStatic,
    failures,
  };
}

// Alone: a build already made, served on a copy of the seeded test D1, with the static copy put in place.
if (import.meta.main) {
  const { existsSync, rmSync, writeFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { serveBuild } = await import("#harness/serve-build.ts");
  const { seedTestD1 } = await import("#harness/seed/local-d1.ts");
  const { SEEDED_TEST_STATE } = await import("#harness/folders.ts");
  const { pageSamples } = await import("#harness/audit/pages.ts");
  const { values } = parseArgs({
    options: {
      build: { type: "string", default: ".builds/test" },
      state: { type: "string", default: ".wrangler/kept-mix-state" },
      requests: { type: "string", default: "10000" },
      urls: { type: "string", default: "2000" },
      connections: { type: "string", default: "10" },
      duration: { type: "string", default: "10" },
      /** The share of asks made by browsers that run scripts (the marker, decision 112). */
      marked: { type: "string", default: "1" },
      /** The page cache's seconds (wrangler.toml's by default). */
      ttl: { type: "string" },
    },
  });
  const vars: Record<string, string> = values.ttl ? { PAGE_CACHE_TTL: values.ttl } : {};
  await seedTestD1(values.state, SEEDED_TEST_STATE);
  const server = await serveBuild({ build: values.build, state: values.state }, { vars });
  const file = join(values.build, "client", "kept-mix-static.html");
  try {
    const search = await (await fetch(`${server.url}/search/`, { headers: HEADERS })).text();
    writeFileSync(file, search);
    await server.stop();
    const served = await serveBuild({ build: values.build, state: values.state }, { vars });
    try {
      const staticPath = new URL((await fetch(`${served.url}/kept-mix-static.html`)).url).pathname;
      const found = await pageSamples(served.url);
      const result = await keptMix(served, {
        staticPath,
        connections: Number(values.connections),
        duration: Number(values.duration),
        requests: Number(values.requests),
        urls: Number(values.urls),
        marked: Number(values.marked),
      });
      if (result.failures.length) console.log(`\n${result.failures.join("\n")}`);
      // The first-load JavaScript of a guest's home, search and detail page (budgets.json's measure).
      const { firstLoad } = await import("#harness/audit/first-load.ts");
      const { pageTypes } = await import("#harness/audit/pages.ts");
      for (const page of pageTypes(found).filter((p) => ["home", "search", "detail"].includes(p.type))) {
        const html = await (await fetch(`${served.url}${page.path}`, { headers: HEADERS })).text();
        const weight = firstLoad(html, join(values.build, "client"));
        console.log(`first-load JS ${page.type}: ${(weight.js.gzip / 1024).toFixed(1)} KB gzip`);
      }
    } finally {
      await served.stop();
    }
  } finally {
    if (existsSync(file)) rmSync(file);
  }
}
