/**
 * Decision 026: no account oracle, no targeted lockouts, the SMS
 * ceiling and country list, the session family bound to its user, a weak JWT_SECRET refused, and
 * development knobs only on loopback.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { sign } from "hono/jwt";
import { describe, expect, it, vi } from "vitest";
import {
  CODE_MAX_ATTEMPTS,
  CODE_REQUESTS_PER_IP_PER_HOUR,
  LOGIN_FAILURES_PER_IDENTITY,
  LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS,
} from "#shared/constants.ts";
import examples from "libphonenumber-js/examples.mobile.json";
import { type CountryCode, getCountryCallingCode } from "libphonenumber-js/core";
import { phoneMetadata } from "#shared/phone/metadata.ts";
import { api } from "#worker/api/index.ts";
import { browserInit } from "#tests/fixtures/requests.ts";
import { DEV_JWT_SECRET } from "#worker/auth/tokens.ts";
import {
  call,
  errorOf,
  type Jar,
  lastCode,
  ORIGIN,
  outbox,
  signUpBearer,
  signUpByPhone,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
  uniqueRemoteIp,
  passwordAccount,
} from "./auth-fixtures.ts";

const S = 1000;
/** Hours far apart from other files' clocks, so fixed windows hold each test. */
const HOUR = (n: number) => Date.UTC(2026, 7, 1, n, 0, 0);

/** What an answer shows a requester: status, body and the headers that could differ. */
async function shape(res: Response) {
  return {
    status: res.status,
    body: await res.text(),
    retryAfter: res.headers.get("retry-after"),
    contentType: res.headers.get("content-type"),
    attemptsLeft: res.headers.get("x-attempts-left"),
  };
}

describe("no account oracle", () => {
  it("every identity-taking request answers alike for an existing and a missing identity", async () => {
    const existing = await signUpByPhone();
    const existingEmail = uniqueEmail();
    const withEmail = await signUpByPhone();
    await env.DB.prepare("UPDATE users SET email = ?, email_verified_at = 1 WHERE id = ?")
      .bind(existingEmail, withEmail.user.id)
      .run();
    const me = await signUpByPhone();
    const t = HOUR(1);
    const cases: { path: string; body: (id: string) => object; kind: "phone" | "email"; jar?: Jar }[] = [
      { path: "/api/user/login/phone", body: (phone) => ({ phone }), kind: "phone" },
      { path: "/api/user/login/email", body: (email) => ({ email }), kind: "email" },
      { path: "/api/user/password/recovery/code/phone", body: (phone) => ({ phone }), kind: "phone" },
      { path: "/api/user/password/recovery/code/email", body: (email) => ({ email }), kind: "email" },
      { path: "/api/user/password/recovery/code/credential", body: (login) => ({ login }), kind: "email" },
      { path: "/api/user/register", body: (phone) => ({ phone, name: "N" }), kind: "phone" },
      { path: "/api/user/register/email", body: (email) => ({ email, name: "N" }), kind: "email" },
      {
        path: "/api/user/register/password",
        body: (login) => ({ login, password: "long enough password" }),
        kind: "email",
      },
      { path: "/api/cabinet/update-phone", body: (phone) => ({ phone }), kind: "phone", jar: me.jar },
      { path: "/api/cabinet/update-email", body: (email) => ({ email }), kind: "email", jar: me.jar },
    ];
    for (const [index, item] of cases.entries()) {
      const now = t + index * 120 * S;
      const known = item.kind === "phone" ? existing.phone : existingEmail;
      const unknown = item.kind === "phone" ? uniquePhone() : uniqueEmail();
      const answers = [];
      for (const identity of [known, unknown]) {
        // First request, an immediate second one (resend interval), then a wrong code.
        const ip = uniqueIp();
        const first = await shape(await call(item.path, { body: item.body(identity), ip, now, jar: item.jar }));
        const second = await shape(
          await call(item.path, { body: item.body(identity), ip, now: now + S, jar: item.jar }),
        );
        answers.push({ first, second });
      }
      expect(answers[0], item.path).toEqual(answers[1]);
      expect(answers[0]!.first.status, item.path).toBe(202);
      expect(answers[0]!.second.status, item.path).toBe(429);
    }
  });

  it("the person at the address learns the truth through the sender, in the request's language", async () => {
    const { phone } = await signUpByPhone();
    const missing = uniqueEmail();
    const t = HOUR(2);
    expect((await call("/api/user/register?locale=ru", { body: { phone }, ip: uniqueIp(), now: t })).status).toBe(202);
    const [exists] = await outbox(phone);
    expect(exists).toMatchObject({ purpose: "register", code: "" });
    expect(exists!.body).toMatch(/у вас уже есть аккаунт/);

    const res = await call("/api/user/login/email", {
      body: { email: missing },
      ip: uniqueIp(),
      now: t,
      headers: { "accept-language": "sr" },
    });
    expect(res.status).toBe(202);
    const [none] = await outbox(missing);
    expect(none).toMatchObject({ purpose: "login", code: "" });
    expect(none!.body).toMatch(/nalog sa tim podacima ne postoji/);
  });

  it("verifying a notice's (absent) code fails exactly like a wrong code for a real one", async () => {
    const known = await signUpByPhone();
    const unknown = uniquePhone();
    const t = HOUR(3);
    const answers = [];
    for (const phone of [known.phone, unknown]) {
      const ip = uniqueIp();
      await call("/api/user/login/phone", { body: { phone }, ip, now: t });
      const guess = await call("/api/user/login/phone/verify", { body: { phone, code: "123456" }, ip, now: t + S });
      answers.push(await shape(guess));
    }
    // The known account's code might be 123456 itself (one in a million): then nothing is compared.
    if ((await lastCode(known.phone)) !== "123456") expect(answers[0]).toEqual(answers[1]);
    expect(answers[1]!.status).toBe(400);
    expect(JSON.parse(answers[1]!.body)).toMatchObject({ error: { code: "code_wrong" } });
  });

  it("an address's identity requests count before any lookup: enumeration is throttled", async () => {
    const ip = uniqueIp();
    const t = HOUR(4);
    const statuses: number[] = [];
    for (let i = 0; i < CODE_REQUESTS_PER_IP_PER_HOUR + 3; i++) {
      const res = await call("/api/user/login/email", { body: { email: uniqueEmail() }, ip, now: t + i * S });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(CODE_REQUESTS_PER_IP_PER_HOUR);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  });
});

describe("no targeted lockouts", () => {
  it("made-up reset tokens from another address never void the genuine one", async () => {
    const owner = await signUpByPhone();
    const t = HOUR(5);
    await call("/api/user/password/recovery/code/phone", { body: { phone: owner.phone }, ip: owner.ip, now: t });
    const verify = await call("/api/user/password/recovery/code/phone/verify", {
      body: { phone: owner.phone, code: await lastCode(owner.phone) },
      ip: owner.ip,
      now: t + S,
    });
    expect(verify.status).toBe(200);
    const { reset_token } = (await verify.json<{ data: { reset_token: string } }>()).data;
    // Unguessable: 256 bits, naming no account.
    expect(reset_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reset_token.startsWith(`${owner.user.id}.`)).toBe(false);

    const stranger = uniqueIp();
    for (let i = 0; i < 10; i++) {
      const forged = `${reset_token.slice(0, 42)}${"ABCDEFGHIJ"[i]}`;
      const res = await call("/api/user/password/reset", {
        body: { reset_token: forged === reset_token ? "x".repeat(43) : forged, password: "stolen password" },
        ip: stranger,
        now: t + 2 * S,
      });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_reset_token");
    }
    const genuine = await call("/api/user/password/reset", {
      body: { reset_token, password: "owner's new password" },
      ip: owner.ip,
      now: t + 3 * S,
    });
    expect(genuine.status).toBe(200);
  });

  it("a stranger's wrong codes lock only the stranger; the owner uses the code, or requests a fresh one", async () => {
    const owner = await signUpByPhone();
    const t = HOUR(6);
    const stranger = uniqueIp();
    await call("/api/user/login/phone", { body: { phone: owner.phone }, ip: stranger, now: t });
    const code = await lastCode(owner.phone);
    const wrong = code === "000000" ? "999999" : "000000";
    const strangerAnswers: number[] = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS + 2; i++) {
      const res = await call("/api/user/login/phone/verify", {
        body: { phone: owner.phone, code: wrong },
        ip: stranger,
        now: t + (i + 1) * S,
      });
      strangerAnswers.push(res.status);
    }
    expect(strangerAnswers.slice(-3)).toEqual([429, 429, 429]);
    // The stranger's own requests for codes do not use up the owner's budget either.
    for (let i = 0; i < 10; i++) {
      await call("/api/user/login/phone", { body: { phone: owner.phone }, ip: stranger, now: t + (61 + i) * S });
    }
    const fresh = await call("/api/user/login/phone", {
      body: { phone: owner.phone },
      ip: owner.ip,
      now: t + 200 * S,
    });
    expect(fresh.status).toBe(202);
    const signedIn = await call("/api/user/login/phone/verify", {
      body: { phone: owner.phone, code: await lastCode(owner.phone) },
      ip: owner.ip,
      now: t + 201 * S,
    });
    expect(signedIn.status).toBe(200);
  });

  it("a stranger hammering passwords from one address does not stop the owner at another", async () => {
    const password = "the owner's password";
    const { email } = await passwordAccount(password);
    const t = HOUR(7);
    const attacker = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS + 5; i++) {
      const res = await call("/api/auth/login", {
        body: { login: email, password: `guess ${i}` },
        ip: attacker,
        now: t + i * S,
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    const owner = await call("/api/auth/login", {
      body: { login: email, password },
      ip: uniqueIp(),
      now: t + 30 * S,
    });
    expect(owner.status).toBe(200);
  });

  it("past the identity-wide ceiling failing addresses are slowed, a clean address still signs in", async () => {
    const password = "the owner's password";
    const { email } = await passwordAccount(password);
    const t = HOUR(8);
    const attackers = Array.from({ length: 3 }, () => uniqueIp());
    let failures = 0;
    let second = 0;
    // Spread over addresses, under each address's own limit, until the identity-wide ceiling.
    while (failures < LOGIN_FAILURES_PER_IDENTITY) {
      const ip = attackers[failures % attackers.length]!;
      const res = await call("/api/auth/login", {
        body: { login: email, password: "guess" },
        ip,
        now: t + second++ * S,
      });
      expect(res.status).toBe(400);
      failures++;
    }
    // One more failure from an address that has failed: allowed once, then it has to wait, longer each time.
    const past = await call("/api/auth/login", {
      body: { login: email, password: "guess" },
      ip: attackers[0],
      now: t + second * S,
    });
    expect(past.status).toBe(400);
    const slowed = await call("/api/auth/login", {
      body: { login: email, password: "guess" },
      ip: attackers[0],
      now: t + second * S,
    });
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    // A delay, not a lock: after the wait the address may try again.
    const afterWait = await call("/api/auth/login", {
      body: { login: email, password: "guess" },
      ip: attackers[2],
      now: t + (second + 1) * S,
    });
    expect(afterWait.status).toBe(400);
    // Even the right password waits from a failing address…
    const fromFailing = await call("/api/auth/login", {
      body: { login: email, password },
      ip: attackers[1],
      now: t + second * S,
    });
    expect([200, 429]).toContain(fromFailing.status);
    // …but an address without failures signs in at once.
    const owner = await call("/api/auth/login", {
      body: { login: email, password },
      ip: uniqueIp(),
      now: t + second * S,
    });
    expect(owner.status).toBe(200);
  });

  it("successes never count: the owner signs in again and again from one address", async () => {
    const password = "the owner's password";
    const { email } = await passwordAccount(password);
    const t = HOUR(9);
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS + 3; i++) {
      const res = await call("/api/auth/login", { body: { login: email, password }, ip, now: t + i * S });
      expect(res.status).toBe(200);
    }
    // One typo short of the limit, then the right password still works.
    for (let i = 0; i < LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS - 1; i++) {
      await call("/api/auth/login", { body: { login: email, password: "typo" }, ip, now: t + (20 + i) * S });
    }
    expect((await call("/api/auth/login", { body: { login: email, password }, ip, now: t + 40 * S })).status).toBe(200);
  });

  it("update-password: failures per account and address; a success does not count", async () => {
    const { jar, ip } = await signUpByPhone();
    expect((await call("/api/cabinet/password", { body: { password: "first password" }, jar })).status).toBe(200);
    const t = HOUR(10);
    for (let i = 0; i < LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS; i++) {
      const res = await call("/api/cabinet/update-password", {
        body: { current_password: "wrong one", password: "second password" },
        jar,
        ip,
        now: t + i * S,
      });
      expect(res.status).toBe(400);
    }
    const blocked = await call("/api/cabinet/update-password", {
      body: { current_password: "first password", password: "second password" },
      jar,
      ip,
      now: t + 20 * S,
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await call("/api/cabinet/update-password", {
      body: { current_password: "first password", password: "second password" },
      jar,
      ip: uniqueIp(),
      now: t + 21 * S,
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("SMS", () => {
  it("a number outside the allowed countries is a 400 naming the field, whoever owns it", async () => {
    const mobile = (country: CountryCode) =>
      `+${getCountryCallingCode(country, phoneMetadata)}${examples[country as keyof typeof examples]}`;
    for (const country of ["GB", "DE", "US", "CU"] as const) {
      const res = await call("/api/user/login/phone", { body: { phone: mobile(country) }, ip: uniqueIp() });
      expect(res.status, country).toBe(400);
      expect(await errorOf(res), country).toMatchObject({
        code: "sms_country_not_allowed",
        fields: { phone: "auth.error.smsCountry" },
      });
    }
    // Serbia's region is allowed by default (wrangler.toml SMS_ALLOWED_COUNTRIES).
    for (const country of ["RS", "ME", "BA", "HR", "MK", "SI", "AL", "XK"] as const) {
      expect(
        (await call("/api/user/register", { body: { phone: mobile(country) }, ip: uniqueIp() })).status,
        country,
      ).toBe(202);
    }
  });
});

describe("sessions", () => {
  it("a token naming one user with another user's session family is refused", async () => {
    const victim = await signUpBearer();
    const attacker = await signUpBearer();
    const claims = JSON.parse(atob(attacker.access_token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign(
      { sub: String(victim.data.user.id), role: "user", fam: claims.fam, iat: now, exp: now + 600, typ: "access" },
      DEV_JWT_SECRET,
      "HS256",
    );
    const res = await call("/api/cabinet/user", { headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
    // The attacker's own token still works: the check binds, it does not break.
    const own = await call("/api/cabinet/user", { headers: { authorization: `Bearer ${attacker.access_token}` } });
    expect(own.status).toBe(200);
  });

  describe("outside development a weak JWT_SECRET is refused", () => {
    async function viaApi(path: string, init: RequestInit, bindings: object) {
      const ctx = createExecutionContext();
      const res = await api.fetch(new Request(`${ORIGIN}${path}`, init), bindings, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    }
    for (const [what, secret, message] of [
      ["the development key", DEV_JWT_SECRET, /development key/],
      ["a key shorter than 32 bytes", "too-short-secret-31-bytes-long!", /31 bytes, shorter than 32/],
    ] as const) {
      it(`${what}: 503 and one log line naming the problem, not the key`, async () => {
        const bindings = { ...env, ENVIRONMENT: "production", JWT_SECRET: secret };
        const { email } = await passwordAccount("production pass");
        const errors = vi.spyOn(console, "error").mockImplementation(() => {});
        try {
          const res = await viaApi(
            "/api/auth/login",
            {
              method: "POST",
              headers: { "content-type": "application/json", "cf-connecting-ip": uniqueRemoteIp() },
              body: JSON.stringify({ login: email, password: "production pass" }),
            },
            bindings,
          );
          expect(res.status).toBe(503);
          expect((await errorOf(res)).code).toBe("auth_unavailable");
          const lines = errors.mock.calls.map((args) => args.join(" "));
          expect(lines).toHaveLength(1);
          expect(lines[0]).toMatch(message);
          expect(lines[0]).not.toContain(secret);
          // Signed-in endpoints too; anonymous content still answers.
          expect(
            (await viaApi("/api/cabinet/user", { headers: { authorization: "Bearer a.b.c" } }, bindings)).status,
          ).toBe(503);
          expect((await viaApi("/api/cities", {}, bindings)).status).toBe(200);
        } finally {
          errors.mockRestore();
        }
      });
    }
  });
});

describe("development endpoints and headers", () => {
  it("the outbox requires `to` (400 naming it)", async () => {
    const res = await call("/api/dev/outbox");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty("to");
    expect((await call("/api/dev/outbox?to=")).status).toBe(400);
  });

  it("work only from a loopback address, even in development", async () => {
    const phone = uniquePhone();
    await call("/api/user/register", { body: { phone }, ip: uniqueIp() });
    const remote = uniqueRemoteIp();
    expect((await call(`/api/dev/outbox?to=${encodeURIComponent(phone)}`, { ip: remote })).status).toBe(404);
    expect((await call(`/api/dev/outbox?to=${encodeURIComponent(phone)}`, { ip: "127.0.0.1" })).status).toBe(200);
    expect((await call(`/api/dev/outbox?to=${encodeURIComponent(phone)}`, { ip: "::1" })).status).toBe(200);

    // X-Debug-Now moves the clock only from loopback: far in the future a fresh session's token has expired.
    const { jar, ip } = await signUpByPhone();
    const far = Date.now() + 400 * 86_400_000;
    const local = await call("/api/cabinet/user", { jar: jar.clone(), ip, headers: { "x-debug-now": String(far) } });
    expect(local.status).toBe(401);
    const fromAfar = await call("/api/cabinet/user", {
      jar: jar.clone(),
      ip: remote,
      headers: { "x-debug-now": String(far) },
    });
    expect(fromAfar.status).toBe(200);
  });

  it("X-Debug-Api-Status and X-Debug-Fault are ignored from a remote address", async () => {
    const page = (path: string, headers: Record<string, string>) =>
      SELF.fetch(`${ORIGIN}${path}`, browserInit({ headers }));
    expect((await page("/about/", { "x-debug-fault": "loader", "cf-connecting-ip": "127.0.0.1" })).status).toBe(500);
    expect((await page("/about/", { "x-debug-fault": "loader", "cf-connecting-ip": uniqueRemoteIp() })).status).toBe(
      200,
    );
    const beograd = "/buy/apartment/beograd/";
    expect((await page(beograd, { "x-debug-api-status": "500", "cf-connecting-ip": "::1" })).status).toBe(503);
    expect((await page(beograd, { "x-debug-api-status": "500", "cf-connecting-ip": uniqueRemoteIp() })).status).toBe(
      200,
    );
  });
});
