import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "#worker/app-env.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { INVALID } from "#shared/validation.ts";
import { toCity } from "./shapes/place.ts";

const CitySlug = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, INVALID.format),
  v.maxLength(64, INVALID.tooLong),
);

/** Product §7 "Cities and locations": the gazetteer of cities. */
export const cities = new Hono<AppEnv>()
  .get("/cities", async (c) => {
    const locale = apiLocale(c);
    const rows = (await referenceTables(c.env).gazetteer()).cities;
    const items = rows.map((row) => toCity(row, locale));
    return c.json({ items, total: items.length });
  })
  .get("/city", async (c) => {
    const slug = v.safeParse(CitySlug, c.req.query("slug") ?? "");
    if (!slug.success) {
      return apiError(c, 400, "invalid_input", "Invalid city", { slug: slug.issues[0]?.message ?? INVALID.format });
    }
    const row = (await referenceTables(c.env).gazetteer()).cities.find((city) => city.slug === slug.output);
    if (!row) return apiError(c, 404, "not_found", "No such city");
    return c.json({ data: toCity(row, apiLocale(c)) });
  });
