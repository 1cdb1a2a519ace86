/**
 * The finished wizard (decision 069), as the API and a browser without JavaScript see it: a
 * step refuses its empty required fields (drafts too) with the message beside each field and saves
 * nothing; the stepper marks only the steps tried; photos uploaded together keep the order chosen; the
 * check step shows them, years as written and "м²" in Russian; the draft's preview says it is unpublished
 * and shows no raw message id.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiListingEdit } from "#shared/api/listing-edit.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { gradientPng } from "#tests/fixtures/photos.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, errorOf, formPost, signUpByPhone, uniqueIp, type SignedIn } from "./auth-fixtures.ts";

let owner: SignedIn;
let place: { city: string; district: string };
beforeAll(async () => {
  owner = await signUpByPhone({ name: "Mira Vlasnica" });
  place = (await env.DB.prepare(
    `SELECT c.slug AS city, d.slug AS district FROM districts d JOIN cities c ON c.id = d.city_id
     ORDER BY c.population DESC LIMIT 1`,
  ).first())!;
});

const api = (path: string, body?: unknown) => call(path, { body, jar: owner.jar, ip: owner.ip });
const page = (path: string, locale = "en") =>
  SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, "accept-language": locale, cookie: owner.jar.header() },
  });
const post = (path: string, fields: Record<string, string>, locale = "en") =>
  formPost(path, fields, owner.jar, { "accept-language": locale });
/** The page's text as a reader meets it (React's comment separators and entities undone). */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

async function draft(typeId = 4): Promise<number> {
  const res = await api("/api/realty/edit/type", { type_id: typeId });
  expect(res.status).toBe(201);
  return (await res.json<{ data: ApiListingEdit }>()).data.id;
}

/** The stepper's mark of each step in a page: "done", "missing" or none. */
function marks(html: string, label = "Steps of the listing"): Record<string, string | null> {
  const nav = new RegExp(`<nav[^>]*aria-label="${label}"[^>]*>([\\s\\S]*?)</nav>`).exec(html)![1]!;
  return Object.fromEntries(
    [...nav.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) => {
      const name = />([^<]+)<\/(?:a|span)>/.exec(item!)![1]!;
      const mark = /class="(done|missing)_/.exec(item!);
      return [name, mark ? mark[1]! : null];
    }),
  );
}

describe("required fields (decision 069)", () => {
  it("refuses a step whose required field is null, drafts too, naming each (400), and saves none of it", async () => {
    const id = await draft();
    const res = await api("/api/realty/edit/params", {
      id,
      city: place.city,
      address: null,
      lat: 44.8,
      lng: 20.46,
      area: 64,
      rooms: null,
      floor: 3,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ address: "validation.required", rooms: "validation.required" });
    const stored = (await (await api(`/api/realty/edit/${id}`)).json<{ data: ApiListingEdit }>()).data;
    expect(stored).toMatchObject({ city: null, area: null, floor: null });
    // Absent fields stay as they are: part of a step may still be saved through the API.
    expect((await api("/api/realty/edit/params", { id, floor: 3 })).status).toBe(200);
    const priced = await api("/api/realty/edit/conditions", { id, price: null });
    expect((await errorOf(priced)).fields).toEqual({ price: "validation.required" });
    const described = await api("/api/realty/edit/description", { id, description: null, lang: "en", title: null });
    expect((await errorOf(described)).fields).toEqual({ description: "validation.required" });
  });

  it("without JavaScript stops the Property step with the errors beside rooms and address, in Russian", async () => {
    const id = await draft();
    const path = `/ru/listing/edit/${id}/?step=params`;
    const fresh = text(await (await page(path, "ru")).text());
    // A fresh draft: only the type is marked; no step is "missing" before the owner got there.
    expect(Object.values(marks(fresh, "Шаги объявления"))).toEqual(["done", null, null, null, null, null]);
    const res = await post(
      path,
      {
        intent: "params",
        city: place.city,
        district: "",
        address: "",
        lat: "44.8",
        lng: "20.46",
        area: "64",
        rooms: "",
        floor: "3",
        year_built: "1972",
      },
      "ru",
    );
    expect(res.status).toBe(400);
    const html = text(await res.text());
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="address"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="rooms"/);
    const shown = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(shown.match(/Заполните это поле\./g)).toHaveLength(2);
    // The posted values come back; nothing was saved.
    expect(html).toMatch(/name="year_built"[^>]*value="1972"/);
    expect((await (await api(`/api/realty/edit/${id}`)).json<{ data: ApiListingEdit }>()).data.area).toBeNull();
  });
});

describe("the steps as the owner goes through them", () => {
  it("marks only tried steps, keeps photos in the chosen order, and shows them with years and units on the check", async () => {
    const id = await draft();
    const edit = `/listing/edit/${id}/`;
    const before = marks(text(await (await page(`${edit}?step=params`)).text()));
    expect(before).toEqual({
      Type: "done",
      Property: null,
      Description: null,
      "Price and terms": null,
      Photos: null,
      "Check and submit": null,
    });
    const params = await post(`${edit}?step=params`, {
      intent: "params",
      city: place.city,
      address: "Njegoševa 40",
      lat: "44.8",
      lng: "20.46",
      area: "58",
      rooms: "2",
      year_built: "1972",
      heating: "central",
    });
    expect(params.status).toBe(302);
    const described = await post(edit, {
      intent: "description",
      lang: "en",
      description: "A bright corner flat with two rooms, close to the park and the market.",
    });
    expect(described.status).toBe(302);

    // Three photos in one no-JS upload, told apart by their widths: stored in the order chosen.
    const widths = [90, 40, 70];
    const form = new FormData();
    form.set("intent", "photo-upload");
    for (const [n, width] of widths.entries()) {
      form.append("file", new File([await gradientPng(width, 30)], `photo-${n}.png`, { type: "image/png" }));
    }
    const uploaded = await SELF.fetch(`${ORIGIN}${edit}?step=photos`, {
      method: "POST",
      redirect: "manual",
      headers: { "user-agent": BROWSER_UA, origin: ORIGIN, "cf-connecting-ip": uniqueIp(), cookie: owner.jar.header() },
      body: form,
    });
    expect(uploaded.status).toBe(302);
    const photos = (await (await api(`/api/realty/edit/${id}/images`)).json<{ items: ApiListingPhoto[] }>()).items;
    expect(photos.map((photo) => photo.width)).toEqual(widths);

    const after = marks(text(await (await page(`${edit}?step=conditions`)).text()));
    expect(after).toMatchObject({ Property: "done", Description: "done", "Price and terms": null, Photos: "done" });

    const check = text(await (await page(`${edit}?step=check`)).text());
    // Years as written, not as amounts; no length hint under the choices elsewhere.
    expect(check).toContain("<dd>1972</dd>");
    expect(check).not.toContain("1,972");
    expect(check).toContain("<dd>58 m²</dd>");
    // The photos in order, the cover first, and the preview.
    const srcs = [...check.matchAll(/<img[^>]*alt="Photo (\d)"[^>]*>/g)].map((m) => m[0]);
    expect(srcs).toHaveLength(3);
    for (const [n, photo] of photos.entries()) expect(srcs[n]).toContain(`width="${photo.width}"`);
    expect(check).toMatch(new RegExp(`<a [^>]*href="/listing/preview/${id}/"[^>]*>See how it looks</a>`));
    // Tried but missing its price: the conditions step is marked once submitting was refused.
    const refused = text(await (await post(`${edit}?step=check`, { intent: "submit" })).text());
    expect(marks(refused)["Price and terms"]).toBe("missing");

    const ru = text(await (await page(`/ru${edit}?step=check`, "ru")).text());
    expect(ru).toContain("<dd>58 м²</dd>");
    expect(ru).not.toContain("m²");
    const paramsPage = text(await (await page(`${edit}?step=params`)).text());
    expect(paramsPage).toContain("A year from 1800 to 2100.");
    expect(paramsPage).not.toMatch(/Up to 100 characters/);
  });

  it("the preview of a draft says it is not published and shows no raw message id", async () => {
    const id = await draft();
    await api("/api/realty/edit/params", { id, city: place.city, address: "Njegoševa 2", lat: 44.8, lng: 20.46 });
    const html = text(await (await page(`/listing/preview/${id}/`)).text());
    expect(html).toContain("Not published yet");
    expect(html).not.toMatch(/Published [A-Z0-9]/);
    const body = html.slice(html.indexOf("<body"), html.indexOf("<script"));
    expect(body).not.toMatch(/>\s*(map|detail|listingPreview|wizard)\.[a-zA-Z.]+\s*</);
    // "Show on the map" (drawn once hydrated) has its words in the page's messages.
    expect(html).toContain("Show on the map");
  });
});
