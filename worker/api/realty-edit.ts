/**
 * Listing editing (product §7 `realty/edit/*`, decision 030; the definition is also in `GET /api/form-data` under `listing`): drafts, the wizard's
 * steps, and submitting to moderation. Only the owner reaches a listing here: anyone else's id answers
 * 404 as a missing one does. Field rules come from shared/api/listing-edit.ts. New texts of an approved
 * listing wait for a moderator as its revision (decision 053).
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import {
  fieldsOfType,
  IdBody,
  requiredOfType,
  STEP_BODIES,
  STEP_FIELDS,
  TypeStepBody,
  type ApiListingEdit,
  type DuplicateError,
  type EditField,
  type EditStep,
  type StepValues,
} from "#shared/api/listing-edit.ts";
import { DRAFTS_PER_USER_PER_DAY, PHOTO_DUPLICATE_MIN_MATCHES, PHOTO_MATCH_MAX_DISTANCE } from "#shared/constants.ts";
import { listingType, type ListingTypeId } from "#shared/listing-types.ts";
import { generatedListingTitle } from "#shared/listing-title.ts";
import type { Locale } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { INVALID } from "#shared/validation.ts";
import type { AppEnv, Database } from "#worker/app-env.ts";
import { placeIds } from "#worker/db/gazetteer.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import { fingerprintedPhotoCount, photoFingerprintCandidates } from "#worker/db/images.ts";
import {
  listingRevision,
  pruneRevision,
  REVISION_COLUMNS,
  saveRevision,
  type RevisionRow,
  type RevisionText,
} from "#worker/db/listing-revisions.ts";
import {
  createDraft,
  editRow,
  placeNames,
  sameFactsListing,
  updateListing,
  verifiedPhone,
  type ColumnValues,
  type EditRow,
} from "#worker/db/listing-edits.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { overLimit, perUser } from "#worker/middleware/throttle.ts";
import { fingerprintDistance } from "#worker/workflows/photo-fingerprint.ts";
import { listingFacts } from "./shapes/listing.ts";
import { valid } from "./validate.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The edit shape; a generated title in `locale` (the visitor's), else as stored. With the listing's
 * revision (its owner's view) the texts are the proposed ones (decision 053).
 */
export function toEdit(stored: EditRow, locale?: Locale, revision: RevisionRow | null = null): ApiListingEdit {
  const row = revision ? withRevision(stored, revision) : stored;
  return {
    id: row.id,
    status: row.status,
    type_id: row.type_id as ListingTypeId,
    city: row.city,
    district: row.district,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    location_precision: row.location_precision,
    price: row.price,
    ...listingFacts(row),
    title: row.title_generated === 1 && locale ? (titleFromFacts(row, locale) ?? row.title) : row.title,
    title_generated: row.title_generated === 1,
    description: row.description,
    lang: row.lang,
    rejection_reason: row.rejection_reason,
    revision: revision && {
      status: revision.status,
      rejection_code: revision.rejection_code,
      rejection_reason: revision.rejection_reason,
      submitted_at: iso(revision.submitted_at),
      updated_at: iso(revision.updated_at),
    },
    photo_count: row.photo_count,
    fields: fieldsOfType(row.type_id),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    // A listing that never ran has no end date to show.
    expires_at: row.status === "draft" || row.expires_at <= row.created_at ? null : iso(row.expires_at),
  };
}

/** The listing with its revision's texts: what its owner edits and previews. */
export function withRevision(row: EditRow, revision: RevisionRow): EditRow {
  const text = Object.fromEntries(REVISION_COLUMNS.map((k) => [k, revision[k]]));
  return { ...row, ...text };
}

/** The texts of a listing, as a revision holds them. */
const textOf = (row: EditRow): RevisionText => ({
  title: row.title,
  title_generated: row.title_generated,
  description: row.description,
  lang: row.lang,
});

/** Whether two versions of the texts read the same (a generated title follows the facts, whatever it says now). */
const sameText = (a: RevisionText, b: RevisionText) =>
  a.title_generated === b.title_generated &&
  (a.title_generated === 1 || a.title === b.title) &&
  a.description === b.description &&
  a.lang === b.lang;

/** The owner's listing in edit shape, with the changes that wait for a moderator; null when not theirs. */
async function ownerEdit(c: Context<AppEnv>, id: number): Promise<ApiListingEdit | null> {
  const [row, revision] = await Promise.all([editRow(c.env.DB, id, c.get("user")!.id), listingRevision(c.env.DB, id)]);
  return row && toEdit(row, apiLocale(c), revision);
}

const notFound = (c: Context) => apiError(c, 404, "not_found", "No such listing");
const invalid = (c: Context, fields: Record<string, string>) =>
  apiError(c, 400, "invalid_input", `Invalid ${Object.keys(fields).join(", ")}`, fields);

/** Facts that place a listing: changing them (or its type) sends a published listing back to moderation. */
const LOCATION_COLUMNS = ["city_id", "district_id", "address", "lat", "lng"] as const;

/**
 * The title made from the facts in `locale` (what is stored: the listing's language, Serbian until one
 * is chosen; the API answers in the visitor's); null without a city.
 */
function titleFromFacts(row: EditRow, locale: Locale): string | null {
  const city = row[`city_name_${locale}`];
  if (city === null) return null;
  const facts = {
    deal: row.deal,
    type: row.property_type,
    rooms: row.rooms,
    area: row.area,
    land_area: row.land_area,
    city,
    district: row[`district_name_${locale}`],
  };
  return generatedListingTitle(facts, textCatalog(locale).intl);
}

export async function generatedTitle(db: Database, facts: EditRow): Promise<string | null> {
  if (facts.city_id === null) return null;
  const names = await placeNames(db, facts.city_id, facts.district_id);
  return names ? titleFromFacts({ ...facts, ...names }, facts.lang ?? "sr") : null;
}

/**
 * Keeps new texts of a reviewed listing as its revision (decision 053): the public keeps the approved
 * ones until a moderator approves. A revision that no longer differs from the approved listing is dropped.
 */
async function reviseText(
  db: Database,
  row: EditRow,
  revision: RevisionRow | null,
  text: Partial<RevisionText>,
  now: number,
) {
  const current = revision ?? textOf(row);
  const proposed: RevisionText = { ...current, ...text };
  if (proposed.title_generated === 1) proposed.title = await generatedTitle(db, { ...row, ...proposed });
  if (sameText(proposed, current)) return;
  await saveRevision(db, row.id, proposed, now);
  await pruneRevision(db, row.id);
}

/**
 * Applies column changes to the owner's listing: a published listing whose type or place changes goes
 * back to moderation; a generated title follows the facts; new texts of an approved listing wait for a
 * moderator (decision 053). The answer is the listing in edit shape.
 */
async function save(c: Context<AppEnv>, row: EditRow, values: ColumnValues) {
  const db = c.env.DB;
  const now = nowOf(c);
  const revision = await listingRevision(db, row.id);
  // Approved (public, or archived and able to return without review), or with changes waiting already.
  const reviewed = row.status === "active" || row.status === "archived" || revision !== null;
  if (reviewed && values.status === undefined) {
    const text: Partial<RevisionText> = {};
    for (const name of REVISION_COLUMNS) {
      if (!(name in values)) continue;
      Object.assign(text, { [name]: values[name] ?? null });
      delete values[name];
    }
    if (Object.keys(text).length) await reviseText(db, row, revision, text, now);
    // Nothing the public sees changed: the listing keeps its place among the newest.
    if (!Object.keys(values).length) {
      const saved = await ownerEdit(c, row.id);
      return saved ? c.json({ data: saved }) : notFound(c);
    }
  }
  const moved =
    row.status === "active" &&
    (["type_id", ...LOCATION_COLUMNS] as const).some((k) => k in values && values[k] !== row[k]);
  // Back in the moderation queue, as a new submission.
  if (moved) Object.assign(values, { status: "pending", submitted_at: now });
  const next = { ...row, ...values } as EditRow;
  if (next.title_generated === 1) values.title = next.title = await generatedTitle(db, next);
  const applied = await updateListing(db, row.id, row.status, values, now, { actorId: c.get("user")!.id });
  // Someone changed its state meanwhile (a moderator's decision): the caller retries on fresh data.
  if (!applied) return apiError(c, 409, "conflict", "The listing changed meanwhile; reload it");
  return c.json({ data: (await ownerEdit(c, row.id))! });
}

/**
 * Fields a step may not carry for this type, and required fields a step may not leave empty (decision 069:
 * a step posted with a required field null is refused whole, drafts too; an absent field stays as it is).
 */
function fieldRules(typeId: number, body: StepValues): Record<string, string> {
  const applies = fieldsOfType(typeId);
  const required = requiredOfType(typeId);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body) as [EditField, unknown][]) {
    if (value === undefined) continue;
    if (value !== null && !applies.includes(name)) fields[name] = INVALID.notApplicable;
    else if (value === null && required.includes(name)) fields[name] = INVALID.required;
  }
  return fields;
}

/** Step values as columns: places from slugs to ids, booleans as 0/1, titles the owner's or generated. */
async function columnsOf(c: Context<AppEnv>, row: EditRow, body: StepValues) {
  const values: ColumnValues = {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body) as [EditField, unknown][]) {
    if (value === undefined || name === "city" || name === "district") continue;
    values[name] = typeof value === "boolean" ? Number(value) : (value as string | number | null);
  }
  // The column has a value always: clearing the choice is the default.
  if (body.location_precision === null) values.location_precision = "exact";
  if ("title" in body && body.title !== undefined) values.title_generated = body.title === null ? 1 : 0;
  if (body.city !== undefined || body.district !== undefined) {
    const city = body.city === undefined ? row.city : body.city;
    const district = body.district === undefined && body.city === undefined ? row.district : body.district;
    if (city === null) {
      if (district) fields.district = INVALID.needsCity;
      Object.assign(values, { city_id: null, district_id: null });
    } else {
      const ids = placeIds(await referenceTables(c.env).gazetteer(), city, district ?? undefined);
      if (!ids) fields.city = INVALID.choice;
      else if (district && ids.district_id === null) fields.district = INVALID.choice;
      else Object.assign(values, { city_id: ids.city_id, district_id: district ? ids.district_id : null });
    }
  }
  return { values, fields };
}

export const realtyEdit = new Hono<AppEnv>();

realtyEdit.use("/realty/edit/*", requireAuth, async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

realtyEdit.get("/realty/edit/:id", valid("param", v.object({ id: IdParam })), async (c) => {
  const edit = await ownerEdit(c, c.req.valid("param").id);
  return edit ? c.json({ data: edit }) : notFound(c);
});

realtyEdit.post("/realty/edit/type", valid("json", TypeStepBody), async (c) => {
  const user = c.get("user")!;
  const { id, type_id } = c.req.valid("json");
  const type = listingType(type_id)!;
  if (id === undefined) {
    // Product §6: a listing's contact number is its owner's verified phone.
    const phone = user.phone_verified ? await verifiedPhone(c.env.DB, user.id) : null;
    if (!phone) {
      return apiError(c, 403, "phone_not_verified", "Verify your phone number on the personal page first");
    }
    const refused = await overLimit(c, [perUser(c, "drafts", DRAFTS_PER_USER_PER_DAY, 24 * 60 * 60)]);
    if (refused) return refused;
    const draft = await createDraft(
      c.env.DB,
      { ownerId: user.id, typeId: type_id, deal: type.deal, propertyType: type.type, phone },
      nowOf(c),
    );
    return c.json({ data: toEdit((await editRow(c.env.DB, draft, user.id))!, apiLocale(c)) }, 201);
  }
  const row = await editRow(c.env.DB, id, user.id);
  if (!row) return notFound(c);
  // Facts the new type does not have are dropped with the change.
  const applies = fieldsOfType(type_id);
  const values: ColumnValues = { type_id, deal: type.deal, property_type: type.type };
  for (const name of Object.values(STEP_FIELDS).flat()) {
    if (!applies.includes(name) && name !== "city" && name !== "district") values[name] = null;
  }
  return save(c, row, values);
});

for (const step of ["params", "description", "conditions"] as const satisfies EditStep[]) {
  realtyEdit.post(`/realty/edit/${step}`, valid("json", STEP_BODIES[step]), async (c) => {
    const { id, ...body } = c.req.valid("json") as { id: number } & StepValues;
    const row = await editRow(c.env.DB, id, c.get("user")!.id);
    if (!row) return notFound(c);
    const ruled = fieldRules(row.type_id, body);
    if (Object.keys(ruled).length) return invalid(c, ruled);
    const { values, fields } = await columnsOf(c, row, body);
    if (Object.keys(fields).length) return invalid(c, fields);
    return save(c, row, values);
  });
}

/** Every missing required fact of a listing, as field errors. */
function missingFields(row: EditRow): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of requiredOfType(row.type_id)) {
    if (row[name] === null) fields[name] = INVALID.required;
  }
  if (row.title === null && !fields.city) fields.title = INVALID.required;
  return fields;
}

/**
 * The listing this one's photos were copied from (decision 036): one other listing — the owner's own, or a
 * public one — holding PHOTO_DUPLICATE_MIN_MATCHES of this listing's photos (all of them when it has fewer).
 */
async function samePhotosListing(db: Database, row: EditRow) {
  const candidates = await photoFingerprintCandidates(db, row.id, row.owner_id);
  if (!candidates.length) return null;
  const needed = Math.min(PHOTO_DUPLICATE_MIN_MATCHES, await fingerprintedPhotoCount(db, row.id));
  const matched = new Map<number, { listing: DuplicateError["error"]["listing"]; photos: Set<number> }>();
  for (const c of candidates) {
    if (fingerprintDistance(c.mine, c.theirs) > PHOTO_MATCH_MAX_DISTANCE) continue;
    const entry = matched.get(c.listing_id) ?? {
      listing: { id: c.listing_id, status: c.status, title: c.title, mine: c.own === 1 },
      photos: new Set<number>(),
    };
    entry.photos.add(c.photo_id);
    matched.set(c.listing_id, entry);
  }
  const best = [...matched.values()].sort((a, b) => b.photos.size - a.photos.size || a.listing.id - b.listing.id)[0];
  return best && best.photos.size >= needed ? best.listing : null;
}

/** What the duplicate check found: the other listing, named in the reader's language, and what matched. */
export interface DuplicateFinding {
  match: DuplicateError["error"]["match"];
  listing: DuplicateError["error"]["listing"];
}

/**
 * The duplicate check of a submission (decisions 030, 036), also shown to moderators in the queue: the
 * owner's own listing with the same address, area and price, else a listing holding the same photos; its
 * title as `locale` reads everything else (a generated one in that language). Null when neither.
 */
export async function likelyDuplicate(db: Database, row: EditRow, locale: Locale): Promise<DuplicateFinding | null> {
  const same = await sameFactsListing(db, row);
  const copied = same ? null : await samePhotosListing(db, row);
  const match = same ? { ...same, mine: true } : copied;
  if (!match) return null;
  const matched = await editRow(db, match.id, null);
  const title = matched ? toEdit(matched, locale).title : match.title;
  return { match: same ? "facts" : "photos", listing: { ...match, title } };
}

/** Submits a draft or a rejected listing to moderation (`pending`), after the duplicate check unless forced. */
async function submit(c: Context<AppEnv>, id: number, force: boolean) {
  const row = await editRow(c.env.DB, id, c.get("user")!.id);
  if (!row) return notFound(c);
  if (row.status !== "draft" && row.status !== "rejected") {
    return apiError(c, 409, "not_submittable", `The listing is ${row.status}, not a draft`);
  }
  const missing = missingFields(row);
  if (Object.keys(missing).length) return invalid(c, missing);
  if (!force) {
    const duplicate = await likelyDuplicate(c.env.DB, row, apiLocale(c));
    if (duplicate) {
      const body: DuplicateError = {
        error: {
          code: "possible_duplicate",
          message:
            duplicate.match === "facts"
              ? "You already have a listing with this address, area and price"
              : "Another listing has the same photos",
          ...duplicate,
        },
      };
      return c.json(body, 409);
    }
  }
  // The moderation queue is oldest submission first.
  return save(c, row, { status: "pending", rejection_reason: null, rejection_code: null, submitted_at: nowOf(c) });
}

realtyEdit.post("/realty/edit/check", valid("json", IdBody), (c) => submit(c, c.req.valid("json").id, false));
realtyEdit.post("/realty/edit/force", valid("json", IdBody), (c) => submit(c, c.req.valid("json").id, true));
