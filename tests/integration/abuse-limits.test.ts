/**
 * Decision 029: every "at most N per window" rule holds under 200 concurrent requests (one
 * atomic counter, worker/http/rate-limit.ts), anonymous writes are throttled per address, and a
 * listing that is not public answers exactly like a missing one.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  CODE_MAX_ATTEMPTS,
  CODE_REQUESTS_PER_IP_PER_HOUR,
  FEEDBACK_QUESTIONS_PER_IP_PER_HOUR,
  LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS,
  MESSAGES_PER_HOUR,
  PHONE_REVEALS_PER_HOUR,
  PREVIEW_PAINTS_PER_ADDRESS,
  RESET_ATTEMPTS_PER_IP_PER_HOUR,
  STATISTICS_EVENTS_PER_IP_PER_HOUR,
  UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR,
} from "#shared/constants.ts";
import { call, errorOf, passwordAccount, signUpByPhone, uniqueEmail, uniqueIp, uniquePhone } from "./auth-fixtures.ts";
import { complete } from "./payment-fixtures.ts";
import { statisticsWritten } from "./statistics-fixtures.ts";

const CONCURRENT = 200;

/** Fires `CONCURRENT` requests at once and tallies the statuses; a 429 says when to retry unless told otherwise. */
async function burst(
  send: (index: number) => Promise<Response>,
  { retryAfter = true } = {},
): Promise<Map<number, number>> {
  const responses = await Promise.all(Array.from({ length: CONCURRENT }, (_, index) => send(index)));
  const statuses = new Map<number, number>();
  for (const res of responses) {
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status === 429 && retryAfter) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    await res.body?.cancel();
  }
  return statuses;
}

async function activeListings(count: number, notOwnedBy = 0) {
  const { results } = await env.DB.prepare(
    "SELECT id FROM listings WHERE status = 'active' AND owner_id <> ? ORDER BY id DESC LIMIT ?",
  )
    .bind(notOwnedBy, count)
    .all<{ id: number }>();
  expect(results).toHaveLength(count);
  return results.map((r) => r.id);
}

async function listingWithStatus(status: string) {
  const row = await env.DB.prepare("SELECT id FROM listings WHERE status = ? ORDER BY id LIMIT 1")
    .bind(status)
    .first<{ id: number }>();
  return row!.id;
}

const count = (sql: string, ...bindings: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...bindings)
    .first<{ n: number }>()
    .then((row) => row!.n);

describe(`${CONCURRENT} concurrent requests at each limit: exactly the limit is accepted`, () => {
  it(`messages to owners: ${MESSAGES_PER_HOUR} an hour per sender, and exactly that many stored`, async () => {
    const { jar, user } = await signUpByPhone();
    const [listing] = await activeListings(1, user.id);
    const statuses = await burst((i) =>
      call(`/api/realty/${listing}/send-message`, { jar, body: { text: `Is it still available? (${i})` } }),
    );
    expect(statuses.get(201)).toBe(MESSAGES_PER_HOUR);
    expect(statuses.get(429)).toBe(CONCURRENT - MESSAGES_PER_HOUR);
    expect(await count("SELECT COUNT(*) AS n FROM messages WHERE sender_id = ?", user.id)).toBe(MESSAGES_PER_HOUR);
  });

  it(`paid phone reveals: ${PHONE_REVEALS_PER_HOUR} reveal intents an hour per account, each paid once`, async () => {
    const { jar, user } = await signUpByPhone();
    const listings = await activeListings(CONCURRENT, user.id);
    // The reveal itself charges nothing (402 until paid); what is limited is starting to pay for one.
    const statuses = await burst((i) =>
      call("/api/cabinet/payment/intent", { jar, body: { realty_id: listings[i], product: "phone_reveal" } }),
    );
    expect(statuses.get(201)).toBe(PHONE_REVEALS_PER_HOUR);
    expect(statuses.get(429)).toBe(CONCURRENT - PHONE_REVEALS_PER_HOUR);
    expect(await count("SELECT COUNT(*) AS n FROM payment_intents WHERE user_id = ?", user.id)).toBe(
      PHONE_REVEALS_PER_HOUR,
    );
    // Pay for one; a number already paid for stays free to see again, over the limit too.
    const intent = await env.DB.prepare("SELECT id, listing_id FROM payment_intents WHERE user_id = ? LIMIT 1")
      .bind(user.id)
      .first<{ id: string; listing_id: number }>();
    expect((await complete(jar, intent!.id)).status).toBe(200);
    const again = await call(`/api/realty/${intent!.listing_id}/reveal-phone-number`, { jar, body: {} });
    expect(again.status).toBe(200);
    // A new one is still refused: the burst spent the reveal allowance, and its 200 attempts the account's
    // PAYMENT_INTENT_WRITES_PER_HOUR as well (decision 049), so even an open intent is not answered again.
    const without = listings.find((id) => id !== intent!.listing_id && id !== undefined)!;
    const more = await call("/api/cabinet/payment/intent", {
      jar,
      body: { realty_id: without, product: "phone_reveal" },
    });
    expect(more.status).toBe(429);
    // 200 intents' checks and writes at once: more work than one counter, so more time on a busy machine.
  }, 20_000);

  it(`feedback questions: ${FEEDBACK_QUESTIONS_PER_IP_PER_HOUR} an hour per address`, async () => {
    const ip = uniqueIp();
    const marker = `burst-${ip}`;
    const statuses = await burst(() =>
      call("/api/feedback/question", {
        ip,
        body: { name: "Ana", email: "ana@example.rs", question: `How do I post a listing? ${marker}` },
      }),
    );
    expect(statuses.get(201)).toBe(FEEDBACK_QUESTIONS_PER_IP_PER_HOUR);
    expect(statuses.get(429)).toBe(CONCURRENT - FEEDBACK_QUESTIONS_PER_IP_PER_HOUR);
    expect(await count("SELECT COUNT(*) AS n FROM feedback_questions WHERE question LIKE ?", `%${marker}`)).toBe(
      FEEDBACK_QUESTIONS_PER_IP_PER_HOUR,
    );
    // Another address is not affected.
    const other = await call("/api/feedback/question", {
      ip: uniqueIp(),
      body: { name: "Ana", email: "ana@example.rs", question: "How do I post a listing?" },
    });
    expect(other.status).toBe(201);
  });

  it(`statistics beacons: ${STATISTICS_EVENTS_PER_IP_PER_HOUR} an hour per address`, async () => {
    const ip = uniqueIp();
    const listings = await activeListings(CONCURRENT);
    const statuses = await burst((i) => call(`/api/statistics/realty/${listings[i]}/phone`, { ip, body: {} }));
    expect(statuses.get(204)).toBe(STATISTICS_EVENTS_PER_IP_PER_HOUR);
    expect(statuses.get(429)).toBe(CONCURRENT - STATISTICS_EVENTS_PER_IP_PER_HOUR);
  });

  it("statistics: one visitor's repeated event on a listing counts once and costs no allowance", async () => {
    const ip = uniqueIp();
    const [listing] = await activeListings(1);
    // Counted through the statistics queue (decision 093): read once what was sent is written.
    const counted = async () => {
      await statisticsWritten();
      return count(
        "SELECT COALESCE(SUM(count), 0) AS n FROM listing_stats WHERE listing_id = ? AND kind = 'map'",
        listing,
      );
    };
    const before = await counted();
    const statuses = await burst(() => call(`/api/statistics/realty/${listing}/map`, { ip, body: {} }));
    expect(statuses.get(204)).toBe(CONCURRENT);
    expect(await counted()).toBe(before + 1);
    // Another visitor's event counts.
    expect((await call(`/api/statistics/realty/${listing}/map`, { ip: uniqueIp(), body: {} })).status).toBe(204);
    expect(await counted()).toBe(before + 2);
  });

  it(`unsubscribe requests: ${UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR} an hour per address`, async () => {
    const ip = uniqueIp();
    const statuses = await burst(() =>
      // Well-formed, but not signed with the secret: each one the limit lets through is refused as forged.
      call("/api/unsubscribe/all", { ip, body: { token: `1.news.mabc12.${"A".repeat(43)}` } }),
    );
    expect(statuses.get(429)).toBe(CONCURRENT - UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR);
    expect(statuses.get(403)).toBe(UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR);
  });
});

describe(`${CONCURRENT} concurrent requests at each account and picture limit`, () => {
  // One clock for the whole burst (X-Debug-Now, honoured from loopback in development): no window ends mid-burst.
  const now = Date.UTC(2026, 8, 1, 10, 0, 30);

  it(`code requests: ${CODE_REQUESTS_PER_IP_PER_HOUR} an hour per address, whatever the identities`, async () => {
    const ip = uniqueIp();
    const statuses = await burst(() => call("/api/user/login/register", { ip, now, body: { email: uniqueEmail() } }));
    expect(statuses.get(202)).toBe(CODE_REQUESTS_PER_IP_PER_HOUR);
    expect(statuses.get(429)).toBe(CONCURRENT - CODE_REQUESTS_PER_IP_PER_HOUR);
  });

  it(`wrong codes: ${CODE_MAX_ATTEMPTS} checked per code and address, then locked for that address`, async () => {
    const phone = uniquePhone();
    const owner = uniqueIp();
    expect((await call("/api/user/login/register", { ip: owner, now, body: { phone } })).status).toBe(202);
    const stranger = uniqueIp();
    const statuses = await burst(
      (i) =>
        call("/api/user/login/phone/verify", {
          ip: stranger,
          now,
          body: { phone, code: String(100_000 + i), remember_me: false },
        }),
      // A locked code is not a wait: a new code is needed (code_locked).
      { retryAfter: false },
    );
    // The right code is one of 10^6: the stranger's guesses are wrong, or refused once the address is locked.
    expect(statuses.get(400)).toBe(CODE_MAX_ATTEMPTS - 1);
    expect(statuses.get(429)).toBe(CONCURRENT - CODE_MAX_ATTEMPTS + 1);
  });

  it(`wrong passwords: ${LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS} checked per account and address`, async () => {
    const { email } = await passwordAccount("the right password");
    const ip = uniqueIp();
    const statuses = await burst((i) =>
      call("/api/auth/login", { ip, now, body: { login: email, password: `wrong guess ${i}`, remember_me: false } }),
    );
    expect(statuses.get(400)).toBe(LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS);
    expect(statuses.get(429)).toBe(CONCURRENT - LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS);
    const owner = await call("/api/auth/login", {
      ip: uniqueIp(),
      now,
      body: { login: email, password: "the right password", remember_me: false },
    });
    expect(owner.status).toBe(200);
  });

  it(`password reset attempts: ${RESET_ATTEMPTS_PER_IP_PER_HOUR} an hour per address`, async () => {
    const ip = uniqueIp();
    const statuses = await burst((i) =>
      call("/api/user/password/reset", {
        ip,
        now,
        body: { reset_token: `${String(i).padStart(4, "0")}${"x".repeat(39)}`, password: "a new password 1" },
      }),
    );
    expect(statuses.get(400)).toBe(RESET_ATTEMPTS_PER_IP_PER_HOUR);
    expect(statuses.get(429)).toBe(CONCURRENT - RESET_ATTEMPTS_PER_IP_PER_HOUR);
  });

  it(`preview pictures: ${PREVIEW_PAINTS_PER_ADDRESS} paint attempts per address and window`, async () => {
    const ip = uniqueIp();
    // Ids no picture exists for (nothing kept to serve instead): each attempt is counted before the lookup.
    const statuses = await burst((i) => call(`/images/listings/${700_000_000 + i}.png`, { ip, now }));
    expect(statuses.get(404)).toBe(PREVIEW_PAINTS_PER_ADDRESS);
    expect(statuses.get(429)).toBe(CONCURRENT - PREVIEW_PAINTS_PER_ADDRESS);
  });
});

describe("a listing that is not public answers exactly like a missing one", () => {
  const MISSING = 999_999_999;

  /** Status and body of a request, with the listing id taken out of the body. */
  async function answer(res: Response, id: number) {
    const text = await res.text();
    return { status: res.status, body: text.replaceAll(String(id), "ID") };
  }

  for (const status of ["draft", "pending", "rejected", "archived"]) {
    it(`${status}: favourites, statistics, details, reveal and messages`, async () => {
      const hidden = await listingWithStatus(status);
      const { jar } = await signUpByPhone();
      const ip = uniqueIp();
      const requests: [string, (id: number) => Promise<Response>][] = [
        ["add-favorite", (id) => call("/api/cabinet/realties/add-favorite", { jar, body: { id } })],
        ["add-favorite ids", (id) => call("/api/cabinet/realties/add-favorite", { jar, body: { ids: [id] } })],
        ["view beacon", (id) => call(`/api/statistics/realty/${id}`, { ip, body: {} })],
        ["phone beacon", (id) => call(`/api/statistics/realty/${id}/phone`, { ip, body: {} })],
        ["detail", (id) => call(`/api/realty/${id}`)],
        ["by ids", (id) => call("/api/realty-by-ids", { body: { ids: [id] } })],
        ["preview", (id) => call(`/api/realty/preview/${id}`, { jar })],
        ["reveal", (id) => call(`/api/realty/${id}/reveal-phone-number`, { jar, body: {} })],
        [
          "reveal intent",
          (id) => call("/api/cabinet/payment/intent", { jar, body: { realty_id: id, product: "phone_reveal" } }),
        ],
        ["message", (id) => call(`/api/realty/${id}/send-message`, { jar, body: { text: "Hello there" } })],
      ];
      for (const [name, send] of requests) {
        const missing = await answer(await send(MISSING), MISSING);
        const hiddenAnswer = await answer(await send(hidden), hidden);
        expect(hiddenAnswer, name).toEqual(missing);
      }
      const ids = await call("/api/cabinet/realties/favorite-ids", { jar });
      expect((await ids.json<{ items: number[] }>()).items).not.toContain(hidden);
    });
  }

  it("the 429 names the rule's wait and the API's error shape", async () => {
    const ip = uniqueIp();
    const body = { name: "Ana", email: "ana@example.rs", question: "How do I post a listing?" };
    for (let i = 0; i < FEEDBACK_QUESTIONS_PER_IP_PER_HOUR; i++) await call("/api/feedback/question", { ip, body });
    const res = await call("/api/feedback/question", { ip, body });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(await errorOf(res)).toMatchObject({ code: "rate_limited" });
  });
});
