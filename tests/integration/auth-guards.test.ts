import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "#shared/constants.ts";
import { api } from "#worker/api/index.ts";
import { hashPassword } from "#worker/auth/passwords.ts";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";
import { call, errorOf, Jar, ORIGIN, signUpByPhone, uniqueEmail, uniqueIp, lastCode } from "./auth-fixtures.ts";

const page = (path: string, jar?: Jar) =>
  call(path, { jar, headers: { "user-agent": BROWSER_UA, "accept-language": "en" } });

const SIGNED_IN_PAGES = [
  "/cabinet/",
  "/cabinet/favourites/",
  "/cabinet/personal/",
  "/cabinet/saved-searches/",
  "/cabinet/messages/",
  "/cabinet/payment/",
  "/cabinet/payment/success/",
  "/cabinet/payment/error/",
  "/listing/edit/5/",
  "/listing/preview/5/",
  "/listing/create/",
  "/admin/listing/preview/5/",
];

async function emailAccount() {
  const email = uniqueEmail();
  const ip = uniqueIp();
  await call("/api/user/register/email", { body: { email }, ip });
  const jar = new Jar();
  const res = await call("/api/user/register/email/verify", { body: { email, code: await lastCode(email) }, ip, jar });
  const { data } = await res.json<{ data: { user: { id: number } } }>();
  return { jar, id: data.user.id };
}

describe("guards (product §6)", () => {
  for (const locale of ["", "/ru", "/sr"]) {
    it(`anonymous visitors of signed-in pages go to ${locale || "/"} home with the sign-in dialog and next (${locale || "en"})`, async () => {
      for (const path of SIGNED_IN_PAGES) {
        const res = await page(`${locale}${path}`);
        expect(res.status, path).toBe(302);
        const next = encodeURIComponent(`${locale}${path}`);
        expect(res.headers.get("location"), path).toBe(`${locale}/?auth=signin&next=${next}`);
      }
    });
  }

  it("next keeps the query of the page", async () => {
    const res = await page("/ru/listing/edit/7/?step=photos&x=1");
    expect(res.headers.get("location")).toBe(
      `/ru/?auth=signin&next=${encodeURIComponent("/ru/listing/edit/7/?step=photos&x=1")}`,
    );
  });

  it("signed-in users see the cabinet pages, rendered signed in", async () => {
    const { jar } = await signUpByPhone({ name: "Milica Jovanović" });
    // Listing 5 is someone else's: its edit and preview pages are 404s (listing-preview.test.ts).
    for (const path of SIGNED_IN_PAGES.filter((p) => !/^\/(admin|listing\/(edit|preview))\//.test(p))) {
      const res = await page(path, jar);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain("Milica Jovanović");
    }
  });

  it("listing creation needs a verified phone: otherwise the personal page's verify step", async () => {
    const { jar } = await emailAccount();
    const res = await page("/sr/listing/create/", jar);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/sr/cabinet/personal/?verify=phone&next=${encodeURIComponent("/sr/listing/create/")}`,
    );
    // Editing asks for no verified phone: someone else's listing is simply not found.
    expect((await page("/sr/listing/edit/3/", jar)).status).toBe(404);
  });

  it("admin preview: 404 for users and editors, the page for moderators and admins", async () => {
    const { jar, id } = await emailAccount();
    const denied = await page("/admin/listing/preview/5/", jar);
    expect(denied.status).toBe(404);
    const grant = (role: string) =>
      env.DB.prepare("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, 0)").bind(id, role).run();
    await grant("editor");
    expect((await page("/admin/listing/preview/5/", jar)).status).toBe(404);
    await grant("moderator");
    expect((await page("/ru/admin/listing/preview/5/", jar)).status).toBe(200);
    await env.DB.prepare("DELETE FROM user_roles WHERE user_id = ?").bind(id).run();
    expect((await page("/ru/admin/listing/preview/5/", jar)).status).toBe(404);
    await grant("admin");
    expect((await page("/ru/admin/listing/preview/5/", jar)).status).toBe(200);
  });

  it("the retired users.role column cannot make an admin", async () => {
    const { id } = await emailAccount();
    await expect(env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(id).run()).rejects.toThrow(
      /retired/,
    );
  });

  it("public pages stay public and carry no user", async () => {
    const res = await page("/about/");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).not.toBe("private, no-store");
  });
});

describe("CSRF (decision 006)", () => {
  it("cookie-authenticated writes need X-Requested-With and a same-origin Origin", async () => {
    const { jar } = await signUpByPhone();
    const attempt = (headers: Record<string, string>) =>
      call("/api/cabinet/update-personal", { body: { name: "Forged" }, jar, sameOrigin: false, headers });
    for (const headers of <Record<string, string>[]>[
      {},
      { origin: ORIGIN },
      { "x-requested-with": "XMLHttpRequest" },
      { "x-requested-with": "XMLHttpRequest", origin: "https://evil.example" },
      { "x-requested-with": "XMLHttpRequest", origin: "null" },
      { "x-requested-with": "XMLHttpRequest", origin: "http://kvadrat.test" },
    ]) {
      const res = await attempt(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await errorOf(res)).code).toBe("csrf_rejected");
    }
    expect((await attempt({ "x-requested-with": "XMLHttpRequest", origin: ORIGIN })).status).toBe(200);
    // Logout and deletion are writes too.
    expect((await call("/api/auth/logout", { method: "POST", jar, sameOrigin: false })).status).toBe(403);
    expect((await call("/api/cabinet/delete-account", { method: "DELETE", jar, sameOrigin: false })).status).toBe(403);
    // Reads are not affected.
    expect((await call("/api/cabinet/user", { jar, sameOrigin: false })).status).toBe(200);
  });

  it("requests without session cookies are not cookie-authenticated", async () => {
    const res = await call("/api/user/register/email", {
      body: { email: uniqueEmail() },
      sameOrigin: false,
      ip: uniqueIp(),
    });
    expect(res.status).toBe(202);
  });
});

describe("outside development", () => {
  const production = { ...env, ENVIRONMENT: "production", JWT_SECRET: "test-production-secret-0123456789abcdef" };

  async function viaApi(path: string, init: RequestInit, bindings: object) {
    const ctx = createExecutionContext();
    const res = await api.fetch(new Request(`${ORIGIN}${path}`, init), bindings, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }

  async function passwordAccount() {
    const email = uniqueEmail();
    const password = await hashPassword("production pass");
    await env.DB.prepare(
      "INSERT INTO users (name, email, role, created_at, email_verified_at, password_hash, password_salt, password_iterations) VALUES ('P', ?, 'user', 0, 0, ?, ?, ?)",
    )
      .bind(email, password.hash, password.salt, password.iterations)
      .run();
    return email;
  }

  const loginInit = (email: string): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
    body: JSON.stringify({ login: email, password: "production pass", remember_me: true }),
  });

  it("the dev outbox does not exist (404)", async () => {
    const res = await viaApi("/api/dev/outbox?to=x", {}, production);
    expect(res.status).toBe(404);
  });

  it("cookies are __Host- prefixed and Secure; the debug clock is ignored", async () => {
    const res = await viaApi("/api/auth/login", { ...loginInit(await passwordAccount()) }, production);
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith(`__Host-${ACCESS_TOKEN_COOKIE}=`))).toMatch(/Secure/);
    expect(cookies.find((c) => c.startsWith(`__Host-${REFRESH_TOKEN_COOKIE}=`))).toMatch(/Secure.*|.*Secure/);
    const jar = new Jar().take(res);
    const far = Date.now() + 400 * 86_400_000;
    const me = await viaApi(
      "/api/cabinet/user",
      { headers: { cookie: jar.header(), "x-debug-now": String(far) } },
      production,
    );
    expect(me.status).toBe(200);
  });

  it("without JWT_SECRET sign-in and signed-in endpoints are refused with 503", async () => {
    const { JWT_SECRET: _, ...noSecret } = production;
    const res = await viaApi("/api/auth/login", loginInit(await passwordAccount()), noSecret);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe("auth_unavailable");
    expect(
      (await viaApi("/api/cabinet/user", { headers: { cookie: "__Host-access_token=a.b.c" } }, noSecret)).status,
    ).toBe(503);
  });

  it("codes go to the configured provider; without one the request is a 503, not a crash", async () => {
    const res = await viaApi(
      "/api/user/register/email",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
        body: JSON.stringify({ email: uniqueEmail() }),
      },
      production,
    );
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe("delivery_failed");
  });
});
