/**
 * `npm run abuse [-- --concurrency 200 --no-build]`: tries the site's limits as an attacker would
 * and prints their figures. Builds the production worker into its own folder (.builds/abuse), seeds a fresh
 * local D1 (.wrangler/abuse-state, so every counter starts empty), serves it on workerd and fires a burst of
 * concurrent requests at every "at most N per window" rule, from one account or one address (set through
 * `CF-Connecting-IP`, as Cloudflare's edge sets it). For each rule it prints the limit, how many of the burst
 * were accepted and refused, and how long the burst took; then the answers that must not differ (an existing
 * and a missing account) and must not be errors. Exits non-zero naming every rule that did not hold.
 */
import { parseArgs } from "node:util";
import {
  CODE_REQUESTS_PER_IP_PER_HOUR,
  FEEDBACK_QUESTIONS_PER_IP_PER_HOUR,
  LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS,
  MESSAGES_PER_HOUR,
  PHONE_REVEALS_PER_HOUR,
  PREVIEW_PAINT_WINDOW_S,
  PREVIEW_PAINTS_PER_ADDRESS,
  RESET_ATTEMPTS_PER_IP_PER_HOUR,
  STATISTICS_EVENTS_PER_IP_PER_HOUR,
  UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR,
} from "#shared/constants.ts";
import { freshBenchSite } from "#harness/bench-site.ts";
import { FOLDERS } from "#harness/folders.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { BROWSER_UA } from "#harness/audit/pages.ts";
import { type ServedBuild, serveBuild } from "#harness/serve-build.ts";

const { values } = parseArgs({
  options: {
    concurrency: { type: "string", default: "200" },
    build: { type: "boolean", default: true },
    "no-build": { type: "boolean", default: false },
  },
});
const CONCURRENCY = Number(values.concurrency);
const folders = FOLDERS.abuse;
let server: ServedBuild;
let addressCounter = 0;
/** A fresh client address per scenario (documentation range 198.51.100.0/24, then on). */
const freshAddress = () => `198.51.${100 + Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

async function send(
  path: string,
  { method, body, address, session }: { method?: string; body?: unknown; address?: string; session?: string } = {},
) {
  return fetch(`${server.url}${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    redirect: "manual",
    headers: {
      // A person's browser: a script that names itself (Node's `node`) is a bot, whose beacons never count.
      "user-agent": BROWSER_UA,
      accept: "application/json",
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
      origin: server.url,
      "cf-connecting-ip": address ?? freshAddress(),
      ...(session ? { authorization: `Bearer ${session}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A bearer access token of a seeded development account. */
async function signIn(role: "user" | "admin"): Promise<{ token: string }> {
  const account = DEV_ACCOUNTS.find((a) => a.role === role)!;
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-auth-mode": "bearer", "cf-connecting-ip": freshAddress() },
    body: JSON.stringify({ login: account.email, password: account.password, remember_me: false }),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { access_token: string };
  return { token: body.access_token };
}

/** Ids of active listings, from the public search API (the admin account of the seed owns none). */
async function listingIds(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ids.length < count && page <= 50; page++) {
    const res = await send(`/api/realty/search?per_page=50&page=${page}`);
    const { items } = (await res.json()) as { items: { id: number }[] };
    if (!items.length) break;
    ids.push(...items.map((item) => item.id));
  }
  if (ids.length < count) throw new Error(`only ${ids.length} active listings to try`);
  return ids.slice(0, count);
}

interface Row {
  rule: string;
  limit: number;
  fired: number;
  accepted: number;
  refused: number;
  other: string;
  ms: number;
  held: boolean;
}
const rows: Row[] = [];
/** Single answers that must hold: no lockout of the owner, no account oracle. */
const checks: { what: string; answer: string; held: boolean }[] = [];

/**
 * Waits, when fewer than `needS` seconds of the current fixed window (worker/http/rate-limit.ts) are
 * left, for the next one: a burst spanning two windows of a short rule would meet two allowances.
 */
async function startOfWindow(windowS: number, needS: number) {
  const left = windowS * 1000 - (Date.now() % (windowS * 1000));
  if (left < needS * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Fires the burst at once and tallies: accepted (the rule's success status), 429, anything else. */
async function burst(rule: string, limit: number, okStatus: number, fire: (i: number) => Promise<Response>) {
  const started = performance.now();
  const responses = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => fire(i)));
  const ms = performance.now() - started;
  const statuses = new Map<number, number>();
  for (const res of responses) {
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    await res.body?.cancel();
  }
  const accepted = statuses.get(okStatus) ?? 0;
  const refused = statuses.get(429) ?? 0;
  const other = [...statuses]
    .filter(([status]) => status !== okStatus && status !== 429)
    .map(([status, n]) => `${n}×${status}`)
    .join(" ");
  const expected = Math.min(limit, CONCURRENCY);
  rows.push({ rule, limit, fired: CONCURRENCY, accepted, refused, other, ms, held: accepted === expected && !other });
}

async function main() {
  await freshBenchSite(folders, { build: values.build && !values["no-build"], listings: 600 });
  server = await serveBuild(folders, { vars: { PAGE_CACHE_TTL: "0" } });
  console.log(`▶ served at ${server.url}; ${CONCURRENCY} concurrent requests per rule\n`);

  try {
    // The seed's admin owns no listing: every message and reveal below is to someone else's.
    const admin = await signIn("admin");
    const listings = await listingIds(CONCURRENCY);

    await burst(`messages per account and hour`, MESSAGES_PER_HOUR, 201, (i) =>
      send(`/api/realty/${listings[0]}/send-message`, {
        session: admin.token,
        body: { text: `Still available? ${i}` },
      }),
    );
    // A reveal is paid through a phone_reveal intent (decision 040): starting one is what is limited.
    await burst(`paid phone reveals per account and hour`, PHONE_REVEALS_PER_HOUR, 201, (i) =>
      send("/api/cabinet/payment/intent", {
        session: admin.token,
        body: { realty_id: listings[i], product: "phone_reveal" },
      }),
    );
    let address = freshAddress();
    await burst(`feedback questions per address and hour`, FEEDBACK_QUESTIONS_PER_IP_PER_HOUR, 201, (i) =>
      send("/api/feedback/question", {
        address,
        body: { name: "Ana", email: "ana@example.rs", question: `How do I post a listing? ${i}` },
      }),
    );
    address = freshAddress();
    await burst(`statistics beacons per address and hour`, STATISTICS_EVENTS_PER_IP_PER_HOUR, 204, (i) =>
      send(`/api/statistics/realty/${listings[i]}/phone`, { address, body: {} }),
    );
    address = freshAddress();
    // Well-formed, so that it passes validation and reaches the limit, but not signed: refused as forged.
    await burst(`unsubscribe requests per address and hour`, UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR, 403, () =>
      send("/api/unsubscribe/all", { address, body: { token: `1.news.mabc12.${"A".repeat(43)}` } }),
    );
    address = freshAddress();
    await burst(`sign-in code requests per address and hour`, CODE_REQUESTS_PER_IP_PER_HOUR, 202, (i) =>
      send("/api/user/login/register", { address, body: { email: `burst-${i}@example.rs` } }),
    );
    address = freshAddress();
    await burst(`password reset attempts per address and hour`, RESET_ATTEMPTS_PER_IP_PER_HOUR, 400, (i) =>
      send("/api/user/password/reset", {
        address,
        body: { reset_token: `${String(i).padStart(4, "0")}${"x".repeat(39)}`, password: "a-new-password-1" },
      }),
    );
    address = freshAddress();
    await startOfWindow(PREVIEW_PAINT_WINDOW_S, 20);
    await burst(`preview pictures painted per address and minute`, PREVIEW_PAINTS_PER_ADDRESS, 200, (i) =>
      send(`/images/listings/${listings[i]}.png`, { address }),
    );
    const owner = DEV_ACCOUNTS.find((a) => a.role === "user")!;
    address = freshAddress();
    await burst(`wrong passwords per account and address (15 min)`, LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS, 400, (i) =>
      send("/api/auth/login", { address, body: { login: owner.email, password: `guess-${i}-wrong` } }),
    );
    // The owner, from an address with no failures, is not locked out by the stranger's burst.
    const ownerSignIn = await send("/api/auth/login", {
      body: { login: owner.email, password: owner.password, remember_me: false },
    });
    checks.push({
      what: "the owner's right password from another address, during the burst's lockout",
      answer: String(ownerSignIn.status),
      held: ownerSignIn.status === 200,
    });
    // No account oracle: an existing and a missing account get the same answer.
    for (const path of ["/api/user/login/email", "/api/user/password/recovery/code/email"]) {
      const existing = await send(path, { body: { email: owner.email } });
      const missing = await send(path, { body: { email: `nobody-${Date.now()}@example.rs` } });
      const answers = [existing, missing].map((res) => res.status);
      const bodies = await Promise.all([existing.text(), missing.text()]);
      checks.push({
        what: `${path}: existing vs missing account`,
        answer: `${answers.join(" vs ")}${bodies[0] === bodies[1] ? ", same body" : ", bodies differ"}`,
        held: answers[0] === answers[1] && bodies[0] === bodies[1],
      });
    }
  } finally {
    await server.stop();
  }

  console.log("| Rule | Limit | Fired | Accepted | 429 | Other | Burst ms | Held |");
  console.log("|---|--:|--:|--:|--:|---|--:|---|");
  for (const row of rows) {
    console.log(
      `| ${row.rule} | ${row.limit} | ${row.fired} | ${row.accepted} | ${row.refused} | ${row.other || "–"} | ` +
        `${row.ms.toFixed(0)} | ${row.held ? "yes" : "NO"} |`,
    );
  }
  console.log("\n| Check | Answer | Held |");
  console.log("|---|---|---|");
  for (const check of checks) console.log(`| ${check.what} | ${check.answer} | ${check.held ? "yes" : "NO"} |`);
  const failed = [
    ...rows.filter((row) => !row.held).map((row) => row.rule),
    ...checks.filter((c) => !c.held).map((c) => c.what),
  ];
  if (failed.length) {
    console.log(`\n${failed.length} did not hold: ${failed.join("; ")}`);
    process.exit(1);
  }
  console.log("\nEvery limit held (exactly the limit accepted, the rest refused with 429), and every check.");
}

await main();
