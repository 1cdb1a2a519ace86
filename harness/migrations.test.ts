/**
 * The D1 migrations on SQLite (node:sqlite) with data in the tables a migration moves: the workers suite
 * applies them to an empty database, which would not catch a statement that breaks on rows. Migration 0018
 * (decision 040) turns the sandbox's `payments` into payment intents with their ledger and points the phone
 * reveals at them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { expect, it } from "vitest";
import { seedUser } from "./seed/people.ts";

const DIR = "worker/db/migrations";
const files = readdirSync(DIR)
  .filter((file) => file.endsWith(".sql"))
  .sort();

function migrate(db: DatabaseSync, before: Record<string, () => void>) {
  for (const file of files) {
    before[file.slice(0, 4)]?.();
    db.exec(readFileSync(`${DIR}/${file}`, "utf8"));
  }
}

it("0018 moves the payments made before intents into intents, their ledger and the reveals", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, {
    "0018": () => {
      db.exec(`
        INSERT INTO users (id, name, email, role, created_at) VALUES (501, 'Payer', 'payer@example.rs', 'user', 1),
          (502, 'Owner', 'owner@example.rs', 'user', 1);
        INSERT INTO cities (id, slug, name_en, name_ru, name_sr, lat, lng)
          SELECT 1, 'beograd', 'Belgrade', 'Белград', 'Beograd', 44.8, 20.4 WHERE NOT EXISTS (SELECT 1 FROM cities WHERE id = 1);
        INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms, title,
          title_generated, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
        VALUES (7, 4, 'sale', 'apartment', 1, 'A 1', 44.8, 20.4, 1, 60, 2, 't', 1, 'd', 'en', 502, '+381601234567', 'active', 1, 1, 9),
               (8, 4, 'sale', 'apartment', 1, 'A 2', 44.8, 20.4, 1, 60, 2, 't', 1, 'd', 'en', 502, '+381601234567', 'active', 1, 1, 9);
        INSERT INTO payments (id, user_id, provider, purpose, listing_id, amount_cents, currency, status, created_at)
        VALUES ('sandbox_0a1b2c3d-paid', 501, 'sandbox', 'phone_reveal', 7, 50, 'EUR', 'succeeded', 100),
               ('sandbox_4e5f6a7b-failed', 501, 'sandbox', 'phone_reveal', 8, 50, 'EUR', 'failed', 200);
        INSERT INTO phone_reveals (user_id, listing_id, payment_id, created_at)
        VALUES (501, 7, 'sandbox_0a1b2c3d-paid', 100), (502, 8, NULL, 300);`);
    },
  });
  expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'payments'").all()).toEqual([]);
  expect(
    db
      .prepare(
        `SELECT id, user_id, listing_id, product, amount_cents, currency, provider, provider_ref, idempotency_key,
           (SELECT status FROM payment_events e WHERE e.intent_id = i.id ORDER BY e.id DESC LIMIT 1) AS status
         FROM payment_intents i ORDER BY id`,
      )
      .all()
      .map((row) => ({ ...row })),
  ).toEqual([
    {
      id: "pi_sandbox_0a1b2c3d-paid",
      user_id: 501,
      listing_id: 7,
      product: "phone_reveal",
      amount_cents: 50,
      currency: "EUR",
      provider: "sandbox",
      provider_ref: "sandbox_0a1b2c3d-paid",
      idempotency_key: "migrated-sandbox_0a1b2c3d-paid",
      status: "succeeded",
    },
    {
      id: "pi_sandbox_4e5f6a7b-failed",
      user_id: 501,
      listing_id: 8,
      product: "phone_reveal",
      amount_cents: 50,
      currency: "EUR",
      provider: "sandbox",
      provider_ref: "sandbox_4e5f6a7b-failed",
      idempotency_key: "migrated-sandbox_4e5f6a7b-failed",
      status: "failed",
    },
  ]);
  const ledger = db
    .prepare("SELECT intent_id, status, source FROM payment_events ORDER BY intent_id, id")
    .all()
    .map((row) => `${String(row.intent_id)} ${String(row.status)} ${String(row.source)}`);
  expect(ledger).toEqual([
    "pi_sandbox_0a1b2c3d-paid created migration",
    "pi_sandbox_0a1b2c3d-paid succeeded migration",
    "pi_sandbox_4e5f6a7b-failed created migration",
    "pi_sandbox_4e5f6a7b-failed failed migration",
  ]);
  expect(
    db
      .prepare("SELECT user_id, listing_id, intent_id, created_at FROM phone_reveals ORDER BY user_id")
      .all()
      .map((row) => ({ ...row })),
  ).toEqual([
    { user_id: 501, listing_id: 7, intent_id: "pi_sandbox_0a1b2c3d-paid", created_at: 100 },
    { user_id: 502, listing_id: 8, intent_id: null, created_at: 300 },
  ]);
  expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
  // The ledger's rule holds on the migrated rows too: no second success.
  expect(() =>
    db
      .prepare(
        "INSERT INTO payment_events (intent_id, status, amount_cents, source, created_at) VALUES (?, 'succeeded', 50, 'api', 1)",
      )
      .run("pi_sandbox_0a1b2c3d-paid"),
  ).toThrow(/UNIQUE/);
});

it("0047 makes every live agency account an agency of its own, its manager, with its listings", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db, {
    "0047": () => {
      db.exec(`
        INSERT INTO users (id, name, email, role, created_at, advertiser_type, agency_name, licence_number,
          licence_submitted_at, deleted_at)
        VALUES (601, 'A', 'a@example.rs', 'user', 10, 'agency', 'Agencija Prva', '123', 10, NULL),
               (602, 'B', 'b@example.rs', 'user', 20, 'agency', 'Agencija Druga', NULL, 20, NULL),
               (603, 'C', 'c@example.rs', 'user', 30, 'owner', NULL, NULL, NULL, NULL),
               (604, 'D', NULL, 'user', 40, 'agency', NULL, NULL, NULL, 50);
        INSERT INTO cities (id, slug, name_en, name_ru, name_sr, lat, lng)
          SELECT 1, 'beograd', 'Belgrade', 'Белград', 'Beograd', 44.8, 20.4 WHERE NOT EXISTS (SELECT 1 FROM cities WHERE id = 1);
        INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms, title,
          title_generated, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
        VALUES (71, 4, 'sale', 'apartment', 1, 'A 1', 44.8, 20.4, 1, 60, 2, 't', 1, 'd', 'en', 601, '+381601234567', 'active', 1, 1, 9),
               (72, 4, 'sale', 'apartment', 1, 'A 2', 44.8, 20.4, 1, 60, 2, 't', 1, 'd', 'en', 603, '+381601234567', 'active', 1, 1, 9);
      `);
    },
  });
  const rows = (sql: string) =>
    db
      .prepare(sql)
      .all()
      .map((row) => ({ ...row }));
  expect(rows("SELECT slug, account_id, created_at FROM agencies ORDER BY account_id")).toEqual([
    { slug: "agency-601", account_id: 601, created_at: 10 },
    { slug: "agency-602", account_id: 602, created_at: 20 },
  ]);
  expect(
    rows(
      "SELECT a.account_id, m.user_id, m.role FROM agency_members m JOIN agencies a ON a.id = m.agency_id ORDER BY m.user_id",
    ),
  ).toEqual([
    { account_id: 601, user_id: 601, role: "manager" },
    { account_id: 602, user_id: 602, role: "manager" },
  ]);
  expect(
    rows("SELECT l.id, a.account_id FROM listings l LEFT JOIN agencies a ON a.id = l.agency_id ORDER BY l.id"),
  ).toEqual([
    { id: 71, account_id: 601 },
    { id: 72, account_id: null },
  ]);
  expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
  // Nobody belongs to two agencies, whatever code writes.
  expect(() =>
    db.exec(
      "INSERT INTO agency_members (agency_id, user_id, role, joined_at) SELECT id, 601, 'agent', 1 FROM agencies WHERE account_id = 602",
    ),
  ).toThrow(/UNIQUE/);
});

it("0051 moves every agency's name and licence from its account into `agencies`, losing none", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  // The seed's first 60 people as they were before 0047 (agencies named on their accounts, half checked by
  // user 1), and one agency account registered after 0047 that founded no team.
  const people = Array.from({ length: 60 }, (_, i) => seedUser(i + 1));
  const agencies = people.filter((u) => u.advertiser.type === "agency");
  expect(agencies.length).toBeGreaterThan(5);
  const bind = (value: string | number | null) =>
    value === null ? "NULL" : typeof value === "number" ? value : `'${value.replace(/'/g, "''")}'`;
  let refusedId = 0;
  migrate(db, {
    "0047": () => {
      for (const u of people) {
        const a = u.advertiser.type === "agency" ? u.advertiser : null;
        db.exec(`INSERT INTO users (id, name, email, role, created_at, advertiser_type, agency_name, licence_number,
            licence_submitted_at, licence_checked_at, licence_checked_by)
          VALUES (${u.id}, ${bind(u.name)}, ${bind(`${u.id}@example.rs`)}, 'user', ${u.created_at}, '${u.advertiser.type}',
            ${bind(a?.name ?? null)}, ${bind(a?.licence_number ?? null)}, ${a ? u.created_at : "NULL"},
            ${a?.licensed && a.licence_number ? u.created_at + 1 : "NULL"}, ${a?.licensed && a.licence_number ? 1 : "NULL"})`);
      }
      // One refused, with its reason.
      refusedId = agencies.find(
        (u) => u.advertiser.type === "agency" && u.advertiser.licence_number && !u.advertiser.licensed,
      )!.id;
      db.exec(`UPDATE users SET licence_refused_at = 5, licence_refused_reason = 'Not in the register', licence_checked_by = 1
        WHERE id = ${refusedId}`);
    },
    "0051": () => {
      db.exec(`
        INSERT INTO users (id, name, email, role, created_at, advertiser_type, agency_name, licence_number, licence_submitted_at)
        VALUES (701, 'Late', 'late@example.rs', 'user', 70, 'agency', 'Kasna Agencija', '360-1/2020', 70);
        INSERT INTO cities (id, slug, name_en, name_ru, name_sr, lat, lng)
          SELECT 1, 'beograd', 'Belgrade', 'Белград', 'Beograd', 44.8, 20.4 WHERE NOT EXISTS (SELECT 1 FROM cities WHERE id = 1);
        INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms, title,
          title_generated, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
        VALUES (81, 4, 'sale', 'apartment', 1, 'A 1', 44.8, 20.4, 1, 60, 2, 't', 1, 'd', 'en', 701, '+381601234567', 'active', 1, 1, 9);
      `);
    },
  });
  const rows = (sql: string) =>
    db
      .prepare(sql)
      .all()
      .map((row) => ({ ...row }));
  const moved = rows(
    `SELECT account_id, name, licence_number, licence_submitted_at, licence_checked_at, licence_checked_by,
       licence_refused_at, licence_refused_reason FROM agencies WHERE account_id <= 60 ORDER BY account_id`,
  );
  expect(moved).toEqual(
    agencies.map((u) => {
      const a = u.advertiser as Extract<typeof u.advertiser, { type: "agency" }>;
      const checked = a.licensed && a.licence_number !== null;
      const refused = u.id === refusedId;
      return {
        account_id: u.id,
        name: a.name,
        licence_number: a.licence_number,
        licence_submitted_at: u.created_at,
        licence_checked_at: checked ? u.created_at + 1 : null,
        licence_checked_by: checked || refused ? 1 : null,
        licence_refused_at: refused ? 5 : null,
        licence_refused_reason: refused ? "Not in the register" : null,
      };
    }),
  );
  expect(moved.filter((row) => row.licence_refused_at !== null)).toHaveLength(1);
  // The late agency account is an agency of its own now, its manager, its listing the agency's.
  expect(
    rows(
      "SELECT a.slug, a.name, a.licence_number, l.id AS listing FROM agencies a JOIN listings l ON l.agency_id = a.id WHERE a.account_id = 701",
    ),
  ).toEqual([{ slug: "agency-701", name: "Kasna Agencija", licence_number: "360-1/2020", listing: 81 }]);
  expect(rows("SELECT role FROM agency_members WHERE user_id = 701")).toEqual([{ role: "manager" }]);
  // The account keeps only its type.
  const columns = rows("PRAGMA table_info(users)").map((column) => column.name);
  expect(columns).toContain("advertiser_type");
  expect(columns.filter((name) => /^(agency_name|licence_)/.test(String(name)))).toEqual([]);
  expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
  // A changed number loses the check; a check without a number is refused, whatever code writes.
  const licensed = moved.find((row) => row.licence_checked_at !== null)!;
  db.exec(`UPDATE agencies SET licence_number = 'X-1' WHERE account_id = ${licensed.account_id}`);
  expect(rows(`SELECT licence_checked_at FROM agencies WHERE account_id = ${licensed.account_id}`)).toEqual([
    { licence_checked_at: null },
  ]);
  expect(() => db.exec("UPDATE agencies SET name = NULL, licence_checked_at = 9 WHERE account_id = 701")).toThrow(
    /licence_check_needs_agency/,
  );
});
