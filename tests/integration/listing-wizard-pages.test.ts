/**
 * The listing wizard's pages as a browser without JavaScript uses them (decision 033): every
 * step a form post answered by a redirect to the next step, refused fields re-rendered with their
 * localized errors and 400, the guards.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, Jar, passwordAccount, signUpByPhone, uniqueIp, type SignedIn, formPost } from "./auth-fixtures.ts";

/** A page as a browser asks for it. */
async function page(path: string, jar?: Jar, locale = "en") {
  return SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: {
      "user-agent": BROWSER_UA,
      "accept-language": locale,
      ...(jar && jar.cookies.size ? { cookie: jar.header() } : {}),
    },
  });
}

/** A form post as a browser without JavaScript makes it, in `locale`. */
const post = (path: string, fields: Record<string, string>, jar: Jar, locale = "en") =>
  formPost(path, fields, jar, { "accept-language": locale });

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

interface Row {
  status: string;
  city_id: number | null;
  lat: number | null;
  lng: number | null;
  price: number | null;
  rooms: number | null;
  elevator: number | null;
  description: string | null;
  lang: string | null;
  title_generated: number;
}
const row = (id: number) =>
  env.DB.prepare(
    "SELECT status, city_id, lat, lng, price, rooms, elevator, description, lang, title_generated FROM listings WHERE id = ?",
  )
    .bind(id)
    .first<Row>();

let owner: SignedIn;
let place: { city: string; district: string; city_name: string };
beforeAll(async () => {
  owner = await signUpByPhone({ name: "Vesna Vlasnik" });
  place = (await env.DB.prepare(
    `SELECT c.slug AS city, d.slug AS district, c.name_en AS city_name
     FROM districts d JOIN cities c ON c.id = d.city_id ORDER BY c.population DESC LIMIT 1`,
  ).first())!;
});

/** A new draft through the create page; its id. */
async function createDraft(typeId = "4"): Promise<number> {
  const res = await post("/listing/create/", { intent: "type", type_id: typeId }, owner.jar);
  expect(res.status).toBe(302);
  const location = res.headers.get("location")!;
  const id = Number(/^\/listing\/edit\/(\d+)\/\?step=params$/.exec(location)?.[1]);
  expect(id, location).toBeGreaterThan(0);
  return id;
}

describe("the wizard without JavaScript", () => {
  it("goes create → params → description → conditions → photos → check → submit, and the listing is pending", async () => {
    const create = await page("/listing/create/", owner.jar);
    expect(create.status).toBe(200);
    const createHtml = await create.text();
    expect(createHtml).toContain('name="type_id"');
    expect(createHtml).toContain('content="noindex, nofollow"');
    const id = await createDraft();
    const edit = `/listing/edit/${id}/`;

    const params = await page(`${edit}?step=params`, owner.jar);
    expect(params.status).toBe(200);
    const paramsHtml = text(await params.text());
    expect(paramsHtml).toMatch(/<a[^>]*aria-current="step"[^>]*>Property<\/a>/);
    expect(paramsHtml).toMatch(/<title>Property — new listing No\. \d+/);
    expect(paramsHtml).toMatch(/<h1>New listing<\/h1>/);
    // A flat has rooms and a floor, no plot area; limits are stated in the hints.
    expect(paramsHtml).toContain('name="rooms"');
    expect(paramsHtml).toContain('name="floor"');
    expect(paramsHtml).not.toContain('name="land_area"');
    expect(paramsHtml).toContain("From 1 to 1,000,000 m².");

    const savedParams = await post(
      `${edit}?step=params`,
      {
        intent: "params",
        city: place.city,
        district: place.district,
        address: "Bulevar kralja Aleksandra 12",
        lat: "",
        lng: "",
        area: "64",
        rooms: "2,5",
        bathrooms: "",
        floor: "3",
        floors: "8",
        year_built: "",
        heating: "central",
        parking: "",
        balcony: "no",
        elevator: "yes",
      },
      owner.jar,
    );
    expect(savedParams.status).toBe(302);
    expect(savedParams.headers.get("location")).toBe(`${edit}?step=description`);
    const afterParams = (await row(id))!;
    expect(afterParams.rooms).toBe(2.5);
    expect(afterParams.elevator).toBe(1);
    // No position given: the address's (here the district's) from the geocoder.
    expect(afterParams.lat).not.toBeNull();
    expect(afterParams.lng).not.toBeNull();

    const description = await page(`${edit}?step=description`, owner.jar);
    const descriptionHtml = text(await description.text());
    expect(descriptionHtml).toContain("Leave empty and we write it from the facts.");
    expect(descriptionHtml).toMatch(/<option value="en" selected="">English<\/option>/);
    const savedDescription = await post(
      `${edit}?step=description`,
      {
        intent: "description",
        lang: "sr",
        description: "Svetao stan blizu parka, renoviran prošle godine, sa pogledom na reku.",
        title: "",
      },
      owner.jar,
    );
    expect(savedDescription.status).toBe(302);
    expect(savedDescription.headers.get("location")).toBe(`${edit}?step=conditions`);

    const savedConditions = await post(
      `${edit}?step=conditions`,
      { intent: "conditions", price: "145 000", furnished: "yes" },
      owner.jar,
    );
    expect(savedConditions.status).toBe(302);
    expect(savedConditions.headers.get("location")).toBe(`${edit}?step=photos`);
    expect((await row(id))!.price).toBe(145000);

    const photos = await page(`${edit}?step=photos`, owner.jar);
    expect(photos.status).toBe(200);
    expect(text(await photos.text())).toContain(`href="${edit}?step=check"`);

    // Without ?step= a complete listing opens on the check.
    const check = await page(edit, owner.jar);
    const checkHtml = text(await check.text());
    expect(checkHtml).toMatch(/<a[^>]*aria-current="step"[^>]*>Check and submit<\/a>/);
    expect(checkHtml).toContain("145,000 €");
    expect(checkHtml).toContain("(written from the facts)");
    expect(checkHtml).toContain('value="submit"');

    const submitted = await post(edit, { intent: "submit" }, owner.jar);
    expect(submitted.status).toBe(302);
    expect(submitted.headers.get("location")).toBe(`/listing/preview/${id}/`);
    const done = (await row(id))!;
    expect(done.status).toBe("pending");
    expect(done.lang).toBe("sr");
    expect(done.title_generated).toBe(1);
  });

  it.each([
    ["en", "", "Write at least 30 characters."],
    ["ru", "/ru", "Напишите не меньше 30 символов."],
    ["sr", "/sr", "Napišite najmanje 30 znakova."],
  ])("re-renders a refused field with its %s error, the posted values and 400", async (locale, prefix, message) => {
    const id = await createDraft();
    const path = `${prefix}/listing/edit/${id}/?step=description`;
    const res = await post(
      path,
      { intent: "description", lang: locale, description: "Too short", title: "" },
      owner.jar,
      locale,
    );
    expect(res.status).toBe(400);
    const html = text(await res.text());
    expect(html).toContain(message);
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*>Too short<\/textarea>/);
    expect((await row(id))!.description).toBeNull();
  });

  it("reads a bad number as the field's error, not a server error", async () => {
    const id = await createDraft();
    const res = await post(`/listing/edit/${id}/?step=conditions`, { intent: "conditions", price: "lots" }, owner.jar);
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain("Enter a number.");
  });

  it("lists what is missing on submit, each with a link to its step", async () => {
    const id = await createDraft("6");
    const res = await post(`/listing/edit/${id}/?step=check`, { intent: "submit" }, owner.jar);
    expect(res.status).toBe(400);
    const html = text(await res.text());
    expect(html).toContain("The listing cannot be submitted yet:");
    const link = (step: string, label: string) =>
      new RegExp(`<a href="/listing/edit/${id}/\\?step=${step}"[^>]*>${label}</a>: Fill in this field\\.`);
    expect(html).toMatch(link("params", "Plot area"));
    expect(html).toMatch(link("conditions", "Price"));
    expect((await row(id))!.status).toBe("draft");
  });

  it("a land plot's params have a plot area and no rooms or floor; rent has deposit and pets", async () => {
    const land = await createDraft("6");
    const landHtml = await (await page(`/listing/edit/${land}/?step=params`, owner.jar)).text();
    expect(landHtml).toContain('name="land_area"');
    expect(landHtml).not.toContain('name="rooms"');
    const rent = await createDraft("1");
    const rentHtml = await (await page(`/listing/edit/${rent}/?step=conditions`, owner.jar)).text();
    expect(rentHtml).toContain('name="deposit"');
    expect(rentHtml).toContain('name="pets_allowed"');
  });
});

describe("submitting", () => {
  /** A complete flat of the owner's through the pages, at `price`. */
  async function completeFlat(price: string) {
    const id = await createDraft();
    const edit = `/listing/edit/${id}/`;
    const steps: Record<string, string>[] = [
      {
        intent: "params",
        city: place.city,
        address: "Cara Dušana 7",
        lat: "44.8",
        lng: "20.46",
        area: "51",
        rooms: "2",
      },
      {
        intent: "description",
        lang: "en",
        description: "A quiet flat in an old building, close to the river and the market.",
      },
      { intent: "conditions", price },
    ];
    for (const fields of steps) expect((await post(edit, fields, owner.jar)).status).toBe(302);
    return id;
  }

  it("warns of a possible duplicate with a link to it, and submits anyway when asked", async () => {
    const price = String(200_000 + Math.floor(Math.random() * 100_000));
    const first = await completeFlat(price);
    expect((await post(`/listing/edit/${first}/`, { intent: "submit" }, owner.jar)).status).toBe(302);
    const second = await completeFlat(price);
    const warned = await post(`/listing/edit/${second}/?step=check`, { intent: "submit" }, owner.jar);
    expect(warned.status).toBe(409);
    const html = text(await warned.text());
    expect(html).toContain("You already have a listing with this address, area and price.");
    expect(html).toMatch(new RegExp(`<a href="/listing/preview/${first}/"`));
    expect(html).toContain('value="force"');
    expect((await row(second))!.status).toBe("draft");
    const forced = await post(`/listing/edit/${second}/?step=check`, { intent: "force" }, owner.jar);
    expect(forced.status).toBe(302);
    expect(forced.headers.get("location")).toBe(`/listing/preview/${second}/`);
    expect((await row(second))!.status).toBe("pending");
  });

  it("tells the owner of a published listing whether a change keeps it public", async () => {
    const id = await completeFlat(String(300_000 + Math.floor(Math.random() * 100_000)));
    await env.DB.prepare("UPDATE listings SET status = 'active' WHERE id = ?").bind(id).run();
    const priced = await post(`/listing/edit/${id}/`, { intent: "conditions", price: "199000" }, owner.jar);
    expect(priced.headers.get("location")).toBe(`/listing/edit/${id}/?step=photos&notice=public`);
    expect(text(await (await page(priced.headers.get("location")!, owner.jar)).text())).toContain(
      "Saved. Your listing stays public.",
    );
    const moved = await post(
      `/listing/edit/${id}/`,
      {
        intent: "params",
        city: place.city,
        address: "Cara Dušana 9",
        lat: "44.8",
        lng: "20.46",
        area: "51",
        rooms: "2",
      },
      owner.jar,
    );
    expect(moved.headers.get("location")).toBe(`/listing/edit/${id}/?step=description&notice=review`);
    expect((await row(id))!.status).toBe("pending");
  });

  it("tells the owner of a published listing that new texts wait for a moderator (decision 053)", async () => {
    const id = await completeFlat(String(500_000 + Math.floor(Math.random() * 100_000)));
    await env.DB.prepare("UPDATE listings SET status = 'active' WHERE id = ?").bind(id).run();
    const described = await post(
      `/listing/edit/${id}/`,
      { intent: "description", description: "A bright flat with a new kitchen and a view of the river.", lang: "en" },
      owner.jar,
    );
    expect(described.headers.get("location")).toBe(`/listing/edit/${id}/?step=conditions&notice=changes`);
    const html = text(await (await page(described.headers.get("location")!, owner.jar)).text());
    expect(html).toContain("Saved. A moderator will check your changes; until then visitors see the approved version.");
    expect(html).toContain("Your changes to the title, description or photos wait for a moderator.");
    expect((await row(id))!.status).toBe("active");
  });

  it("shows a rejected listing's reason on every step, and resubmits it", async () => {
    const id = await completeFlat(String(400_000 + Math.floor(Math.random() * 100_000)));
    await env.DB.prepare("UPDATE listings SET status = 'rejected', rejection_reason = 'Blurry photos' WHERE id = ?")
      .bind(id)
      .run();
    const html = text(await (await page(`/sr/listing/edit/${id}/?step=check`, owner.jar, "sr")).text());
    expect(html).toContain("Moderator je odbio oglas: Blurry photos.");
    expect(html).toContain('value="submit"');
    const res = await post(`/sr/listing/edit/${id}/?step=check`, { intent: "submit" }, owner.jar, "sr");
    expect(res.headers.get("location")).toBe(`/sr/listing/preview/${id}/`);
    expect((await row(id))!.status).toBe("pending");
  });

  it("changes a draft's type on the type step", async () => {
    const id = await createDraft("4");
    const typePage = text(await (await page(`/ru/listing/edit/${id}/?step=type`, owner.jar, "ru")).text());
    expect(typePage).toContain(`name="type_id" checked="" value="4"`);
    const res = await post(`/ru/listing/edit/${id}/?step=type`, { intent: "type", type_id: "6" }, owner.jar, "ru");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/ru/listing/edit/${id}/?step=params`);
    const params = await (await page(res.headers.get("location")!, owner.jar, "ru")).text();
    expect(params).toContain('name="land_area"');
  });
});

describe("the wizard's guards", () => {
  it("someone else's draft is 404, for the page and its posts", async () => {
    const id = await createDraft();
    const other = await signUpByPhone({ name: "Neko Drugi" });
    expect((await page(`/listing/edit/${id}/?step=params`, other.jar)).status).toBe(404);
    expect(
      (await post(`/listing/edit/${id}/?step=conditions`, { intent: "conditions", price: "1" }, other.jar)).status,
    ).toBe(404);
    expect((await row(id))!.price).toBeNull();
  });

  it("an account without a verified phone goes to the phone step and comes back", async () => {
    const account = await passwordAccount("a-long-password-1");
    const jar = new Jar();
    const login = await call("/api/auth/login", {
      body: { login: account.email, password: "a-long-password-1" },
      jar,
      ip: uniqueIp(),
    });
    expect(login.status).toBe(200);
    for (const res of [
      await page("/ru/listing/create/", jar, "ru"),
      await post("/ru/listing/create/", { type_id: "4" }, jar, "ru"),
    ]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(
        `/ru/cabinet/personal/?verify=phone&next=${encodeURIComponent("/ru/listing/create/")}`,
      );
    }
  });

  it("a signed-out visitor is asked to sign in first", async () => {
    const res = await page("/sr/listing/create/");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/sr/?auth=signin&next=${encodeURIComponent("/sr/listing/create/")}`);
    const edit = await page("/listing/edit/5/?step=conditions");
    expect(edit.headers.get("location")).toBe(
      `/?auth=signin&next=${encodeURIComponent("/listing/edit/5/?step=conditions")}`,
    );
  });
});
