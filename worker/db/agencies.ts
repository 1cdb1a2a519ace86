/**
 * Agencies as teams (migration 0047, decision 098): founding one, its public profile, its members and the
 * invitations by e-mail, and which listings a member may act on. The agency's name and licence (decision
 * 087's check) are its own columns (migration 0051, decision 104); its licence account
 * (`agencies.account_id`, the founding manager) is the account that advertises as it.
 */
import type { Database } from "#worker/app-env.ts";
import type { AdvertiserInput } from "#shared/api/advertiser.ts";
import type { AgencyRole } from "#shared/api/agency.ts";
import { CONFIRMED } from "./listing-columns.ts";
import { isUniqueConstraintError } from "./users.ts";

/**
 * SQL: the listing (alias `l`) is one of the agencies the user (parameter `param`) manages. Managers see
 * and edit every listing of their agency; an agent only its own (`owner_id`).
 */
export const managedBy = (param: string) =>
  `l.agency_id IN (SELECT m.agency_id FROM agency_members m WHERE m.user_id = ${param} AND m.role = 'manager')`;

/** SQL: the agency of the user (parameter `param`), or NULL: what a new listing of theirs belongs to. */
export const agencyOfUser = (param: string) => `(SELECT m.agency_id FROM agency_members m WHERE m.user_id = ${param})`;

/** The agency's profile as its rows carry it: the licence's state (`licenceStateOf`), contacts and logo. */
interface AgencyProfileColumns {
  advertiser_type: "owner" | "agency";
  licence_number: string | null;
  licence_checked_at: number | null;
  licence_refused_at: number | null;
  address: string | null;
  phones: string;
  website: string | null;
  languages: string;
  logo_key: string | null;
  logo_side: number | null;
}

export interface MembershipRow extends AgencyProfileColumns {
  agency_id: number;
  role: AgencyRole;
  slug: string;
  name: string | null;
  account_id: number;
}

/** The caller's agency and role, or null when they belong to none. */
export function membershipOf(db: Database, userId: number): Promise<MembershipRow | null> {
  return db
    .prepare(
      `SELECT m.agency_id, m.role, a.slug, a.name, a.account_id, u.advertiser_type, a.licence_number,
         a.licence_checked_at, a.licence_refused_at, a.address, a.phones, a.website, a.languages, a.logo_key,
         a.logo_side
       FROM agency_members m JOIN agencies a ON a.id = m.agency_id JOIN users u ON u.id = a.account_id
       WHERE m.user_id = ?`,
    )
    .bind(userId)
    .first<MembershipRow>();
}

/** Why founding failed: the caller already belongs to an agency. */
export class AlreadyMember extends Error {}

/**
 * Founds an agency with the caller as its manager and licence account (advertising as this agency, its
 * licence awaiting a check), its listings the agency's — one batch. The slug is the first free of `base`,
 * `base-2`, `base-3`, …; AlreadyMember when the caller belongs to an agency.
 */
export async function createAgency(
  db: Database,
  founder: { userId: number; name: string; licenceNumber: string | null },
  base: string,
  now: number,
): Promise<{ id: number; slug: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(db, base, attempt);
    try {
      const [inserted] = await db.batch<{ id: number }>([
        db
          .prepare(
            `INSERT INTO agencies (slug, account_id, name, licence_number, licence_submitted_at, created_at, updated_at)
             SELECT ?1, ?2, ?4, ?5, ?3, ?3, ?3 WHERE NOT EXISTS (SELECT 1 FROM agency_members WHERE user_id = ?2)
             RETURNING id`,
          )
          .bind(slug, founder.userId, now, founder.name, founder.licenceNumber),
        // Without the agency (the caller is a member already) this inserts nothing, and neither do the rest.
        db
          .prepare(
            `INSERT INTO agency_members (agency_id, user_id, role, invited_by, joined_at)
             SELECT id, account_id, 'manager', NULL, ?2 FROM agencies WHERE account_id = ?1 AND created_at = ?2
               AND slug = ?3`,
          )
          .bind(founder.userId, now, slug),
        attachListings(db, founder.userId),
        db
          .prepare(
            `UPDATE users SET advertiser_type = 'agency', updated_at = ?2
             WHERE id = ?1 AND advertiser_type IS NOT 'agency'
               AND EXISTS (SELECT 1 FROM agencies WHERE account_id = ?1 AND slug = ?3)`,
          )
          .bind(founder.userId, now, slug),
      ]);
      const row = inserted!.results[0];
      if (!row) throw new AlreadyMember();
      return { id: row.id, slug };
    } catch (error) {
      // The slug was taken meanwhile: the next one. The account's own agency (UNIQUE account_id) is a member.
      if (!isUniqueConstraintError(error)) throw error;
      if (/account_id|user_id/.test((error as Error).message)) throw new AlreadyMember();
    }
  }
  throw new Error(`no free slug for ${base}`);
}

/** The first slug from `base` that no agency has (`base`, `base-2`, …), skipping `skip` free ones. */
async function freeSlug(db: Database, base: string, skip: number): Promise<string> {
  const { results } = await db
    .prepare("SELECT slug FROM agencies WHERE slug = ?1 OR slug LIKE ?1 || '-%'")
    .bind(base)
    .all<{ slug: string }>();
  const taken = new Set(results.map((row) => row.slug));
  let free = 0;
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug) && free++ === skip) return slug;
  }
}

/** A member's listings become their agency's (on joining). */
const attachListings = (db: Database, userId: number) =>
  db
    .prepare(
      `UPDATE listings SET agency_id = ${agencyOfUser("?1")}
       WHERE owner_id = ?1 AND deleted_at IS NULL AND agency_id IS NOT ${agencyOfUser("?1")}`,
    )
    .bind(userId);

export interface AgencyProfileRow extends AgencyProfileColumns {
  id: number;
  slug: string;
  name: string;
  created_at: number;
  members: number;
  active_listings: number;
}

/**
 * The public profile of a live agency: its licence account is an agency with a name, not deleted nor
 * blocked; null otherwise. Active listings as the public sees them (confirmed, their owner not blocked).
 */
export function agencyProfile(db: Database, slug: string): Promise<AgencyProfileRow | null> {
  return db
    .prepare(
      `SELECT a.id, a.slug, a.name, u.advertiser_type, a.licence_number, a.licence_checked_at,
         a.licence_refused_at, a.address, a.phones, a.website, a.languages, a.logo_key, a.logo_side, a.created_at,
         (SELECT count(*) FROM agency_members m WHERE m.agency_id = a.id) AS members,
         (SELECT count(*) FROM listings l JOIN users o ON o.id = l.owner_id
           WHERE l.agency_id = a.id AND l.status = 'active' AND l.deleted_at IS NULL AND o.blocked_at IS NULL
             AND ${CONFIRMED}) AS active_listings
       FROM agencies a JOIN users u ON u.id = a.account_id
       WHERE a.slug = ?1 AND u.advertiser_type = 'agency' AND a.name IS NOT NULL AND u.deleted_at IS NULL
         AND u.blocked_at IS NULL`,
    )
    .bind(slug)
    .first<AgencyProfileRow>();
}

export interface MemberRow {
  user_id: number;
  name: string | null;
  role: AgencyRole;
  joined_at: number;
}

export async function membersOf(db: Database, agencyId: number): Promise<MemberRow[]> {
  const { results } = await db
    .prepare(
      `SELECT m.user_id, u.name, m.role, m.joined_at FROM agency_members m JOIN users u ON u.id = m.user_id
       WHERE m.agency_id = ? ORDER BY m.joined_at, m.user_id`,
    )
    .bind(agencyId)
    .all<MemberRow>();
  return results;
}

/** Records an invitation (only the token's hash). */
export async function insertInvite(
  db: Database,
  invite: { agencyId: number; email: string; role: AgencyRole; tokenHash: string; invitedBy: number },
  now: number,
  expiresAt: number,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO agency_invites (agency_id, email, role, token_hash, invited_by, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(invite.agencyId, invite.email.toLowerCase(), invite.role, invite.tokenHash, invite.invitedBy, now, expiresAt)
    .run();
}

export interface InviteRow {
  id: number;
  agency_id: number;
  email: string;
  role: AgencyRole;
  expires_at: number;
  used_at: number | null;
}

export function inviteByHash(db: Database, tokenHash: string): Promise<InviteRow | null> {
  return db
    .prepare("SELECT id, agency_id, email, role, expires_at, used_at FROM agency_invites WHERE token_hash = ?")
    .bind(tokenHash)
    .first<InviteRow>();
}

/**
 * Uses the invitation for the account — unused, unexpired, sent to the account's e-mail — making it a
 * member and its listings the agency's, in one batch; false when any of that no longer holds. The
 * account's belonging to an agency already fails the batch whole (UNIQUE user_id): AlreadyMember.
 */
export async function acceptInvite(db: Database, inviteId: number, userId: number, now: number): Promise<boolean> {
  try {
    const [used] = await db.batch([
      db
        .prepare(
          `UPDATE agency_invites SET used_at = ?3, used_by = ?2
           WHERE id = ?1 AND used_at IS NULL AND expires_at > ?3
             AND email = (SELECT lower(email) FROM users WHERE id = ?2 AND deleted_at IS NULL)`,
        )
        .bind(inviteId, userId, now),
      db
        .prepare(
          `INSERT INTO agency_members (agency_id, user_id, role, invited_by, joined_at)
           SELECT agency_id, used_by, role, invited_by, used_at FROM agency_invites
           WHERE id = ?1 AND used_by = ?2 AND used_at = ?3`,
        )
        .bind(inviteId, userId, now),
      attachListings(db, userId),
    ]);
    return used!.meta.changes > 0;
  } catch (error) {
    if (isUniqueConstraintError(error)) throw new AlreadyMember();
    throw error;
  }
}

/** Why a member was not removed. */
export type RemovalRefusal = "not_member" | "last_manager" | "licence_holder";

/**
 * Removes a member of the agency, their listings their own again — one batch, written only while the
 * agency keeps a manager and its licence account (checked in the same statement, so two managers removing
 * each other cannot leave none).
 */
export async function removeMember(db: Database, agencyId: number, userId: number): Promise<RemovalRefusal | null> {
  const member = await db
    .prepare(
      `SELECT m.role, a.account_id,
         (SELECT count(*) FROM agency_members x WHERE x.agency_id = m.agency_id AND x.role = 'manager') AS managers
       FROM agency_members m JOIN agencies a ON a.id = m.agency_id WHERE m.agency_id = ?1 AND m.user_id = ?2`,
    )
    .bind(agencyId, userId)
    .first<{ role: AgencyRole; account_id: number; managers: number }>();
  if (!member) return "not_member";
  if (member.account_id === userId) return "licence_holder";
  if (member.role === "manager" && member.managers < 2) return "last_manager";
  const [removed] = await db.batch([
    db
      .prepare(
        `DELETE FROM agency_members WHERE agency_id = ?1 AND user_id = ?2
           AND user_id != (SELECT account_id FROM agencies WHERE id = ?1)
           AND (role = 'agent' OR (SELECT count(*) FROM agency_members x WHERE x.agency_id = ?1 AND x.role = 'manager') > 1)`,
      )
      .bind(agencyId, userId),
    db
      .prepare(
        `UPDATE listings SET agency_id = NULL WHERE owner_id = ?2 AND agency_id = ?1
           AND NOT EXISTS (SELECT 1 FROM agency_members WHERE agency_id = ?1 AND user_id = ?2)`,
      )
      .bind(agencyId, userId),
  ]);
  return removed!.meta.changes > 0 ? null : "last_manager";
}

/** The ids of the agency's managers. */
export async function managerIds(db: Database, agencyId: number): Promise<number[]> {
  const { results } = await db
    .prepare("SELECT user_id FROM agency_members WHERE agency_id = ?1 AND role = 'manager'")
    .bind(agencyId)
    .all<{ user_id: number }>();
  return results.map((row) => row.user_id);
}

/** The profile's fields a manager changes (`undefined`: left as it is; null or empty: removed). */
export interface AgencyProfileChange {
  name?: string;
  licenceNumber?: string;
  address?: string | null;
  phones?: string[];
  website?: string | null;
  languages?: string[];
}

/**
 * Writes the profile's changes, while `managerId` is still a manager of the agency (checked in each
 * statement: a manager removed meanwhile writes nothing) — one batch. A changed name or licence number waits
 * for the moderator's check again (trigger `agencies_licence_check_cleared`, migration 0051) and is the
 * check's new turn; the same ones keep the check. False when nothing was written.
 */
export async function updateAgencyProfile(
  db: Database,
  agencyId: number,
  managerId: number,
  change: AgencyProfileChange,
  now: number,
): Promise<boolean> {
  const manages = `EXISTS (SELECT 1 FROM agency_members WHERE agency_id = ?1 AND user_id = ?2 AND role = 'manager')`;
  const columns: string[] = [];
  const values: (string | null)[] = [];
  const set = (column: string, value: string | null) => {
    values.push(value);
    columns.push(`${column} = ?${values.length + 3}`);
  };
  if (change.address !== undefined) set("address", change.address || null);
  if (change.phones !== undefined) set("phones", JSON.stringify(change.phones));
  if (change.website !== undefined) set("website", change.website || null);
  if (change.languages !== undefined) set("languages", JSON.stringify(change.languages));
  const statements = [
    db
      .prepare(
        `UPDATE agencies SET updated_at = ?3${columns.map((c) => `, ${c}`).join("")} WHERE id = ?1 AND ${manages}`,
      )
      .bind(agencyId, managerId, now, ...values),
  ];
  if (change.name !== undefined || change.licenceNumber !== undefined) {
    // Only a real change is the check's new turn; the same name and number keep the check.
    statements.push(
      db
        .prepare(
          `UPDATE agencies SET name = ifnull(?4, name), licence_number = ifnull(?5, licence_number),
             licence_submitted_at = ?3
           WHERE id = ?1 AND ${manages}
             AND (name IS NOT ifnull(?4, name) OR licence_number IS NOT ifnull(?5, licence_number))`,
        )
        .bind(agencyId, managerId, now, change.name ?? null, change.licenceNumber ?? null),
    );
  }
  const [agency] = await db.batch(statements);
  return agency!.meta.changes > 0;
}

/**
 * Puts the logo `logo` (null: none) in place of `previous`, while `managerId` still manages the agency and
 * the logo is still the one read (an upload at the same time takes the other turn). Whether it was written.
 */
export async function replaceAgencyLogo(
  db: Database,
  agencyId: number,
  managerId: number,
  previous: string | null,
  logo: { key: string; side: number } | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE agencies SET logo_key = ?4, logo_side = ?5, updated_at = ?3
       WHERE id = ?1 AND logo_key IS ?6
         AND EXISTS (SELECT 1 FROM agency_members WHERE agency_id = ?1 AND user_id = ?2 AND role = 'manager')`,
    )
    .bind(agencyId, managerId, now, logo?.key ?? null, logo?.side ?? null, previous)
    .run();
  return result.meta.changes > 0;
}

/** Why an advertiser change was refused: the account is a member, not the licence account, of an agency. */
export type AdvertiserRefusal = "member";

/**
 * Who the account advertises as (the profile, decision 087). A private owner: only its type changes (an
 * agency whose licence account it is shows no more, its page 404, until it is an agency again). An agency:
 * the agency whose licence account it is takes the name and number, and one is founded when it has none;
 * an account that is another's agency's member gets "member". A changed type, name or number waits for the
 * moderator's check again (a changed type explicitly, as under decision 087; name and number by the
 * trigger); an unchanged one keeps it. `slugBase`: a founded agency's slug (`agencySlugOf` its name).
 */
export async function setAdvertiser(
  db: Database,
  userId: number,
  advertiser: AdvertiserInput,
  slugBase: string,
  now: number,
): Promise<AdvertiserRefusal | null> {
  const membership = await membershipOf(db, userId);
  const holder = membership?.account_id === userId;
  if (advertiser.advertiser_type === "agency" && membership && !holder) return "member";
  if (advertiser.advertiser_type === "agency" && !membership) {
    try {
      await createAgency(
        db,
        { userId, name: advertiser.agency_name!, licenceNumber: advertiser.licence_number },
        slugBase,
        now,
      );
      return null;
    } catch (error) {
      if (error instanceof AlreadyMember) return "member";
      throw error;
    }
  }
  await db.batch([
    // Before the type changes: a changed type loses the check of the agency this account holds.
    db
      .prepare(
        `UPDATE agencies SET licence_checked_at = NULL, licence_checked_by = NULL, licence_refused_at = NULL,
           licence_refused_reason = NULL, licence_submitted_at = ?3, updated_at = ?3
         WHERE account_id = ?1 AND (SELECT advertiser_type FROM users WHERE id = ?1) IS NOT ?2`,
      )
      .bind(userId, advertiser.advertiser_type, now),
    db
      .prepare("UPDATE users SET advertiser_type = ?2, updated_at = ?3 WHERE id = ?1 AND advertiser_type IS NOT ?2")
      .bind(userId, advertiser.advertiser_type, now),
    ...(advertiser.advertiser_type === "agency"
      ? [
          db
            .prepare(
              `UPDATE agencies SET name = ?2, licence_number = ?3, licence_submitted_at = ?4, updated_at = ?4
               WHERE account_id = ?1 AND (name IS NOT ?2 OR licence_number IS NOT ?3)`,
            )
            .bind(userId, advertiser.agency_name, advertiser.licence_number, now),
        ]
      : []),
  ]);
  return null;
}
