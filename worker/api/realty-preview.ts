/**
 * Listing previews (product §7): `GET /api/realty/preview/{id}` — the signed-in owner's own listing in any
 * state — and `GET /api/admin/realty/preview/{id}` — any listing, for admins (404 for other users), with
 * the owner's contact. Someone else's listing answers 404 as a missing one does, so ids of hidden
 * listings are not confirmed. A draft previews however little it states yet: its missing facts are null.
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import type { ApiPreview } from "#shared/api/realty.ts";
import { listingType } from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { requireRole } from "#worker/middleware/staff.ts";
import { listingPhotos } from "#worker/db/images.ts";
import { editRow, type EditRow } from "#worker/db/listing-edits.ts";
import { listingRevision } from "#worker/db/listing-revisions.ts";
import { listingPreview } from "#worker/db/listing-detail.ts";
import { findUserById } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { toEdit } from "./realty-edit.ts";
import { toImage } from "./shapes/image.ts";
import { advertiserOfAccount, listingFacts, toListingPreview } from "./shapes/listing.ts";
import { valid } from "./validate.ts";

const IdParams = v.object({ id: IdParam });

export const realtyPreview = new Hono<AppEnv>();
for (const path of ["/realty/preview/*", "/admin/realty/preview/*"]) {
  realtyPreview.use(path, requireAuth, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
}
// The admin area does not exist for anyone else: a 404, as a missing listing. Moderators
// preview what they review (decision 057).
realtyPreview.use("/admin/realty/preview/*", requireRole("moderator", "No such listing"));

const iso = (ms: number | null) => new Date(ms ?? 0).toISOString();

/**
 * The detail shape of a listing that cannot be shown as a public one yet (a draft without a city): what
 * it states, nulls for the rest, no market comparison.
 */
async function incompletePreview(c: Context<AppEnv>, row: EditRow, locale: Locale): Promise<ApiPreview> {
  const [photos, owner] = await Promise.all([listingPhotos(c.env.DB, row.id), findUserById(c.env.DB, row.owner_id)]);
  const type = listingType(row.type_id)!;
  const images = photos.map(toImage);
  return {
    id: row.id,
    type_id: type.id,
    deal: type.deal,
    type: type.type,
    path: row.city ? paths.detail(type.deal, type.type, row.city, row.id) : null,
    city: row.city ? { slug: row.city, name: row[`city_name_${locale}`] ?? row.city } : null,
    district: row.district ? { slug: row.district, name: row[`district_name_${locale}`] ?? row.district } : null,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    // The owner's (or an admin's) preview: the point as set, with the precision the public will see.
    location_precision: row.location_precision,
    price: row.price,
    currency: "EUR",
    previous_price: null,
    price_m2: row.price !== null && row.area ? Math.round((row.price / row.area) * 100) / 100 : null,
    ...listingFacts(row),
    // Without a city there is no generated title yet: the title is the owner's, if any.
    title: row.title,
    title_lang: row.lang ?? locale,
    lang: row.lang,
    promoted: false,
    highlighted: false,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    expires_at: iso(row.expires_at),
    confirmed_at: null,
    image: images[0] ?? null,
    image_count: images.length,
    offers: 1,
    description: row.description,
    images,
    status: row.status,
    rejection_reason: row.rejection_reason,
    rejection_code: row.rejection_code,
    owner: { id: row.owner_id, name: owner?.name ?? "", member_since: iso(owner?.created_at ?? null) },
    ...advertiserOfAccount(owner),
    // Read here only for drafts without a place: never checked, never public.
    checked_at: null,
    awaiting_confirmation: false,
    market: { city_median_price_m2: null, sample_size: 0 },
    price_warning: null,
    price_history: [],
    same_property: [],
  };
}

/** The owner's own listing (`ownerId`) or any (`null`); null when there is none for this caller. */
async function preview(c: Context<AppEnv>, id: number, ownerId: number | null) {
  const row = await editRow(c.env.DB, id, ownerId);
  if (!row) return null;
  const locale = apiLocale(c);
  const now = nowOf(c);
  const [found, revision] = await Promise.all([
    listingPreview(c.env.DB, id, locale, ownerId),
    listingRevision(c.env.DB, id),
  ]);
  if (!found) return incompletePreview(c, row, locale);
  const full = toListingPreview(found, now, locale);
  const edit = toEdit(row, locale, revision);
  // With changes waiting, the preview shows them: what the public will see once they are approved.
  const texts = revision
    ? {
        title: edit.title,
        title_lang: revision.title_generated === 1 ? locale : (edit.lang ?? locale),
        description: edit.description,
        lang: edit.lang,
      }
    : {};
  return {
    ...full,
    ...texts,
    rejection_reason: row.rejection_reason,
    rejection_code: row.rejection_code,
    revision: edit.revision,
  };
}

realtyPreview
  .get("/realty/preview/:id", valid("param", IdParams), async (c) => {
    const listing = await preview(c, c.req.valid("param").id, c.get("user")!.id);
    if (!listing) return apiError(c, 404, "not_found", "No such listing");
    return c.json({ data: listing });
  })
  .get("/admin/realty/preview/:id", valid("param", IdParams), async (c) => {
    const listing = await preview(c, c.req.valid("param").id, null);
    if (!listing) return apiError(c, 404, "not_found", "No such listing");
    const owner = await findUserById(c.env.DB, listing.owner.id);
    const contact = {
      name: owner?.name ?? listing.owner.name,
      phone: owner?.phone ?? null,
      email: owner?.email ?? null,
    };
    return c.json({ data: { ...listing, contact } });
  });
