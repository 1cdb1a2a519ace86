/**
 * Decision 048: no SMS switch a handful of addresses can flip. An IPv6 client counts by its /64 wherever a
 * per-address limit applies, an IPv6 network (/48) has one SMS allowance, SMS that only say "no account"
 * are not sent, and the budgets of numbers without an account (per number, per country, for everyone)
 * withhold only those SMS — with the same answer — never an account holder's code.
 */
import { describe, expect, it } from "vitest";

/** Bursts of hundreds of requests, and a wait for a fresh hour at worst. */
const BURST_TIMEOUT_MS = 180_000;
import {
  CODE_REQUESTS_PER_IP_PER_HOUR,
  FEEDBACK_QUESTIONS_PER_IP_PER_HOUR,
  SMS_NEW_NUMBER_SENDS_PER_COUNTRY_PER_HOUR,
  SMS_NEW_NUMBER_SENDS_PER_HOUR,
  SMS_NEW_NUMBER_SENDS_PER_NUMBER_PER_HOUR,
  SMS_REQUESTS_PER_NETWORK_PER_HOUR,
} from "#shared/constants.ts";
import { call, errorOf, lastCode, outbox, signUpByPhone, uniqueEmail, uniqueIp, uniquePhone } from "./auth-fixtures.ts";
import { putRateLimitCounter } from "./rate-limit-fixtures.ts";

const S = 1000;
/** Hours far apart from other files' clocks, so fixed windows hold each test. */
const HOUR = (n: number) => Date.UTC(2026, 8, 3, n, 0, 0);

/**
 * A /48 of the documentation range no other test uses. Requests from it are not loopback, so they run on
 * the real clock (decision 026): a burst waits for a fresh hour when the current one is nearly over.
 */
const network48 = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;
async function hourWithRoom(needS: number) {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < needS * S) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/** The requests in parallel batches (the order within a batch does not matter to a fixed window). */
async function fire(count: number, request: (i: number) => Promise<Response>, batch = 20) {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += batch) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, j) => request(start + j)),
    );
    for (const res of answers) {
      statuses.push(res.status);
      await res.body?.cancel();
    }
  }
  return statuses;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** Sets a budget's counter for the hour of `t`, as a flood from many networks would have left it. */
async function spend(key: string, t: number, used: number) {
  const windowStart = Math.floor(t / 3_600_000) * 3_600_000;
  await putRateLimitCounter(key, windowStart, windowStart + 3_600_000, used);
}

describe("no SMS switch a handful of addresses can flip", () => {
  it(
    "320 sign-in requests from 16 addresses of one /64: 20 answered, no SMS; a sign-in elsewhere still works",
    async () => {
      const owner = await signUpByPhone();
      const prefix = `${network48()}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
      const phones = Array.from({ length: 320 }, () => uniquePhone());
      await hourWithRoom(120);
      const statuses = await fire(320, (i) =>
        call("/api/user/login/phone", { body: { phone: phones[i] }, ip: `${prefix}::${(i % 16) + 1}` }),
      );
      expect(count(statuses, 202)).toBe(CODE_REQUESTS_PER_IP_PER_HOUR);
      expect(count(statuses, 429)).toBe(320 - CODE_REQUESTS_PER_IP_PER_HOUR);
      // The numbers have no account: the answers said "if an account exists", and no SMS went to any.
      for (const [i, phone] of phones.entries()) if (statuses[i] === 202) expect(await outbox(phone)).toEqual([]);

      // The owner, from another address, signs in by SMS code; registration and recovery go on too.
      const ip = uniqueIp();
      expect((await call("/api/user/login/phone", { body: { phone: owner.phone }, ip })).status).toBe(202);
      const code = await lastCode(owner.phone);
      expect(code).toMatch(/^\d{6}$/);
      const signedIn = await call("/api/user/login/phone/verify", { body: { phone: owner.phone, code }, ip });
      expect(signedIn.status).toBe(200);
      const newcomer = uniquePhone();
      expect((await call("/api/user/register", { body: { phone: newcomer }, ip: uniqueIp() })).status).toBe(202);
      expect(await lastCode(newcomer)).toMatch(/^\d{6}$/);
      expect(
        (await call("/api/user/password/recovery/code/phone", { body: { phone: owner.phone }, ip: uniqueIp() })).status,
      ).toBe(202);
      expect((await outbox(owner.phone))[0]).toMatchObject({
        purpose: "recovery",
        code: expect.stringMatching(/^\d{6}$/),
      });
    },
    BURST_TIMEOUT_MS,
  );

  it(
    "an IPv6 network's /64s share one SMS allowance per hour; its e-mail and other networks go on",
    async () => {
      const net = network48();
      const perPrefix = CODE_REQUESTS_PER_IP_PER_HOUR;
      const prefixes = SMS_REQUESTS_PER_NETWORK_PER_HOUR / perPrefix + 1;
      await hourWithRoom(120);
      const statuses = await fire(prefixes * perPrefix, (i) =>
        call("/api/user/register", {
          body: { phone: uniquePhone() },
          ip: `${net}:${Math.floor(i / perPrefix).toString(16)}::${(i % perPrefix) + 1}`,
        }),
      );
      expect(count(statuses, 202)).toBe(SMS_REQUESTS_PER_NETWORK_PER_HOUR);
      expect(count(statuses, 429)).toBe(perPrefix);
      const fresh = `${net}:ffff::1`;
      const refused = await call("/api/user/register", { body: { phone: uniquePhone() }, ip: fresh });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await errorOf(refused)).fields).toHaveProperty("phone");
      expect((await call("/api/user/register/email", { body: { email: uniqueEmail() }, ip: fresh })).status).toBe(202);
      expect(
        (await call("/api/user/register", { body: { phone: uniquePhone() }, ip: `${network48()}:1::1` })).status,
      ).toBe(202);
    },
    BURST_TIMEOUT_MS,
  );

  it(
    "every per-address rule counts an IPv6 client by its /64",
    async () => {
      const prefix = `${network48()}:7`;
      await hourWithRoom(60);
      const ask = (ip: string, i: number) =>
        call("/api/feedback/question", {
          body: { name: "Ana", email: "ana@example.rs", question: `How do I post a listing? ${i}` },
          ip,
        });
      const statuses = await fire(FEEDBACK_QUESTIONS_PER_IP_PER_HOUR + 1, (i) => ask(`${prefix}::${i + 1}`, i), 1);
      expect(count(statuses, 201)).toBe(FEEDBACK_QUESTIONS_PER_IP_PER_HOUR);
      expect(statuses.at(-1)).toBe(429);
      expect((await ask(`${prefix}1::1`, 99)).status).toBe(201);
    },
    BURST_TIMEOUT_MS,
  );
});

describe("fewer SMS to numbers without an account", { timeout: 60_000 }, () => {
  it("sign-in and recovery by phone for a number without an account: the same 202, no SMS", async () => {
    const known = await signUpByPhone();
    const t = HOUR(1);
    for (const path of ["/api/user/login/phone", "/api/user/password/recovery/code/phone"]) {
      const missing = uniquePhone();
      const answers = [];
      for (const phone of [known.phone, missing]) {
        const res = await call(path, { body: { phone }, ip: uniqueIp(), now: t });
        answers.push({ status: res.status, body: await res.text() });
      }
      expect(answers[0], path).toEqual(answers[1]);
      expect(answers[0]!.status, path).toBe(202);
      expect(await outbox(missing), path).toEqual([]);
    }
    expect((await outbox(known.phone)).length).toBe(3); // registration, sign-in and recovery codes
  });

  it("past the site-wide budget SMS to numbers without an account are withheld, alike; account holders get theirs", async () => {
    const known = await signUpByPhone();
    const t = HOUR(2);
    await spend("sms:all", t, SMS_NEW_NUMBER_SENDS_PER_HOUR);
    let clock = t;
    // A minute apart: one identity's codes keep the resend interval.
    const answer = async (path: string, body: object) => {
      clock += 61 * S;
      const res = await call(path, { body, ip: uniqueIp(), now: clock });
      return { status: res.status, body: await res.text(), retryAfter: res.headers.get("retry-after") };
    };
    const missing = uniquePhone();
    const [toMissing, toKnown] = [
      await answer("/api/user/register", { phone: missing }),
      await answer("/api/user/register", { phone: known.phone }),
    ];
    expect(toMissing).toEqual(toKnown);
    expect(toMissing.status).toBe(202);
    expect(await outbox(missing)).toEqual([]);
    expect((await outbox(known.phone))[0]).toMatchObject({ purpose: "register", code: "" });

    // An account holder's sign-in ("sign in or create" too) and recovery codes still go out.
    for (const path of [
      "/api/user/login/phone",
      "/api/user/login/register",
      "/api/user/password/recovery/code/phone",
    ]) {
      expect((await answer(path, { phone: known.phone })).status, path).toBe(202);
      expect((await outbox(known.phone))[0]!.code, path).toMatch(/^\d{6}$/);
    }
    const another = uniquePhone();
    expect((await answer("/api/user/login/register", { phone: another })).status).toBe(202);
    expect(await outbox(another)).toEqual([]);
    // E-mail is not SMS.
    const email = uniqueEmail();
    expect((await answer("/api/user/register/email", { email })).status).toBe(202);
    expect(await lastCode(email)).toMatch(/^\d{6}$/);
  });

  it("a country's budget withholds only its numbers without an account", async () => {
    const t = HOUR(3);
    await spend("sms:country:ME", t, SMS_NEW_NUMBER_SENDS_PER_COUNTRY_PER_HOUR);
    const montenegro = `+38267${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
    expect((await call("/api/user/register", { body: { phone: montenegro }, ip: uniqueIp(), now: t })).status).toBe(
      202,
    );
    expect(await outbox(montenegro)).toEqual([]);
    const serbia = uniquePhone();
    expect((await call("/api/user/register", { body: { phone: serbia }, ip: uniqueIp(), now: t })).status).toBe(202);
    expect(await lastCode(serbia)).toMatch(/^\d{6}$/);
  });

  it(`a number without an account gets at most ${SMS_NEW_NUMBER_SENDS_PER_NUMBER_PER_HOUR} SMS an hour`, async () => {
    const phone = uniquePhone();
    const t = HOUR(4);
    const tries = SMS_NEW_NUMBER_SENDS_PER_NUMBER_PER_HOUR + 2;
    for (let i = 0; i < tries; i++) {
      const res = await call("/api/user/register", { body: { phone }, ip: uniqueIp(), now: t + i * 61 * S });
      expect(res.status).toBe(202);
    }
    expect(await outbox(phone)).toHaveLength(SMS_NEW_NUMBER_SENDS_PER_NUMBER_PER_HOUR);
  });
});
