/**
 * Helpers of the moderation and report tests: owners with e-mail, listings taken through submission to
 * a public page, the admin's session, and pages as a browser without JavaScript asks for and posts them.
 */
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { REPORTER_MIN_ACCOUNT_DAYS } from "#shared/constants.ts";
import { call, Jar, passwordAccount, signUpByPhone, uniqueIp, uniquePhone } from "./auth-fixtures.ts";

export interface Owner {
  jar: Jar;
  ip: string;
  id: number;
  email: string;
}

let admin: Jar | undefined;

/** The seeded admin's session (one per test file). */
export async function adminJar(): Promise<Jar> {
  if (admin) return admin;
  const account = DEV_ACCOUNTS.find((a) => a.role === "admin")!;
  const jar = new Jar();
  const login = await call("/api/auth/login", {
    body: { login: account.email, password: account.password },
    jar,
    ip: uniqueIp(),
  });
  expect(login.status).toBe(200);
  admin = jar;
  return jar;
}

/**
 * An owner who may post listings (a confirmed e-mail and phone), signed in by password with the site in
 * `locale` (which becomes their e-mail language).
 */
export async function owner(locale: "en" | "ru" | "sr" = "en"): Promise<Owner> {
  const password = "owner-password-2026";
  const account = await passwordAccount(password);
  await env.DB.prepare("UPDATE users SET phone = ?, phone_verified_at = 0, name = 'Owner' WHERE id = ?")
    .bind(uniquePhone(), account.id)
    .run();
  const jar = new Jar();
  const ip = uniqueIp();
  const login = await call("/api/auth/login", {
    body: { login: account.email, password },
    jar,
    ip,
    headers: { "accept-language": locale },
  });
  expect(login.status).toBe(200);
  return { jar, ip, id: account.id, email: account.email };
}

let beograd: { city: string; district: string } | undefined;

/**
 * A complete draft of a flat for sale (type 4) with its own address and price (unless given): its id. The
 * prices stay within a third of each other, so no listing of these tests looks priced low beside the
 * others (LOW_PRICE_SHARE) and jumps the queue unless a test means it to.
 */
export async function draft(who: Owner, price = 150_000 + Math.floor(Math.random() * 50_000), address?: string) {
  beograd ??= (await env.DB.prepare(
    "SELECT c.slug AS city, d.slug AS district FROM districts d JOIN cities c ON c.id = d.city_id WHERE c.slug = 'beograd' LIMIT 1",
  ).first<{ city: string; district: string }>())!;
  const api = (path: string, body: unknown) => call(path, { body, jar: who.jar, ip: who.ip });
  const created = await api("/api/realty/edit/type", { type_id: 4 });
  expect(created.status).toBe(201);
  const { id } = (await created.json<{ data: { id: number } }>()).data;
  const steps = {
    params: { ...beograd, address: address ?? `Kralja Petra ${id}`, lat: 44.81, lng: 20.45, area: 58, rooms: 2 },
    description: { description: "Sunny two-room flat in the old town, quiet courtyard, new windows.", lang: "en" },
    conditions: { price },
  };
  for (const [step, body] of Object.entries(steps)) {
    expect((await api(`/api/realty/edit/${step}`, { id, ...body })).status, step).toBe(200);
  }
  return id;
}

/** A draft submitted for review (`force`: past the duplicate check). */
export async function pending(who: Owner, price?: number, address?: string) {
  const id = await draft(who, price, address);
  const res = await call("/api/realty/edit/force", { body: { id }, jar: who.jar, ip: who.ip });
  expect(res.status).toBe(200);
  return id;
}

/** A listing on the site: submitted and approved by the admin. Its id and public path. */
export async function published(who: Owner, price?: number) {
  const id = await pending(who, price);
  const res = await call(`/api/admin/realty/${id}/approve`, { body: {}, jar: await adminJar(), ip: uniqueIp() });
  expect(res.status).toBe(200);
  return { id, path: `/buy/apartment/beograd/${id}/` };
}

export const listingRow = (id: number) =>
  env.DB.prepare(
    `SELECT status, hidden_at, submitted_at, published_at, checked_at, expires_at, reminded_at, rejection_code,
       rejection_reason FROM listings WHERE id = ?`,
  )
    .bind(id)
    .first<{
      status: string;
      hidden_at: number | null;
      submitted_at: number | null;
      published_at: number | null;
      checked_at: number | null;
      expires_at: number;
      reminded_at: number | null;
      rejection_code: string | null;
      rejection_reason: string | null;
    }>();

/** The audit rows of one target, oldest first (decision 058). */
export const auditRows = (kind: string, id: number) =>
  env.DB.prepare(
    "SELECT action, actor_kind, actor_id, before, after, reason FROM audit_log WHERE target_kind = ? AND target_id = ? ORDER BY id",
  )
    .bind(kind, String(id))
    .all<{
      action: string;
      actor_kind: string;
      actor_id: number | null;
      before: string | null;
      after: string | null;
      reason: string | null;
    }>()
    .then((r) => r.results);

/** A page as a browser without JavaScript asks for it. */
export function page(path: string, jar?: Jar, locale = "en") {
  const cookie = [`locale=${locale}`, jar?.header()].filter(Boolean).join("; ");
  return SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, "accept-language": locale, cookie },
  });
}

/** A form post as a browser without JavaScript makes it. */
export async function post(path: string, fields: Record<string, string>, options: { jar?: Jar; ip?: string } = {}) {
  const { jar } = options;
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": BROWSER_UA,
      origin: ORIGIN,
      "cf-connecting-ip": options.ip ?? uniqueIp(),
      ...(jar?.cookies.size ? { cookie: jar.header() } : {}),
    },
    body: new URLSearchParams(fields),
  });
  jar?.take(res);
  return res;
}

/**
 * A reporter whose reports count (decision 047): a verified phone and an account REPORTER_MIN_ACCOUNT_DAYS
 * and a day old (signed up then, remembered, so its session still renews), signed up from an address of its
 * own unless `ip` is given.
 */
export const established = (ip?: string) =>
  signUpByPhone({ now: Date.now() - (REPORTER_MIN_ACCOUNT_DAYS + 1) * 24 * 60 * 60 * 1000, remember: true, ip });
