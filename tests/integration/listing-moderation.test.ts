/**
 * The owner's preview and the admin's preview pages (decision 035): the listing as the public page
 * shows it under a banner naming its state, submitting from the preview (duplicate → submit anyway),
 * approving and rejecting by plain form posts, the guards, and the header's "Post listing" loop.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import {
  call,
  Jar,
  lastCode,
  signUpByPhone,
  type SignedIn,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
} from "./auth-fixtures.ts";

const admin = new Jar();
let owner: SignedIn;
let other: SignedIn;
let place: { city: string; district: string };

const api = (who: SignedIn, path: string, body: unknown) => call(path, { body, jar: who.jar, ip: who.ip });

/** A draft of the owner's for a flat on sale (type 4): the facts given step by step, as far as `upTo`. */
async function flat(who: SignedIn, upTo: "type" | "complete", price = 150_000) {
  const created = await api(who, "/api/realty/edit/type", { type_id: 4 });
  expect(created.status).toBe(201);
  const { id } = (await created.json<{ data: { id: number } }>()).data;
  if (upTo === "type") return id;
  const steps = {
    params: { ...place, address: "Kralja Petra 7", lat: 44.81, lng: 20.45, area: 58, rooms: 2 },
    description: { description: "Sunny two-room flat in the old town, quiet courtyard, new windows.", lang: "en" },
    conditions: { price },
  };
  for (const [step, body] of Object.entries(steps)) {
    expect((await api(who, `/api/realty/edit/${step}`, { id, ...body })).status, step).toBe(200);
  }
  return id;
}

/** A page as a browser without JavaScript asks for it. */
async function page(path: string, jar?: Jar, locale = "en") {
  const cookie = [`locale=${locale}`, jar?.header()].filter(Boolean).join("; ");
  return SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, "accept-language": locale, cookie },
  });
}

/** A form post as a browser without JavaScript makes it. */
async function post(path: string, fields: Record<string, string>, jar?: Jar) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": BROWSER_UA,
      origin: ORIGIN,
      "cf-connecting-ip": uniqueIp(),
      ...(jar?.cookies.size ? { cookie: jar.header() } : {}),
    },
    body: new URLSearchParams(fields),
  });
  jar?.take(res);
  return res;
}

/** The state banner's `data-status` and text. */
function banner(html: string) {
  const match = /<section[^>]*data-testid="listing-state"[^>]*data-status="(\w+)"[^>]*>([\s\S]*?)<\/section>/.exec(
    html,
  );
  return match ? { status: match[1], text: match[2]!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") } : null;
}

const status = (id: number) =>
  env.DB.prepare("SELECT status, rejection_reason FROM listings WHERE id = ?")
    .bind(id)
    .first<{ status: string; rejection_reason: string | null }>();

beforeAll(async () => {
  const account = DEV_ACCOUNTS.find((a) => a.role === "admin")!;
  const login = await call("/api/auth/login", {
    body: { login: account.email, password: account.password },
    jar: admin,
    ip: uniqueIp(),
  });
  expect(login.status).toBe(200);
  owner = await signUpByPhone({ name: "Vlasnik Stana" });
  other = await signUpByPhone({ name: "Neko Drugi" });
  place = (await env.DB.prepare(
    "SELECT c.slug AS city, d.slug AS district FROM districts d JOIN cities c ON c.id = d.city_id WHERE c.slug = 'beograd' LIMIT 1",
  ).first<{ city: string; district: string }>())!;
});

describe("owner preview /listing/preview/{id}/", () => {
  it("previews a draft that states nothing yet but its type, missing facts shown as not given", async () => {
    const id = await flat(owner, "type");
    const res = await page(`/listing/preview/${id}/`, owner.jar);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(banner(html)).toMatchObject({ status: "draft" });
    expect(banner(html)!.text).toContain("only you can see it");
    expect(html).toContain("not given yet");
    expect(html).toContain("Price not given yet");
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    // Edit leads to the wizard's check step; a draft can be submitted.
    expect(html).toContain(`href="/listing/edit/${id}/?step=check"`);
    expect(html).toContain('value="submit"');
    // Nothing that acts on a public listing: no favourite, no phone reveal or message.
    expect(html).not.toContain('name="intent" value="reveal"');
    expect(html).not.toMatch(/data-testid="favourite/);
  });

  it("submitting an incomplete draft points to the wizard's check step", async () => {
    const id = await flat(owner, "type");
    const res = await post(`/listing/preview/${id}/`, { intent: "submit" }, owner.jar);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('data-testid="preview-incomplete"');
    expect(html).toContain(`href="/listing/edit/${id}/?step=check"`);
    expect((await status(id))!.status).toBe("draft");
  });

  it("submits a complete draft: pending, 'waiting for review'; a duplicate is shown and can be forced", async () => {
    const id = await flat(owner, "complete", 151_000);
    const done = await post(`/listing/preview/${id}/`, { intent: "submit" }, owner.jar);
    expect(done.status).toBe(200);
    expect(banner(await done.text())).toMatchObject({ status: "pending" });
    expect((await status(id))!.status).toBe("pending");
    const pending = banner(await (await page(`/listing/preview/${id}/`, owner.jar)).text())!;
    expect(pending.text).toContain("Waiting for review");

    const twin = await flat(owner, "complete", 151_000);
    const warned = await post(`/listing/preview/${twin}/`, { intent: "submit" }, owner.jar);
    expect(warned.status).toBe(409);
    const html = await warned.text();
    expect(html).toContain('data-testid="preview-duplicate"');
    expect(html).toContain(`href="/listing/preview/${id}/"`);
    expect(html).toContain('value="force"');
    expect((await status(twin))!.status).toBe("draft");
    const forced = await post(`/listing/preview/${twin}/`, { intent: "force" }, owner.jar);
    expect(forced.status).toBe(200);
    expect((await status(twin))!.status).toBe("pending");
  });

  it("is 404 for another user and for an admin; anonymous visitors sign in first", async () => {
    const id = await flat(owner, "type");
    expect((await page(`/listing/preview/${id}/`, other.jar)).status).toBe(404);
    expect((await page(`/ru/listing/preview/${id}/`, admin, "ru")).status).toBe(404);
    expect((await post(`/listing/preview/${id}/`, { intent: "force" }, other.jar)).status).toBe(404);
    const anonymous = await page(`/listing/preview/${id}/`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(
      `/?auth=signin&next=${encodeURIComponent(`/listing/preview/${id}/`)}`,
    );
  });
});

describe("admin preview /admin/listing/preview/{id}/", () => {
  it("is 404 for users who are not admins, the owner included", async () => {
    const id = await flat(owner, "complete", 160_000);
    for (const who of [owner, other]) {
      expect((await page(`/admin/listing/preview/${id}/`, who.jar)).status).toBe(404);
      expect((await post(`/admin/listing/preview/${id}/`, { intent: "approve" }, who.jar)).status).toBe(404);
    }
    expect((await status(id))!.status).toBe("draft");
  });

  it("shows the owner's contact and the history; rejects with a reason (required), the owner reads it", async () => {
    const id = await flat(owner, "complete", 170_000);
    expect((await api(owner, "/api/realty/edit/check", { id })).status).toBe(200);
    const res = await page(`/admin/listing/preview/${id}/`, admin);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(banner(html)).toMatchObject({ status: "pending" });
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    const contact = /data-testid="owner-contact"[\s\S]*?<\/section>/.exec(html)![0];
    expect(contact).toContain("Vlasnik Stana");
    expect(contact).toContain(`href="tel:${owner.phone}"`);
    const history = /data-testid="listing-history"[\s\S]*?<\/section>/.exec(html)![0];
    expect(history).toContain("State: in moderation");
    expect(history).toContain("Vlasnik Stana");
    expect(history).toMatch(/<time dateTime="\d{4}-/i);

    const empty = await post(`/admin/listing/preview/${id}/`, { intent: "reject", reason: " " }, admin);
    expect(empty.status).toBe(400);
    const invalid = await empty.text();
    expect(invalid).toMatch(/<textarea[^>]*aria-invalid="true"/);
    expect((await status(id))!.status).toBe("pending");

    const ruEmpty = await post(`/ru/admin/listing/preview/${id}/`, { intent: "reject", reason: "" }, admin);
    expect(ruEmpty.status).toBe(400);

    const reason = "The photos show a different flat.";
    const rejected = await post(`/admin/listing/preview/${id}/`, { intent: "reject", reason }, admin);
    expect(rejected.status).toBe(302);
    expect(rejected.headers.get("location")).toBe(`/admin/listing/preview/${id}/`);
    expect(await status(id)).toEqual({ status: "rejected", rejection_reason: reason });
    const after = await (await page(`/admin/listing/preview/${id}/`, admin)).text();
    expect(banner(after)).toMatchObject({ status: "rejected" });
    expect(after).not.toContain('data-testid="moderation"');

    const own = await (await page(`/sr/listing/preview/${id}/`, owner.jar, "sr")).text();
    expect(banner(own)).toMatchObject({ status: "rejected" });
    expect(own).toContain(`data-testid="rejection-reason">${reason}<`);
    // Rejected: the owner edits and submits again.
    expect(own).toContain('value="submit"');
  });

  it("rejects with a reason from the list and words (either is enough, 'other' needs words); the owner reads both", async () => {
    const id = await flat(owner, "complete", 175_000);
    expect((await api(owner, "/api/realty/edit/check", { id })).status).toBe(200);
    const html = await (await page(`/sr/admin/listing/preview/${id}/`, admin, "sr")).text();
    const moderation = /data-testid="moderation"[\s\S]*?<\/section>/.exec(html)![0];
    expect(moderation).toMatch(/<select[^>]*name="code"/);
    expect(moderation).toContain("Fotografije nedostaju, nejasne su ili nisu ove nekretnine");
    expect(moderation).toMatch(/<textarea[^>]*name="reason"[^>]*maxLength="1000"/i);
    expect(moderation).not.toMatch(/<textarea[^>]*minLength/i);
    expect(html).toContain('href="/sr/admin/moderation/"');

    const other = await post(`/admin/listing/preview/${id}/`, { intent: "reject", code: "other", reason: "" }, admin);
    expect(other.status).toBe(400);
    const refused = await other.text();
    expect(refused).toMatch(/<textarea[^>]*aria-invalid="true"/);
    expect(refused).toMatch(/<option value="other" selected="">/);
    expect((await status(id))!.status).toBe("pending");

    const coded = await post(`/admin/listing/preview/${id}/`, { intent: "reject", code: "photos", reason: "" }, admin);
    expect(coded.status).toBe(302);
    expect(await status(id)).toEqual({ status: "rejected", rejection_reason: null });
    const own = await (await page(`/ru/listing/preview/${id}/`, owner.jar, "ru")).text();
    expect(banner(own)).toMatchObject({ status: "rejected" });
    expect(own).toMatch(/data-testid="rejection-code"><strong>Фотографий нет, они нечёткие или не этого объекта</);
    expect(own).not.toContain('data-testid="rejection-reason"');

    // Submitted again and rejected with both.
    expect((await api(owner, "/api/realty/edit/force", { id })).status).toBe(200);
    const both = await post(
      `/admin/listing/preview/${id}/`,
      { intent: "reject", code: "price", reason: "The price is per month, not for sale." },
      admin,
    );
    expect(both.status).toBe(302);
    const again = await (await page(`/listing/preview/${id}/`, owner.jar)).text();
    expect(again).toContain("The price is unrealistic or stated wrongly");
    expect(again).toContain('data-testid="rejection-reason">The price is per month, not for sale.<');
  });

  it("approves: the listing is public, the owner's banner says since when and links to it", async () => {
    const id = await flat(owner, "complete", 180_000);
    expect((await api(owner, "/api/realty/edit/check", { id })).status).toBe(200);
    const approved = await post(`/ru/admin/listing/preview/${id}/`, { intent: "approve" }, admin);
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toBe(`/ru/admin/listing/preview/${id}/`);
    expect((await status(id))!.status).toBe("active");
    // Deciding twice is refused, with a message.
    const again = await post(`/admin/listing/preview/${id}/`, { intent: "approve" }, admin);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Only a listing waiting for review");

    const own = await (await page(`/listing/preview/${id}/`, owner.jar)).text();
    const state = banner(own)!;
    expect(state.status).toBe("active");
    expect(state.text).toMatch(/Public since .+, expires .+\./);
    const publicPath = `/buy/apartment/${place.city}/${id}/`;
    expect(own).toContain(`href="${publicPath}"`);
    expect((await page(publicPath)).status).toBe(200);
  });
});

describe("the header's Post listing", () => {
  it.each([
    ["en", "", "Post listing"],
    ["ru", "/ru", "Подать объявление"],
    ["sr", "/sr", "Postavi oglas"],
  ])("is on every page in %s, leading to the wizard", async (locale, prefix, label) => {
    for (const path of [`${prefix}/`, `${prefix}/faq/`, `${prefix}/search/`]) {
      const html = await (await page(path, undefined, locale)).text();
      const link = /<a[^>]*data-testid="post-listing"[^>]*>[\s\S]*?<\/a>/.exec(html)?.[0];
      expect(link, path).toContain(`href="${prefix}/listing/create/"`);
      expect(link, path).toContain(label);
    }
  });

  it("signed out: sign in (a new account), verify the phone, and back to the wizard", async () => {
    const guarded = await page("/ru/listing/create/", undefined, "ru");
    expect(guarded.status).toBe(302);
    const signIn = guarded.headers.get("location")!;
    expect(signIn).toBe(`/ru/?auth=signin&next=${encodeURIComponent("/ru/listing/create/")}`);

    // Registration in the dialog keeps next; an e-mail account has no verified phone yet.
    const email = uniqueEmail();
    const next = "/ru/listing/create/";
    await post("/ru/auth/", { mode: "register", via: "email", intent: "code", email, name: "Novi Korisnik", next });
    const jar = new Jar();
    const registered = await post(
      "/ru/auth/",
      {
        mode: "register",
        via: "email",
        intent: "verify",
        identity: email,
        name: "Novi",
        code: await lastCode(email),
        next,
      },
      jar,
    );
    expect(registered.status).toBe(302);
    expect(registered.headers.get("location")).toBe(next);

    const verify = await page(next, jar, "ru");
    expect(verify.status).toBe(302);
    const personal = verify.headers.get("location")!;
    expect(personal).toBe(`/ru/cabinet/personal/?verify=phone&next=${encodeURIComponent(next)}`);
    const phone = uniquePhone();
    const sent = await post(personal, { intent: "phone-send", telephone: phone, telephone_country: "RS", next }, jar);
    expect(sent.status).toBe(200);
    const done = await post(personal, { intent: "phone-verify", value: phone, code: await lastCode(phone), next }, jar);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(next);
    expect((await page(next, jar, "ru")).status).toBe(200);
  });
});
