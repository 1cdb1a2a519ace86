import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN } from "#tests/fixtures/requests.ts";

const api = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`${ORIGIN}${path}`, { headers });

describe("GET /api/cities", () => {
  it("lists at least 25 cities, largest first, names in the request's locale", async () => {
    const res = await api("/api/cities");
    expect(res.status).toBe(200);
    const body = await res.json<{ items: { slug: string; name: string; lat: number; lng: number }[]; total: number }>();
    expect(body.total).toBe(body.items.length);
    expect(body.items.length).toBeGreaterThanOrEqual(25);
    expect(body.items[0]).toMatchObject({ slug: "beograd", name: "Belgrade" });
    for (const city of body.items) {
      expect(city.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(city.lat).toBeGreaterThan(42);
      expect(city.lat).toBeLessThan(46.5);
      expect(city.lng).toBeGreaterThan(18.8);
      expect(city.lng).toBeLessThan(23.1);
    }
  });

  it("follows ?locale= and Accept-Language", async () => {
    const ru = await (await api("/api/cities?locale=ru")).json<{ items: { name: string }[] }>();
    expect(ru.items[0]!.name).toBe("Белград");
    const sr = await (
      await api("/api/cities", { "accept-language": "sr-Latn-RS" })
    ).json<{ items: { name: string }[] }>();
    expect(sr.items[0]!.name).toBe("Beograd");
  });
});

describe("GET /api/city", () => {
  it("returns one city as { data }", async () => {
    const res = await api("/api/city?slug=novi-sad&locale=ru");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: expect.objectContaining({ slug: "novi-sad", name: "Нови-Сад" }) });
  });

  it("400 names the field for a malformed slug", async () => {
    for (const slug of ["", "Beograd", "../etc", "a".repeat(65)]) {
      const res = await api(`/api/city?slug=${encodeURIComponent(slug)}`);
      expect(res.status).toBe(400);
      const body = await res.json<{ error: { code: string; fields: Record<string, string> } }>();
      expect(body.error.code).toBe("invalid_input");
      expect(body.error.fields.slug).toBeTruthy();
    }
  });

  it("404 for an unknown city", async () => {
    const res = await api("/api/city?slug=atlantis");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

it("an unknown API path is a JSON 404", async () => {
  const res = await api("/api/nothing-here");
  expect(res.status).toBe(404);
  expect(res.headers.get("content-type")).toContain("application/json");
});

describe("the whole gazetteer (decision 055)", () => {
  it("has Serbia's small towns in three languages, and their list pages", async () => {
    const names = await Promise.all(
      (["en", "ru", "sr"] as const).map(async (locale) => {
        const res = await api(`/api/city?slug=arilje&locale=${locale}`);
        expect(res.status).toBe(200);
        return (await res.json<{ data: { name: string } }>()).data.name;
      }),
    );
    expect(names).toEqual(["Arilje", "Ариле", "Arilje"]);
    const all = await (await api("/api/cities")).json<{ total: number }>();
    expect(all.total).toBeGreaterThan(250);
    const page = await SELF.fetch(`${ORIGIN}/ru/buy/apartment/arilje/`, { headers: { "accept-language": "ru" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Ариле");
  });

  it("has the municipal seats GeoNames gives no population and the towns it lacks, found by name and by point", async () => {
    for (const [slug, ru] of [
      ["sokobanja", "Сокобаня"],
      ["aleksinac", "Алексинац"],
      ["sid", "Шид"],
      ["loznica", "Лозница"],
    ]) {
      const res = await api(`/api/city?slug=${slug}&locale=ru`);
      expect(res.status, slug).toBe(200);
      expect((await res.json<{ data: { name: string } }>()).data.name).toBe(ru);
    }
    const hits = await (
      await api("/api/location/search?q=Aleksinac&locale=sr")
    ).json<{ items: { kind: string; slug: string }[] }>();
    expect(hits.items[0]).toMatchObject({ kind: "city", slug: "aleksinac" });
    const at = await (
      await api("/api/geocoder/back?lat=44.6100&lng=22.6080")
    ).json<{ data: { city: { slug: string } } }>();
    expect(at.data.city.slug).toBe("kladovo");
    // Vračar is a seat GeoNames has no figure for too: still Belgrade's district, not a city.
    expect((await api("/api/city?slug=vracar")).status).toBe(404);
  });

  it("knows Belgrade's municipalities as its districts, not as cities", async () => {
    expect((await api("/api/city?slug=zemun")).status).toBe(404);
    const res = await api("/api/location/search?q=Surčin&locale=sr");
    const { items } = await res.json<{ items: { kind: string; slug: string; city: { slug: string } }[] }>();
    expect(items[0]).toMatchObject({ kind: "district", slug: "surcin", city: { slug: "beograd" } });
  });
});
