/**
 * `npm run payments:race [-- --completes 50 --webhooks 50 --no-build]`: the reliability figure of decision 040.
 * One payment, settled by many callers at once: `complete` calls (the payer's browser coming back, retried)
 * and Stripe's webhook deliveries, all concurrent. It must be recorded once — one `succeeded` event, one
 * promotion period, the listing's `promoted_until` moved once.
 *
 * Why Stripe and not the sandbox: the race that matters is between `complete` and the provider's webhook,
 * and only the Stripe adapter has a webhook (the sandbox's "pay" button is `complete` itself). A webhook
 * invented for the sandbox would race code production never runs. So the script serves the production
 * worker with `PAYMENT_PROVIDER=stripe` and points `STRIPE_API_BASE` at a local stand-in of Stripe's API
 * (below: Checkout Sessions, retrieve, expire, refunds), and signs each webhook delivery as Stripe does
 * (HMAC-SHA256 of `{t}.{body}`) — every path the race takes is the production one: `complete` asks "Stripe"
 * whether the session is paid, the webhook verifies the signature and replays are recognised by event id.
 *
 * Builds into .builds/payments-race, seeds a fresh local D1 (.wrangler/payments-race-state), serves it on
 * workerd, signs in the development user, makes one intent for a 7-day "Top" of one of their active
 * listings, marks the session paid at the stand-in, fires the calls at once, stops the server and reads the
 * ledger from D1. Exits non-zero when it was not exactly once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import { PRODUCTS } from "#shared/products.ts";
import { freshBenchSite } from "#harness/bench-site.ts";
import { FOLDERS } from "#harness/folders.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { freePort, type ServedBuild, serveBuild } from "#harness/serve-build.ts";
import { wrangler } from "#harness/wrangler.ts";
import { signWebhook } from "#worker/adapters/payments/stripe.ts";

const { values } = parseArgs({
  options: {
    completes: { type: "string", default: "50" },
    webhooks: { type: "string", default: "50" },
    "no-build": { type: "boolean", default: false },
  },
});
const COMPLETES = Number(values.completes);
const WEBHOOKS = Number(values.webhooks);
const PRODUCT = "top_7";
const DAY_MS = 86_400_000;
const folders = FOLDERS["payments-race"];
const SECRET_KEY = "sk_test_payments_race";
const WEBHOOK_SECRET = "whsec_payments_race";

interface Session {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
}

/** The stand-in of Stripe's API: what the adapter (worker/adapters/payments/stripe.ts) calls. */
function fakeStripe() {
  const sessions = new Map<string, Session>();
  const byKey = new Map<string, string>();
  const counts = { sessionsCreated: 0, retrieves: 0, refunds: 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        const key = req.headers["idempotency-key"];
        if (typeof key === "string" && status === 200) byKey.set(key, text);
        res.writeHead(status, { "content-type": "application/json" }).end(text);
      };
      if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) return send(401, { error: { message: "bad key" } });
      const key = req.headers["idempotency-key"];
      if (typeof key === "string" && byKey.has(key)) {
        return res.writeHead(200, { "content-type": "application/json" }).end(byKey.get(key));
      }
      const form = new URLSearchParams(raw);
      const path = new URL(req.url ?? "/", "http://stripe.local").pathname;
      const parts = path.split("/").filter(Boolean);
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        counts.sessionsCreated++;
        const id = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
        const session: Session = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.com/c/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          payment_intent: null,
          client_reference_id: form.get("client_reference_id"),
          metadata: { intent_id: form.get("metadata[intent_id]") ?? "", product: form.get("metadata[product]") ?? "" },
        };
        sessions.set(id, session);
        return send(200, session);
      }
      if (parts[1] === "checkout" && parts[2] === "sessions" && parts[3]) {
        const session = sessions.get(parts[3]);
        if (!session) return send(404, { error: { message: "No such checkout.session" } });
        if (req.method === "GET") {
          counts.retrieves++;
          return send(200, session);
        }
        if (parts[4] === "expire") {
          if (session.status !== "open") return send(400, { error: { message: "not open" } });
          session.status = "expired";
          return send(200, session);
        }
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        counts.refunds++;
        return send(200, { id: `re_${counts.refunds}`, status: "succeeded" });
      }
      return send(404, { error: { message: `not faked: ${req.method} ${path}` } });
    });
  });
  return {
    sessions,
    counts,
    listen: (port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    pay(id: string) {
      const session = sessions.get(id)!;
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: `pi_race_${id.slice(8)}` });
      return session;
    },
  };
}

async function d1(sql: string): Promise<Record<string, unknown>[]> {
  const out = await wrangler(
    ["d1", "execute", "DB", "--local", "--persist-to", folders.state, "--json", "--command", sql],
    { quiet: true },
  );
  const parsed = JSON.parse(out.slice(out.indexOf("["))) as { results: Record<string, unknown>[] }[];
  return parsed[0]!.results;
}

async function main() {
  await freshBenchSite(folders, { build: !values["no-build"], listings: 100 });

  const stripe = fakeStripe();
  const stripePort = await freePort();
  await stripe.listen(stripePort);
  const server: ServedBuild = await serveBuild(folders, {
    vars: {
      PAGE_CACHE_TTL: "0",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
    },
  });
  console.log(`▶ served at ${server.url}, Stripe's stand-in at http://127.0.0.1:${stripePort}`);

  let intentId = "";
  let listingId: number | undefined;
  let startedAt: number | undefined;
  const tally = new Map<string, number>();
  let ms: number | undefined;
  try {
    const account = DEV_ACCOUNTS.find((a) => a.role === "user")!;
    const signIn = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-auth-mode": "bearer" },
      body: JSON.stringify({ login: account.email, password: account.password, remember_me: false }),
    });
    if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const api = (path: string, method: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const mine = (await (await api("/api/cabinet/realties/active", "POST", { tab: "active" })).json()) as {
      items: { id: number; status?: string }[];
    };
    const listing = mine.items.find((item) => !item.status || item.status === "active");
    if (!listing) throw new Error(`${account.email} has no active listing to promote`);
    listingId = listing.id;

    const created = await api("/api/cabinet/payment/intent", "POST", { realty_id: listingId, product: PRODUCT });
    if (created.status !== 201) throw new Error(`intent answered ${created.status}: ${await created.text()}`);
    const intent = ((await created.json()) as { data: { id: string; checkout_url: string } }).data;
    intentId = intent.id;
    const sessionId = intent.checkout_url.split("/").at(-1)!;
    const session = stripe.pay(sessionId);
    console.log(`▶ intent ${intentId} for listing ${listingId} (${PRODUCT}), session ${sessionId} paid at "Stripe"`);

    // What Stripe would send: the completed session, retried under one event id, and its async success.
    const deliveries = await Promise.all(
      Array.from({ length: WEBHOOKS }, async (_, i) => {
        const event = {
          id: i % 5 === 0 ? "evt_race_retried" : `evt_race_${i}`,
          type: i % 2 ? "checkout.session.completed" : "checkout.session.async_payment_succeeded",
          created: Math.floor(Date.now() / 1000),
          data: { object: session },
        };
        const body = JSON.stringify(event);
        return { body, signature: await signWebhook(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)) };
      }),
    );
    startedAt = Date.now();
    const started = performance.now();
    const completeOnce = () =>
      api("/api/cabinet/payment/complete", "POST", { intent_id: intentId }).then(async (res) => {
        const body = (await res.json()) as { data?: { status: string } };
        return `complete → ${res.status} ${body.data?.status ?? ""}`.trim();
      });
    const deliver = ({ body, signature }: { body: string; signature: string }) =>
      fetch(`${server.url}/api/payments/stripe/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      }).then(async (res) => {
        const answer = (await res.json()) as { replayed?: boolean };
        return `webhook → ${res.status}${answer.replayed ? " (replay)" : ""}`;
      });
    // Interleaved, so neither kind is simply first in line.
    const calls: (() => Promise<string>)[] = [];
    for (let i = 0; i < Math.max(COMPLETES, WEBHOOKS); i++) {
      if (i < WEBHOOKS) calls.push(() => deliver(deliveries[i]!));
      if (i < COMPLETES) calls.push(completeOnce);
    }
    const answers = await Promise.all(calls.map((send) => send()));
    ms = performance.now() - started;
    for (const answer of answers) tally.set(answer, (tally.get(answer) ?? 0) + 1);
  } finally {
    await server.stop();
    await stripe.close();
  }

  const ledger = (await d1(
    `SELECT status, source, COUNT(*) AS n FROM payment_events WHERE intent_id = '${intentId}' GROUP BY status, source ORDER BY MIN(id)`,
  )) as { status: string; source: string; n: number }[];
  const periods = (await d1(
    `SELECT starts_at, ends_at FROM promotions WHERE listing_id = ${listingId!} AND placement = 'top' AND intent_id = '${intentId}'`,
  )) as { starts_at: number; ends_at: number }[];
  const allPeriods = (await d1(`SELECT COUNT(*) AS n FROM promotions WHERE listing_id = ${listingId!}`))[0]!
    .n as number;
  const [listingRow] = (await d1(`SELECT promoted_until FROM listings WHERE id = ${listingId!}`)) as {
    promoted_until: number | null;
  }[];
  const succeeded = ledger.filter((row) => row.status === "succeeded").reduce((sum, row) => sum + row.n, 0);
  const days = PRODUCTS[PRODUCT].days;
  const expected = periods.length === 1 ? periods[0]!.starts_at + days * DAY_MS : null;

  console.log(
    `\n${COMPLETES} concurrent complete calls + ${WEBHOOKS} concurrent webhook deliveries in ${ms!.toFixed(0)} ms`,
  );
  console.log("\n| Answer | Count |\n|---|--:|");
  for (const [answer, n] of [...tally].sort()) console.log(`| ${answer} | ${n} |`);
  console.log("\n| Ledger event | Source | Count |\n|---|---|--:|");
  for (const row of ledger) console.log(`| ${row.status} | ${row.source} | ${row.n} |`);
  console.log(
    `\nStripe stand-in: ${stripe.counts.sessionsCreated} session(s) made, ${stripe.counts.retrieves} retrieved, ${stripe.counts.refunds} refund(s)`,
  );
  const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : "none");
  const periodStartOk = periods.length === 1 && periods[0]!.starts_at >= startedAt! - 60_000;
  const checks = [
    { what: "succeeded events", got: String(succeeded), held: succeeded === 1 },
    {
      what: "promotion periods of the listing",
      got: String(allPeriods),
      held: allPeriods === 1 && periods.length === 1,
    },
    {
      what: `promoted_until vs expected (start + ${days} days)`,
      got: `${iso(listingRow?.promoted_until)} vs ${iso(expected)}`,
      held: expected !== null && listingRow?.promoted_until === expected && periodStartOk,
    },
    { what: "refunds asked of Stripe", got: String(stripe.counts.refunds), held: stripe.counts.refunds === 0 },
    {
      what: "answers that were errors",
      got: String([...tally].filter(([a]) => !/→ 200/.test(a)).reduce((s, [, n]) => s + n, 0)),
      held: [...tally].every(([a]) => /→ 200/.test(a)),
    },
  ];
  console.log("\n| Check | Got | Held |\n|---|---|---|");
  for (const check of checks) console.log(`| ${check.what} | ${check.got} | ${check.held ? "yes" : "NO"} |`);
  const failed = checks.filter((check) => !check.held);
  if (failed.length) {
    console.log(`\n${failed.length} did not hold: ${failed.map((c) => c.what).join("; ")}`);
    process.exit(1);
  }
  console.log("\nOne payment, one success, one period: exactly once under the race.");
}

await main();
