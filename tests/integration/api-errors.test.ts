import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { api } from "#worker/api/index.ts";
import { hashPassword } from "#worker/auth/passwords.ts";
import { ORIGIN, uniqueEmail, uniqueIp } from "./auth-fixtures.ts";

/** What D1 says when a query meets a broken schema: nothing a visitor should read. */
const D1_MESSAGE = "D1_ERROR: no such table: cities: SQLITE_ERROR";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A DB binding whose every call fails with the D1 message. */
const brokenDb = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error(D1_MESSAGE);
    },
  },
) as D1Database;

async function viaApi(path: string, bindings: object, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await api.fetch(new Request(`${ORIGIN}${path}`, init), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

interface ErrorBody {
  error: { code: string; message: string; request_id?: string; fields?: Record<string, string> };
}

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

describe("an API 500", () => {
  it("names a request id, not the exception, and logs the exception in full under that id", async () => {
    const res = await viaApi("/api/cities", { ...env, DB: brokenDb });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("D1_ERROR");
    expect(text).not.toContain("no such table");
    expect(text).not.toMatch(/at .*\.(ts|js)/);
    const { error } = JSON.parse(text) as ErrorBody;
    expect(error.code).toBe("server_error");
    expect(error.message).toBe("Server error");
    expect(error.request_id).toMatch(UUID);
    expect(res.headers.get("x-request-id")).toBe(error.request_id);

    const line = JSON.stringify(logged.mock.calls);
    expect(line).toContain(error.request_id);
    expect(line).toContain(D1_MESSAGE);
    expect(line).toMatch(/"stack":"Error: D1_ERROR/);
  });

  it("carries the exception's message when ERROR_LOGGING is true", async () => {
    const res = await viaApi("/api/cities", { ...env, DB: brokenDb, ERROR_LOGGING: "true" });
    expect(res.status).toBe(500);
    const { error } = await res.json<ErrorBody>();
    expect(error).toEqual({ code: "server_error", message: D1_MESSAGE, request_id: expect.stringMatching(UUID) });
  });

  it("gets a new id per request, and Cloudflare's ray id when the request has one", async () => {
    const broken = { ...env, DB: brokenDb };
    const a = (await (await viaApi("/api/cities", broken)).json<ErrorBody>()).error.request_id;
    const b = (await (await viaApi("/api/cities", broken)).json<ErrorBody>()).error.request_id;
    expect(a).not.toBe(b);
    const ray = "8f1e2d3c4b5a6978-BEG";
    const rayed = await viaApi("/api/cities", broken, { headers: { "cf-ray": ray } });
    expect((await rayed.json<ErrorBody>()).error.request_id).toBe(ray);
    expect(rayed.headers.get("x-request-id")).toBe(ray);
    const junk = await viaApi("/api/cities", broken, { headers: { "cf-ray": "<b>not a ray</b>" } });
    expect((await junk.json<ErrorBody>()).error.request_id).toMatch(UUID);
  });
});

describe("a 503 of an unavailable payment provider", () => {
  const production = { ...env, ENVIRONMENT: "production", JWT_SECRET: "test-production-secret-0123456789abcdef" };

  /** A bearer access token of a new password account, signed with the production secret. */
  async function signedIn(bindings: object): Promise<string> {
    const email = uniqueEmail();
    const password = await hashPassword("production pass");
    await env.DB.prepare(
      "INSERT INTO users (name, email, role, created_at, email_verified_at, password_hash, password_salt, password_iterations) VALUES ('P', ?, 'user', 0, 0, ?, ?, ?)",
    )
      .bind(email, password.hash, password.salt, password.iterations)
      .run();
    const res = await viaApi("/api/auth/login", bindings, {
      method: "POST",
      headers: { "content-type": "application/json", "x-auth-mode": "bearer", "cf-connecting-ip": uniqueIp() },
      body: JSON.stringify({ login: email, password: "production pass", remember_me: false }),
    });
    expect(res.status).toBe(200);
    return (await res.json<{ access_token: string }>()).access_token;
  }

  async function reveal(bindings: object) {
    const listing = await env.DB.prepare("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 1").first<{
      id: number;
    }>();
    const token = await signedIn(bindings);
    return viaApi(`/api/realty/${listing!.id}/reveal-phone-number`, bindings, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it("says payments are unavailable without the provider's own text", async () => {
    const res = await reveal(production);
    expect(res.status).toBe(503);
    const { error } = await res.json<ErrorBody>();
    expect(error).toEqual({ code: "payments_unavailable", message: "Payments are not available" });
    expect(JSON.stringify(logged.mock.calls)).toContain("No payment provider configured");
  });

  it("with ERROR_LOGGING true, says what the provider said", async () => {
    const res = await reveal({ ...production, ERROR_LOGGING: "true" });
    expect(res.status).toBe(503);
    expect((await res.json<ErrorBody>()).error.message).toMatch(
      /^No payment provider configured for phone reveal of listing \d+$/,
    );
  });
});
