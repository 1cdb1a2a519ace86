import { describe, expect, it } from "vitest";
import {
  CODE_MAX_ATTEMPTS,
  CODE_REQUESTS_PER_IDENTITY_PER_ADDRESS_PER_HOUR,
  CODE_REQUESTS_PER_IDENTITY_PER_HOUR,
  CODE_REQUESTS_PER_IP_PER_HOUR,
  CODE_TTL_S,
  LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS,
} from "#shared/constants.ts";
import { call, errorOf, lastCode, outbox, signUpByPhone, uniqueEmail, uniqueIp, uniquePhone } from "./auth-fixtures.ts";

const S = 1000;
/** The start of an hour, so fixed hourly windows hold the whole test. */
const HOUR0 = Date.UTC(2026, 5, 2, 10, 0, 0);

const wrongOf = (code: string) => (code === "000000" ? "999999" : "000000");

describe("one-time codes", () => {
  it("5 wrong attempts lock the code (429), even the right code is refused; a new code works", async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    await call("/api/user/register", { body: { phone }, ip, now: HOUR0 });
    const code = await lastCode(phone);
    for (let attempt = 1; attempt < CODE_MAX_ATTEMPTS; attempt++) {
      const res = await call("/api/user/register/verify", {
        body: { phone, code: wrongOf(code) },
        ip,
        now: HOUR0 + attempt * S,
      });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "code_wrong", fields: { code: "auth.error.codeWrong" } });
      expect(res.headers.get("x-attempts-left")).toBe(String(CODE_MAX_ATTEMPTS - attempt));
    }
    const fifth = await call("/api/user/register/verify", {
      body: { phone, code: wrongOf(code) },
      ip,
      now: HOUR0 + 10 * S,
    });
    expect(fifth.status).toBe(429);
    expect((await errorOf(fifth)).code).toBe("code_locked");
    const right = await call("/api/user/register/verify", { body: { phone, code }, ip, now: HOUR0 + 11 * S });
    expect(right.status).toBe(429);

    await call("/api/user/register", { body: { phone }, ip, now: HOUR0 + 61 * S });
    const fresh = await lastCode(phone);
    expect(
      (await call("/api/user/register/verify", { body: { phone, code: fresh }, ip, now: HOUR0 + 62 * S })).status,
    ).toBe(201);
  });

  it(`is valid for ${CODE_TTL_S} s: at 599 s yes, at 600 s a new code is needed`, async () => {
    const a = uniqueEmail();
    await call("/api/user/register/email", { body: { email: a }, ip: uniqueIp(), now: HOUR0 });
    expect(
      (
        await call("/api/user/register/email/verify", {
          body: { email: a, code: await lastCode(a) },
          now: HOUR0 + 599 * S,
        })
      ).status,
    ).toBe(201);

    const b = uniqueEmail();
    await call("/api/user/register/email", { body: { email: b }, ip: uniqueIp(), now: HOUR0 });
    const late = await call("/api/user/register/email/verify", {
      body: { email: b, code: await lastCode(b) },
      now: HOUR0 + 600 * S,
    });
    expect(late.status).toBe(400);
    expect(await errorOf(late)).toMatchObject({ code: "code_expired", fields: { code: "auth.error.codeExpired" } });
  });

  it("is single use, bound to its identity and purpose, and replaced by a newer code", async () => {
    const { phone, ip } = await signUpByPhone({ now: HOUR0 });
    // The registration code was used: it cannot sign in.
    const registerCode = (await outbox(phone)).find((item) => item.purpose === "register")!.code;
    expect(
      (await call("/api/user/login/phone/verify", { body: { phone, code: registerCode }, ip, now: HOUR0 + S })).status,
    ).toBe(400);

    await call("/api/user/login/phone", { body: { phone }, ip, now: HOUR0 + 2 * S });
    const first = await lastCode(phone);
    // Another identity cannot use it.
    expect(
      (
        await call("/api/user/login/phone/verify", {
          body: { phone: uniquePhone(), code: first },
          ip,
          now: HOUR0 + 3 * S,
        })
      ).status,
    ).toBe(400);
    // A code for another purpose is not a login code.
    expect(
      (await call("/api/user/register/verify", { body: { phone, code: first }, ip, now: HOUR0 + 3 * S })).status,
    ).toBe(400);
    await call("/api/user/login/phone", { body: { phone }, ip, now: HOUR0 + 70 * S });
    const second = await lastCode(phone);
    if (second !== first) {
      expect(
        (await call("/api/user/login/phone/verify", { body: { phone, code: first }, ip, now: HOUR0 + 71 * S })).status,
      ).toBe(400);
    }
    expect(
      (await call("/api/user/login/phone/verify", { body: { phone, code: second }, ip, now: HOUR0 + 72 * S })).status,
    ).toBe(200);
    expect(
      (await call("/api/user/login/phone/verify", { body: { phone, code: second }, ip, now: HOUR0 + 73 * S })).status,
    ).toBe(400);
  });

  it("malformed codes are 400 invalid_input", async () => {
    for (const code of ["12345", "1234567", "abcdef", 123456, null]) {
      const res = await call("/api/user/register/verify", { body: { phone: uniquePhone(), code } });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.code).toBe("auth.invalid.code");
    }
  });
});

describe("rate limits", () => {
  it("one code per identity per minute (429 with Retry-After)", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    expect((await call("/api/user/register/email", { body: { email }, ip, now: HOUR0 })).status).toBe(202);
    const again = await call("/api/user/register/email", { body: { email }, ip, now: HOUR0 + 59 * S });
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toBe("1");
    expect(await errorOf(again)).toMatchObject({ code: "rate_limited", fields: { email: "form.error.rateLimited" } });
    expect((await call("/api/user/register/email", { body: { email }, ip, now: HOUR0 + 60 * S })).status).toBe(202);
  });

  it(`at most ${CODE_REQUESTS_PER_IDENTITY_PER_ADDRESS_PER_HOUR} codes per identity from one address, ${CODE_REQUESTS_PER_IDENTITY_PER_HOUR} from all, per hour`, async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    let minute = 0;
    const request = (from: string) =>
      call("/api/user/register/email", { body: { email }, ip: from, now: HOUR0 + minute++ * 61 * S });
    for (let i = 0; i < CODE_REQUESTS_PER_IDENTITY_PER_ADDRESS_PER_HOUR; i++)
      expect((await request(ip)).status).toBe(202);
    expect((await request(ip)).status).toBe(429);
    // Another address still gets codes for the identity, up to the identity-wide ceiling.
    for (let i = CODE_REQUESTS_PER_IDENTITY_PER_ADDRESS_PER_HOUR; i < CODE_REQUESTS_PER_IDENTITY_PER_HOUR; i++) {
      expect((await request(uniqueIp())).status).toBe(202);
    }
    expect((await request(uniqueIp())).status).toBe(429);
    expect(
      (await call("/api/user/register/email", { body: { email }, ip: uniqueIp(), now: HOUR0 + 3600 * S })).status,
    ).toBe(202);
  });

  it(`at most ${CODE_REQUESTS_PER_IP_PER_HOUR} codes per IP per hour — exactly, even when the requests race`, async () => {
    const ip = uniqueIp();
    const results = await Promise.all(
      Array.from({ length: CODE_REQUESTS_PER_IP_PER_HOUR + 10 }, () =>
        call("/api/user/register/email", { body: { email: uniqueEmail() }, ip, now: HOUR0 + 5 * S }).then(
          (res) => res.status,
        ),
      ),
    );
    expect(results.filter((status) => status === 202)).toHaveLength(CODE_REQUESTS_PER_IP_PER_HOUR);
    expect(results.filter((status) => status === 429)).toHaveLength(10);
  });

  it(`password sign-in: at most ${LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS} failures per identity from one address per 15 minutes`, async () => {
    const login = uniqueEmail();
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS; i++) {
      const res = await call("/api/auth/login", { body: { login, password: `guess ${i}` }, ip, now: HOUR0 + i * S });
      expect(res.status).toBe(400);
    }
    const over = await call("/api/auth/login", { body: { login, password: "guess x" }, ip, now: HOUR0 + 20 * S });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
