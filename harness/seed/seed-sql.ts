/**
 * The deterministic seed as SQL statements: the same options give the same statements, byte for byte.
 * Used by `npm run seed` (local D1 through wrangler, streamed into files) and by the workerd tests
 * (applied directly). Rows go in multi-row INSERTs of at most 100 rows and ~90 KB per statement
 * in UTF-8 (D1 caps a statement at 100 KB).
 */
import { accountStatements } from "./accounts.ts";
import { agencyFeedStatements } from "./agency-feed.ts";
import { ADVANTAGES, FAQ, seedArticles, seedSubscriptions, seedTags, TOOLTIPS } from "./content.ts";
import { agencySlugOf } from "#shared/api/agency.ts";
import { LISTING_FACTS } from "#shared/listing-facts.ts";
import { gazetteerTables } from "#worker/db/reference/gazetteer-tables.ts";
import { seedImages, seedListing, type SeedListing } from "./listings.ts";
import { ownerFavourites, ownerStats, seedReports } from "./owner-activity.ts";
import { seedUser, userCount } from "./people.ts";
import { savedSearchMatches, savedSearchText, SEED_SAVED_SEARCHES } from "./saved-searches.ts";
import { BASE_TIME, DAY } from "./prng.ts";
import { priceHistory } from "./price-history.ts";
import { signalStatements } from "./signals.ts";
import { propertyGroupStatements } from "./property-groups.ts";

export interface SeedOptions {
  /** Number of listings; 2 000 by default. */
  listings?: number;
  /**
   * The day the data set is "now" (ms; its UTC day is taken). By default the seed's own BASE_TIME, so
   * the statements are the same on every run; local databases pass today, so listings expire, and their
   * statistics and reports fall, relative to the day they were seeded (decision 038).
   */
  anchor?: number;
}

/** How far to move the seed's times so that BASE_TIME falls on the anchor's UTC day. */
function anchorShift(anchor: number | undefined): number {
  return anchor === undefined ? 0 : Math.floor(anchor / DAY) * DAY - BASE_TIME;
}

export const DEFAULT_LISTINGS = 2000;
const MAX_ROWS = 100;
const MAX_BYTES = 90_000;

type SqlValue = string | number | null;

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function sqlValue(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  return sqlString(value);
}

const tuple = (values: SqlValue[]) => `(${values.map(sqlValue).join(", ")})`;

/** UTF-8 length of `text` (D1's statement limit is in bytes; Cyrillic takes two per letter). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** Multi-row INSERTs for `rows`, flushed every MAX_ROWS rows or MAX_BYTES characters. */
function* inserts(table: string, columns: readonly string[], rows: Iterable<SqlValue[]>): Generator<string> {
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n`;
  let batch: string[] = [];
  let bytes = head.length;
  for (const row of rows) {
    const text = tuple(row);
    const size = utf8Length(text) + 2;
    if (batch.length > 0 && (batch.length >= MAX_ROWS || bytes + size > MAX_BYTES)) {
      yield head + batch.join(",\n");
      batch = [];
      bytes = head.length;
    }
    batch.push(text);
    bytes += size;
  }
  if (batch.length) yield head + batch.join(",\n");
}

/** Tables the seed owns, children before parents. */
const SEED_TABLES = [
  "saved_search_matches",
  "saved_searches",
  "price_drop_notices",
  "alert_digests",
  "listing_price_drops",
  "listing_prices",
  "listing_activations",
  "listing_reports",
  "listing_counts",
  "favourites",
  "listing_stats",
  "listing_images",
  "listing_photo_problems",
  "listings",
  "agency_feed_runs",
  "agency_feeds",
  "agency_invites",
  "agency_members",
  "agencies",
  "email_subscriptions",
  "feedback_questions",
  "articles",
  "tags",
  "faq",
  "advantages",
  "tooltips",
  "refresh_tokens",
  "verification_codes",
  "dev_outbox",
  "users",
  "districts",
  "cities",
] as const;

const LISTING_COLUMNS = [
  "id",
  "type_id",
  "deal",
  "property_type",
  "city_id",
  "district_id",
  "address",
  "lat",
  "lng",
  "location_precision",
  "price",
  ...LISTING_FACTS,
  "title",
  "title_generated",
  "description",
  "lang",
  "owner_id",
  "phone",
  "status",
  "promoted_until",
  "highlight_until",
  "home_until",
  "created_at",
  "updated_at",
  "expires_at",
  "published_at",
  "checked_at",
  "submitted_at",
  "rejection_code",
  "rejection_reason",
  "hidden_at",
  "confirmed_at",
  "confirm_asked_at",
  "unconfirmed_at",
] as const satisfies readonly (keyof SeedListing)[];

/** Columns holding times (ms), moved by the anchor's shift. */
const LISTING_TIMES = new Set<string>([
  "promoted_until",
  "highlight_until",
  "home_until",
  "created_at",
  "updated_at",
  "expires_at",
  "published_at",
  "checked_at",
  "submitted_at",
  "hidden_at",
  "confirmed_at",
  "confirm_asked_at",
  "unconfirmed_at",
]);

/** Listings 1…count in order (listing n is the same for every count ≥ n). */
function* listingRows(count: number): Generator<SeedListing> {
  for (let id = 1; id <= count; id++) yield seedListing(id);
}

/**
 * Every statement of the seed, lazily: deletes (children first), then cities, districts, users,
 * listings, images and content. Memory stays flat for any listing count.
 */
export function* seedStatementStream(options: SeedOptions = {}): Generator<string> {
  const count = Math.max(0, Math.floor(options.listings ?? DEFAULT_LISTINGS));
  const shift = anchorShift(options.anchor);
  const at = (time: number | null) => (time === null ? null : time + shift);

  for (const table of SEED_TABLES) yield `DELETE FROM ${table}`;

  // The places are the product's reference data (decision 055), the same rows `npm run ops -- init`
  // upserts: the demo's listings use the curated big cities' ids, which the reference file keeps.
  for (const spec of gazetteerTables())
    yield* inserts(
      spec.table,
      spec.columns,
      spec.rows.map((row) => spec.columns.map((column) => row[column] ?? null)),
    );

  const users = userCount(count);
  const userEmails: string[] = [];
  // Numbers drawn at random repeat among tens of thousands of people (a birthday collision), and a verified
  // number is one person's (users_verified_phone): a repeat takes the next free number.
  const verifiedPhones = new Set<string>();
  const verifiedPhone = (phone: string) => {
    while (verifiedPhones.has(phone)) phone = `+${BigInt(phone.slice(1)) + 1n}`;
    verifiedPhones.add(phone);
    return phone;
  };
  yield* inserts(
    "users",
    ["id", "name", "phone", "email", "created_at", "phone_verified_at", "advertiser_type"],
    (function* () {
      for (let id = 1; id <= users; id++) {
        const u = seedUser(id);
        if (id > 2 && userEmails.length < 4) userEmails.push(u.email);
        yield [
          u.id,
          u.name,
          u.phone_verified ? verifiedPhone(u.phone) : u.phone,
          u.email,
          u.created_at,
          u.phone_verified ? u.created_at : null,
          u.advertiser.type,
        ];
      }
    })(),
  );

  // The development accounts get their passwords (harness/seed/accounts.ts).
  yield* accountStatements();

  // Each agency account is an agency of its own with itself as its manager (decision 098), as migration 0047
  // made of the agencies before it, with a slug from its name; its name and licence are the agency's
  // (decision 104).
  const slugs = new Set<string>();
  yield* inserts(
    "agencies",
    [
      "id",
      "slug",
      "account_id",
      "created_at",
      "updated_at",
      "name",
      "licence_number",
      "licence_submitted_at",
      "licence_checked_at",
      "licence_checked_by",
    ],
    (function* () {
      for (let id = 1; id <= users; id++) {
        const u = seedUser(id);
        if (u.advertiser.type !== "agency") continue;
        const agency = u.advertiser;
        const base = agencySlugOf(agency.name);
        let slug = base;
        for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
        slugs.add(slug);
        yield [
          id,
          slug,
          id,
          u.created_at,
          u.created_at,
          agency.name,
          agency.licence_number,
          u.created_at,
          // Checked by the admin (user 1) three days after the agency joined.
          agency.licensed ? u.created_at + 3 * DAY : null,
          agency.licensed ? 1 : null,
        ];
      }
    })(),
  );
  yield `INSERT INTO agency_members (agency_id, user_id, role, joined_at)
    SELECT id, account_id, 'manager', created_at FROM agencies`;
  // One agency is a team: private owners 6–9 are agents of user 5's (licensed) agency, so its public page
  // (decision 103) has more than a page of listings, by several agents.
  yield `INSERT INTO agency_members (agency_id, user_id, role, joined_at)
    SELECT a.id, u.id, 'agent', max(u.created_at, a.created_at) FROM users u JOIN agencies a ON a.account_id = 5
    WHERE u.id BETWEEN 6 AND 9 AND u.advertiser_type = 'owner'`;

  yield* inserts(
    "listings",
    LISTING_COLUMNS,
    (function* () {
      for (const listing of listingRows(count))
        yield LISTING_COLUMNS.map((column) =>
          LISTING_TIMES.has(column) ? at(listing[column] as number | null) : listing[column],
        );
    })(),
  );
  yield `UPDATE listings SET agency_id = (SELECT m.agency_id FROM agency_members m WHERE m.user_id = listings.owner_id)
    WHERE owner_id IN (SELECT user_id FROM agency_members)`;
  // Each public listing's publication was recorded as it was inserted (migration 0037); the seed has histories.
  yield "DELETE FROM listing_prices";
  yield* inserts(
    "listing_prices",
    ["listing_id", "price", "at"],
    (function* () {
      for (const listing of listingRows(count))
        for (const price of priceHistory(listing)) yield [price.listing_id, price.price, at(price.at)];
    })(),
  );
  // The seeded listings are what is public already, not news: the alerts start after them (migration 0020).
  yield `INSERT OR REPLACE INTO job_cursors (name, position) VALUES
    ('saved_search_alerts', (SELECT ifnull(max(id), 0) FROM listing_activations)),
    ('price_drop_alerts', (SELECT ifnull(max(id), 0) FROM listing_price_drops))`;
  yield* inserts(
    "listing_images",
    ["id", "listing_id", "position", "width", "height", "seed"],
    (function* () {
      let next = 1;
      for (let id = 1; id <= count; id++) {
        const images = seedImages(id, next);
        next += images.length;
        for (const image of images)
          yield [image.id, image.listing_id, image.position, image.width, image.height, image.seed];
      }
    })(),
  );

  // What people did with the listings (harness/seed/owner-activity.ts), in the anchor's days.
  yield* inserts(
    "listing_stats",
    ["listing_id", "day", "kind", "count"],
    (function* () {
      for (const listing of listingRows(count))
        for (const stat of ownerStats(listing))
          yield [stat.listing_id, new Date(stat.day_ms + shift).toISOString().slice(0, 10), stat.kind, stat.count];
    })(),
  );
  yield* inserts(
    "favourites",
    ["user_id", "listing_id", "created_at"],
    (function* () {
      for (const listing of listingRows(count))
        for (const favourite of ownerFavourites(listing, users))
          yield [favourite.user_id, listing.id, at(favourite.created_at)];
    })(),
  );
  // The development user's saved searches and what they matched (harness/seed/saved-searches.ts).
  yield* inserts(
    "saved_searches",
    ["id", "user_id", "name", "query", "notify", "frequency", "created_at", "updated_at", "opened_at"],
    SEED_SAVED_SEARCHES.map((s) => [
      s.id,
      s.user_id,
      s.name,
      savedSearchText(s),
      s.notify,
      s.frequency,
      at(s.created_at),
      at(s.created_at),
      at(s.opened_at),
    ]),
  );
  yield* inserts(
    "saved_search_matches",
    ["saved_search_id", "listing_id", "matched_at", "state"],
    (function* () {
      for (const listing of listingRows(count))
        for (const match of savedSearchMatches(listing))
          yield [match.saved_search_id, match.listing_id, at(match.matched_at), match.state];
    })(),
  );
  yield* inserts(
    "listing_reports",
    ["listing_id", "reporter", "reason", "text", "created_at"],
    seedReports()
      .filter((report) => report.listing_id <= count)
      .map((report) => [report.listing_id, report.reporter, report.reason, report.text, at(report.created_at)]),
  );

  const tags = seedTags();
  yield* inserts(
    "tags",
    ["id", "parent_id", "depth", "slug", "name_en", "name_ru", "name_sr", "position"],
    tags.map((t) => [t.id, t.parent_id, t.depth, t.slug, t.name.en, t.name.ru, t.name.sr, t.position]),
  );
  yield* inserts(
    "articles",
    [
      "id",
      "tag_id",
      "slug",
      "author",
      "published_at",
      // Written when they were published (migration 0033): the back office's list orders by it.
      "created_at",
      "updated_at",
      "image_seed",
      "title_en",
      "title_ru",
      "title_sr",
      "lead_en",
      "lead_ru",
      "lead_sr",
      "body_en",
      "body_ru",
      "body_sr",
    ],
    seedArticles(tags).map((a) => [
      a.id,
      a.tag_id,
      a.slug,
      a.author,
      a.published_at,
      a.published_at,
      a.published_at,
      a.image_seed,
      a.title.en,
      a.title.ru,
      a.title.sr,
      a.lead.en,
      a.lead.ru,
      a.lead.sr,
      a.body.en,
      a.body.ru,
      a.body.sr,
    ]),
  );
  yield* inserts(
    "faq",
    ["id", "position", "category", "question_en", "question_ru", "question_sr", "answer_en", "answer_ru", "answer_sr"],
    FAQ.map((f, i) => [
      i + 1,
      i,
      f.category,
      f.question.en,
      f.question.ru,
      f.question.sr,
      f.answer.en,
      f.answer.ru,
      f.answer.sr,
    ]),
  );
  yield* inserts(
    "advantages",
    ["id", "position", "icon", "title_en", "title_ru", "title_sr", "text_en", "text_ru", "text_sr"],
    ADVANTAGES.map((a, i) => [i + 1, i, a.icon, a.title.en, a.title.ru, a.title.sr, a.text.en, a.text.ru, a.text.sr]),
  );
  yield* inserts(
    "tooltips",
    ["key", "text_en", "text_ru", "text_sr"],
    TOOLTIPS.map((t) => [t.key, t.text.en, t.text.ru, t.text.sr]),
  );
  yield* inserts(
    "email_subscriptions",
    ["email", "list", "subscribed", "updated_at"],
    seedSubscriptions(userEmails).map((s) => [s.email, s.list, s.subscribed, s.updated_at]),
  );
  // Last, over the rows above: one of each moderators' signal for the demo queue (decision 088).
  yield* signalStatements(at(BASE_TIME - 20 * DAY)!);
  yield* agencyFeedStatements(at(BASE_TIME)!);
  // And a few flats offered by several advertisers, shown as one card each (decision 090).
  yield* propertyGroupStatements();
}

/** Every statement of the seed as an array (tests, small counts). */
export function seedStatements(options: SeedOptions = {}): string[] {
  return [...seedStatementStream(options)];
}
