/**
 * The databases of `npm run bench:db`: one local D1 per listing count, seeded once and kept while the seed's
 * code is unchanged (a stamp of its inputs beside it), so a second run at 1 000 000 listings starts at once.
 *
 * Wrangler makes the D1 file (its migrations); the rows then go in through node:sqlite straight into that
 * file in large transactions — the seed's own statements, then the bench's statistics and conversations —
 * because a million listings through `wrangler d1 execute --file` would take hours. Migrations added after
 * the seed are applied on top, as they would be in production, and the statistics re-gathered.
 */
import { createHash } from "node:crypto";
import { existsSync, globSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { OWNER_STATS_DAYS } from "#shared/constants.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { seedStatementStream } from "#harness/seed/seed-sql.ts";
import { wrangler } from "#harness/wrangler.ts";
import { withDatabase } from "./db-file.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of statistics the bench databases hold: twice what the owner reads, so the window cuts a range. */
const STATISTICS_DAYS = 2 * OWNER_STATS_DAYS;
export const DEV_USER = DEV_ACCOUNTS.find((a) => a.role === "user")!;
/** The development user's messages (decision 039): 200 conversations, one a thread of THREAD_MESSAGES. */
export const OWN_CONVERSATIONS = 200;
export const THREAD_MESSAGES = 1000;
/** Seed statements per transaction: ~10 MB of SQL, few enough commits to not count. */
const STATEMENTS_PER_TRANSACTION = 500;

/** What a bench database is made of; a change to any of them seeds it again. */
const SEED_INPUTS = ["harness/seed/**/*.ts", "worker/db/reference/**/*", "scripts/bench/db-seed.ts"];
/**
 * Not part of it, so that editing them does not seed 1 000 000 listings again (about an hour): the tests beside
 * the seed's code, and the seed's helpers that make other databases from it — `npm start`'s and the test
 * servers' through wrangler, the tests' on node:sqlite and the migrated schema they start from.
 */
const OTHER_DATABASES = new Set(
  ["local-d1.ts", "seeded-sqlite.ts", "migrated-schema.ts"].map((f) => `harness/seed/${f}`),
);

function seedStamp(size: number): string {
  const hash = createHash("sha256").update(String(size));
  const inputs = globSync(SEED_INPUTS).filter((path) => !path.endsWith(".test.ts") && !OTHER_DATABASES.has(path));
  for (const file of inputs.sort()) hash.update(file).update(readFileSync(file));
  return hash.digest("hex");
}

/** The SQLite file wrangler keeps a state folder's D1 in. */
function d1File(state: string): string {
  const files = globSync(`${state}/v3/d1/miniflare-D1DatabaseObject/*.sqlite`).filter(
    (file) => !file.endsWith("/metadata.sqlite"),
  );
  if (files.length !== 1) throw new Error(`expected one D1 file under ${state}, found ${files.length}`);
  return files[0]!;
}

export interface BenchDatabase {
  file: string;
  /** Seconds spent seeding in this run (0 when the kept database was used). */
  seedSeconds: number;
  /** The file's size in bytes (after the run's migrations). */
  bytes: number;
}

/** The bench database for `size` listings under `state`: kept, or seeded afresh. */
export async function benchDatabase(
  state: string,
  size: number,
  log: (line: string) => void = console.log,
): Promise<BenchDatabase> {
  const stampFile = join(state, ".bench-seed-stamp");
  const stamp = seedStamp(size);
  const local = ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state];
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
    const file = d1File(state);
    const before = migrationCount(file);
    await wrangler(local, { quiet: true });
    if (migrationCount(file) !== before) withDatabase(file, (db) => db.exec("ANALYZE"));
    log(`${size.toLocaleString("en")} listings: the kept database ${file}`);
    return { file, seedSeconds: 0, bytes: statSync(file).size };
  }
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  const started = performance.now();
  await wrangler(local, { quiet: true });
  const file = d1File(state);
  withDatabase(file, (db) => {
    db.exec("PRAGMA synchronous = OFF");
    db.exec("PRAGMA cache_size = -262144");
    // Anchored to today like `npm start`'s seed: its placements and expiry dates run on any day the bench runs.
    let pending = 0;
    let done = 0;
    db.exec("BEGIN");
    for (const statement of seedStatementStream({ listings: size, anchor: Date.now() })) {
      db.exec(statement);
      if (++pending >= STATEMENTS_PER_TRANSACTION) {
        db.exec("COMMIT");
        db.exec("BEGIN");
        done += pending;
        pending = 0;
        if (done % (STATEMENTS_PER_TRANSACTION * 20) === 0)
          log(`  ${size.toLocaleString("en")}: ${done.toLocaleString("en")} statements, ${seconds(started)} s`);
      }
    }
    db.exec("COMMIT");
    log(`  ${size.toLocaleString("en")}: the seed's rows in ${seconds(started)} s`);
    db.exec("BEGIN");
    seedStatistics(db);
    seedConversations(db);
    db.exec("COMMIT");
    log(`  ${size.toLocaleString("en")}: statistics and conversations, ${seconds(started)} s`);
    db.exec("ANALYZE");
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  });
  writeFileSync(stampFile, stamp);
  const seedSeconds = (performance.now() - started) / 1000;
  log(`${size.toLocaleString("en")} listings seeded in ${seedSeconds.toFixed(0)} s: ${file}`);
  return { file, seedSeconds, bytes: statSync(file).size };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

function migrationCount(file: string): number {
  return withDatabase(file, (db) => Number(db.prepare("SELECT COUNT(*) AS n FROM d1_migrations").get()!.n));
}

/**
 * Counters, messages and favourites of the last STATISTICS_DAYS days, ending today (the endpoint reads
 * by the request's clock): every listing has views and list shows every third day, every twentieth day a
 * message and a few favourites; the development user's listings (the measured ones) have every kind every
 * day, a message a day and 30 favourites. Generated inside SQLite, so nothing large crosses the process.
 */
function seedStatistics(db: DatabaseSync) {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const days = `WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${STATISTICS_DAYS - 1})`;
  const dayOf = `date(${today / 1000} - d.n * 86400, 'unixepoch')`;
  const devUser = `(SELECT id FROM users WHERE email = '${DEV_USER.email}')`;
  const kinds = (names: string[]) => `(${names.map((k) => `SELECT '${k}' AS kind`).join(" UNION ALL ")})`;
  // The seed's own statistics of the development user's listings give way to the bench's denser ones.
  db.exec("DELETE FROM listing_stats");
  db.exec(
    `${days} INSERT INTO listing_stats (listing_id, day, kind, count)
     SELECT l.id, ${dayOf}, k.kind, 1 + (l.id + d.n) % 17
     FROM listings l JOIN d ON (l.id + d.n) % 3 = 0 JOIN ${kinds(["view", "list"])} k
     WHERE l.owner_id <> ${devUser}`,
  );
  db.exec(
    `${days} INSERT INTO listing_stats (listing_id, day, kind, count)
     SELECT l.id, ${dayOf}, k.kind, 1 + (l.id * 7 + d.n) % 40
     FROM listings l JOIN d JOIN ${kinds(["view", "phone", "map", "list"])} k
     WHERE l.owner_id = ${devUser}`,
  );
  db.exec(
    `${days} INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at)
     SELECT l.id, 1, l.owner_id, 'Is it still available?', ${today} - d.n * ${DAY_MS} + (l.id % 86400) * 1000
     FROM listings l JOIN d ON l.owner_id = ${devUser} OR (l.id + d.n) % 20 = 0`,
  );
  db.exec(
    `INSERT OR IGNORE INTO favourites (user_id, listing_id, created_at)
     SELECT u.id, l.id, ${today} - ((u.id + l.id) % ${STATISTICS_DAYS}) * ${DAY_MS} - (u.id % 86400) * 1000
     FROM listings l JOIN users u ON u.id BETWEEN 3 AND 32 AND (l.owner_id = ${devUser} OR (u.id + l.id) % 10 = 0)`,
  );
}

/**
 * Conversations (decision 039): one on every 50th listing with one of thirty visitors and three messages (the
 * tables' size), and the development user's OWN_CONVERSATIONS — as the owner of half and the visitor of the
 * other half — of five messages each but one of THREAD_MESSAGES (what is measured). Each side has read all
 * but the last message; the counters are made as the writes keep them. Generated inside SQLite.
 */
function seedConversations(db: DatabaseSync) {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const dev = Number(db.prepare(`SELECT id FROM users WHERE email = '${DEV_USER.email}'`).get()!.id);
  // Thirty visitors who are neither the development user nor, for their listing, its owner.
  const visitor = (listing: string, owner: string) =>
    `(SELECT id FROM users WHERE id BETWEEN 3 AND 40 AND id <> ${dev} AND id <> ${owner}
      ORDER BY (id + ${listing}) % 30, id LIMIT 1)`;
  const half = OWN_CONVERSATIONS / 2;
  db.exec(
    `INSERT INTO conversations (listing_id, visitor_id, owner_id, created_at, last_message_at)
     SELECT l.id, ${visitor("l.id", "l.owner_id")}, l.owner_id, ${today}, ${today} FROM listings l
     WHERE l.id % 50 = 0 AND l.owner_id <> ${dev}`,
  );
  db.exec(
    `INSERT INTO conversations (listing_id, visitor_id, owner_id, created_at, last_message_at)
     SELECT id, ${visitor("id", "owner_id")}, owner_id, ${today}, ${today} FROM
       (SELECT id, owner_id FROM listings WHERE owner_id = ${dev} ORDER BY id LIMIT ${half})`,
  );
  db.exec(
    `INSERT INTO conversations (listing_id, visitor_id, owner_id, created_at, last_message_at)
     SELECT id, ${dev}, owner_id, ${today}, ${today} FROM
       (SELECT id, owner_id FROM listings WHERE owner_id <> ${dev} AND id % 50 = 25 ORDER BY id LIMIT ${half})`,
  );
  // The thread: the development user's newest conversation as visitor.
  const thread = Number(db.prepare(`SELECT MAX(id) AS id FROM conversations WHERE visitor_id = ${dev}`).get()!.id);
  const messages = (where: string, count: number) =>
    db.exec(
      `WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ${count})
       INSERT INTO messages (listing_id, conversation_id, sender_id, recipient_id, body, created_at)
       SELECT c.listing_id, c.id, CASE WHEN n.k % 2 THEN c.visitor_id ELSE c.owner_id END,
         CASE WHEN n.k % 2 THEN c.owner_id ELSE c.visitor_id END, 'Message ' || n.k || ' of the conversation',
         ${today} - ${DAY_MS} + c.id * 1000 + n.k * 60
       FROM conversations c JOIN n WHERE ${where}
       ORDER BY c.id, n.k`,
    );
  messages(`c.id <> ${thread} AND (c.visitor_id = ${dev} OR c.owner_id = ${dev})`, 5);
  messages(`c.visitor_id <> ${dev} AND c.owner_id <> ${dev}`, 3);
  messages(`c.id = ${thread}`, THREAD_MESSAGES);
  // The last message and read positions (all but the last), then the counts after them, as the writes do.
  db.exec(
    `UPDATE conversations SET last_message_id = (SELECT MAX(id) FROM messages WHERE conversation_id = conversations.id),
       visitor_read_id = (SELECT id FROM messages WHERE conversation_id = conversations.id ORDER BY id DESC LIMIT 1 OFFSET 1),
       owner_read_id = (SELECT id FROM messages WHERE conversation_id = conversations.id ORDER BY id DESC LIMIT 1 OFFSET 1)`,
  );
  db.exec(
    `UPDATE conversations SET last_message_at = (SELECT created_at FROM messages WHERE id = last_message_id),
       visitor_unread = (SELECT COUNT(*) FROM messages WHERE conversation_id = conversations.id
                         AND id > visitor_read_id AND recipient_id = visitor_id),
       owner_unread = (SELECT COUNT(*) FROM messages WHERE conversation_id = conversations.id
                       AND id > owner_read_id AND recipient_id = owner_id)`,
  );
  db.exec(
    `UPDATE messages SET delivered_at = created_at, read_at = created_at
     WHERE conversation_id IS NOT NULL AND id <= (SELECT CASE WHEN messages.recipient_id = c.visitor_id
       THEN c.visitor_read_id ELSE c.owner_read_id END FROM conversations c WHERE c.id = messages.conversation_id)`,
  );
}
