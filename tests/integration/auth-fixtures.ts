/** Helpers of the auth tests: a cookie jar, unique identities, the dev outbox, signing up. */
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import type { ApiUser, OutboxItem } from "#shared/api/auth.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { hashPassword } from "#worker/auth/passwords.ts";

export { ORIGIN };

/** The cookies a browser would hold, from Set-Cookie headers (Max-Age=0 deletes). */
export class Jar {
  readonly cookies = new Map<string, string>();
  readonly raw: string[] = [];
  take(res: Response): this {
    for (const line of res.headers.getSetCookie()) {
      this.raw.push(line);
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/;\s*max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  clone(): Jar {
    const jar = new Jar();
    for (const [k, v] of this.cookies) jar.cookies.set(k, v);
    return jar;
  }
}

let counter = 0;
const runId = Math.floor(Math.random() * 900) + 100;

/** A valid Serbian mobile number nobody else in the test run uses. */
export function uniquePhone(): string {
  counter += 1;
  return `+38164${runId}${String(counter).padStart(4, "0")}`;
}
export function uniqueEmail(): string {
  counter += 1;
  return `tester${runId}-${counter}@example.rs`;
}
/**
 * A fresh client address, so the per-IP limits of one test do not touch another. It is a loopback one
 * (127.0.0.0/8): development knobs (`X-Debug-Now`, the dev outbox) work only from loopback (decision 026).
 */
export function uniqueIp(): string {
  counter += 1;
  return `127.${runId % 250}.${Math.floor(counter / 250)}.${counter % 250}`;
}

/** A fresh address that is not loopback: development knobs do not apply to its requests. */
export function uniqueRemoteIp(): string {
  counter += 1;
  return `10.${runId % 250}.${Math.floor(counter / 250)}.${counter % 250}`;
}

/** A form post as a browser without JavaScript makes it, from an address of its own; `headers` add or win. */
export function formPost(path: string, fields: Record<string, string>, jar: Jar, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": BROWSER_UA,
      "cf-connecting-ip": uniqueIp(),
      origin: ORIGIN,
      cookie: jar.header(),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  jar?: Jar;
  headers?: Record<string, string>;
  /** Injected clock (ms), development only. */
  now?: number;
  ip?: string;
  /** Send X-Requested-With and a same-origin Origin (default true for writes). */
  sameOrigin?: boolean;
}

export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  if (options.sameOrigin ?? true) {
    headers["x-requested-with"] ??= "XMLHttpRequest";
    if (method !== "GET") headers.origin ??= ORIGIN;
  }
  if (options.jar && options.jar.cookies.size > 0) headers.cookie = options.jar.header();
  if (options.now !== undefined) headers["x-debug-now"] = String(options.now);
  headers["cf-connecting-ip"] ??= options.ip ?? "127.0.0.1";
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method,
    headers,
    redirect: "manual",
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body),
  });
  options.jar?.take(res);
  return res;
}

export async function outbox(to: string): Promise<OutboxItem[]> {
  const res = await call(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return (await res.json<{ items: OutboxItem[] }>()).items;
}

export async function lastCode(to: string): Promise<string> {
  const items = await outbox(to);
  expect(items.length).toBeGreaterThan(0);
  return items[0]!.code;
}

export interface SignedIn {
  jar: Jar;
  user: ApiUser;
  phone: string;
  ip: string;
}

/** Registers a new account by phone code in cookie mode (from an address of its own unless `ip` is given). */
export async function signUpByPhone(
  options: { remember?: boolean; now?: number; name?: string; ip?: string } = {},
): Promise<SignedIn> {
  const phone = uniquePhone();
  const ip = options.ip ?? uniqueIp();
  const jar = new Jar();
  const sent = await call("/api/user/register", {
    body: { phone, name: options.name ?? "Test User" },
    ip,
    now: options.now,
  });
  expect(sent.status).toBe(202);
  const code = await lastCode(phone);
  const res = await call("/api/user/register/verify", {
    body: { phone, code, remember_me: options.remember ?? false },
    jar,
    ip,
    now: options.now,
  });
  expect(res.status).toBe(201);
  const { data } = await res.json<{ data: { user: ApiUser } }>();
  return { jar, user: data.user, phone, ip };
}

/** Registers a new account by phone code in bearer mode. */
export async function signUpBearer(options: { remember?: boolean; now?: number } = {}) {
  const phone = uniquePhone();
  const ip = uniqueIp();
  await call("/api/user/register", { body: { phone }, ip, now: options.now, headers: { "x-auth-mode": "bearer" } });
  const code = await lastCode(phone);
  const res = await call("/api/user/register/verify", {
    body: { phone, code, remember_me: options.remember ?? false },
    ip,
    now: options.now,
    headers: { "x-auth-mode": "bearer" },
  });
  expect(res.status).toBe(201);
  const body = await res.json<{ data: { user: ApiUser }; refresh_token: string; access_token: string }>();
  return { ...body, phone, ip };
}

export async function errorOf(res: Response) {
  return (await res.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>()).error;
}

/** Dev names of the session cookies (the workers project runs with ENVIRONMENT=development). */
/** The session cookies (a `Cookie` header's value) of a seeded development account, signed in by password. */
export async function devSession(role: (typeof DEV_ACCOUNTS)[number]["role"]): Promise<string> {
  const account = DEV_ACCOUNTS.find((a) => a.role === role)!;
  const res = await SELF.fetch(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", origin: ORIGIN },
    body: JSON.stringify({ login: account.email, password: account.password, remember_me: true }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

export const ACCESS = "access_token";
export const REFRESH = "refresh_token";

/** A password account made directly in D1 (the test is about what happens next). */
export async function passwordAccount(password: string): Promise<{ email: string; id: number }> {
  const email = uniqueEmail();
  const hash = await hashPassword(password);
  const row = await env.DB.prepare(
    "INSERT INTO users (name, email, role, created_at, email_verified_at, password_hash, password_salt, password_iterations) VALUES ('P', ?, 'user', 0, 0, ?, ?, ?) RETURNING id",
  )
    .bind(email, hash.hash, hash.salt, hash.iterations)
    .first<{ id: number }>();
  return { email, id: row!.id };
}
