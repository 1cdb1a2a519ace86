/**
 * Agencies as teams (product §3 "Person", decision 098; the licence check is decision 087's):
 * - `POST /api/agency {name, licence_number}` → 201 `{data: {id, slug}}`: the caller founds an agency and
 *   becomes its manager (409 `already_member` when it belongs to one);
 * - `GET /api/agency/{slug}`: the public profile (404 for none);
 * - `GET /api/cabinet/agency`: the caller's agency and role (`data: null` for none), with the members for a
 *   manager;
 * - `POST /api/agency/members {email, role}` (managers): an invitation e-mailed with a single-use link —
 *   202 whether or not the address has an account, so the endpoint tells nothing about accounts;
 * - `POST /api/agency/invites/accept {token}`: the signed-in account whose e-mail the invitation was sent
 *   to joins (409 `already_member` for an account in an agency);
 * - `DELETE /api/agency/members/{user_id}` (managers): never the last manager nor the licence account (409);
 * - `PATCH /api/agency {name?, licence_number?, address?, phones?, website?, languages?}` (managers): the
 *   profile, each field checked (400 naming it); a changed name or number waits for the check again;
 * - `POST /api/agency/logo` (managers, multipart `image`): the logo through the profile pictures' pipeline
 *   (decision 050); `DELETE /api/agency/logo` removes it.
 * Every write is rate-limited per account; cookie writes pass the API's CSRF check (worker/api/index.ts).
 */
import { type Context, Hono } from "hono";
import {
  AcceptInviteBody,
  AGENCY_ACCEPTS_PER_HOUR,
  AGENCY_CREATES_PER_HOUR,
  AGENCY_INVITE_TTL_S,
  AGENCY_INVITES_PER_HOUR,
  AGENCY_INVITES_PER_RECIPIENT_PER_DAY,
  AGENCY_PROFILE_EDITS_PER_HOUR,
  AGENCY_REMOVALS_PER_HOUR,
  agencySlugOf,
  AgencySlugParam,
  type ApiMyAgency,
  CreateAgencyBody,
  InviteMemberBody,
  MemberParam,
  UpdateAgencyBody,
} from "#shared/api/agency.ts";
import { PHOTO_ERRORS } from "#shared/api/listing-photos.ts";
import { PHOTO_UPLOADS_PER_USER_PER_HOUR } from "#shared/constants.ts";
import { INVALID } from "#shared/validation.ts";
import { bytesToBase64Url } from "#shared/base64.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { sendMail } from "#worker/adapters/mailer.ts";
import { randomBytes, sha256Hex } from "#worker/auth/secret-bytes.ts";
import {
  acceptInvite,
  agencyProfile,
  AlreadyMember,
  createAgency,
  insertInvite,
  inviteByHash,
  managerIds,
  membersOf,
  membershipOf,
  type MembershipRow,
  removeMember,
  replaceAgencyLogo,
  updateAgencyProfile,
} from "#worker/db/agencies.ts";
import { conversationsLeft } from "#worker/db/live.ts";
import { findUserById } from "#worker/db/users.ts";
import { closeLostConversations, publishUnread } from "#worker/live/publish.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { siteOrigin } from "#worker/http/site-origin.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { overLimit, perAddress, perUser, throttle } from "#worker/middleware/throttle.ts";
import { agencyInviteLetter } from "#worker/workflows/agency-mail.ts";
import { photoBindings } from "#worker/http/photo-bindings.ts";
import { storeUploadedAvatar } from "#worker/workflows/avatar-upload.ts";
import { avatarObjects, removePhotoObjects } from "#worker/workflows/photo-store.ts";
import { toAgencyMember, toAgencyProfile, toMyAgencyProfile } from "./shapes/agency.ts";
import { agencyPageFacts } from "./agency-pages.ts";
import { valid } from "./validate.ts";

export const agency = new Hono<AppEnv>();

const userId = (c: Context<AppEnv>) => c.get("user")!.id;
const inviteHash = (token: string) => sha256Hex(`agency-invite:${token}`);
const alreadyMember = (c: Context<AppEnv>) =>
  apiError(c, 409, "already_member", "This account already belongs to an agency");

agency.use("/agency", requireAuth);
agency.use("/agency/members", requireAuth);
agency.use("/agency/members/*", requireAuth);
agency.use("/agency/invites/*", requireAuth);
agency.use("/agency/logo", requireAuth);
agency.use("/cabinet/agency", requireAuth);

agency.post(
  "/agency",
  throttle((c) => [perUser(c, "agency_create", AGENCY_CREATES_PER_HOUR, 3600)], { field: "name" }),
  valid("json", CreateAgencyBody),
  async (c) => {
    const { name, licence_number } = c.req.valid("json");
    if (await membershipOf(c.env.DB, userId(c))) return alreadyMember(c);
    try {
      const made = await createAgency(
        c.env.DB,
        { userId: userId(c), name, licenceNumber: licence_number },
        agencySlugOf(name),
        nowOf(c),
      );
      return c.json({ data: made }, 201);
    } catch (error) {
      if (error instanceof AlreadyMember) return alreadyMember(c);
      throw error;
    }
  },
);

agency.get("/cabinet/agency", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const membership = await membershipOf(c.env.DB, userId(c));
  if (!membership) return c.json({ data: null });
  return c.json({ data: await myAgencyOf(c, membership) });
});

/** The caller's agency as `GET /api/cabinet/agency` answers it: the members and the profile for a manager. */
async function myAgencyOf(c: Context<AppEnv>, membership: MembershipRow): Promise<ApiMyAgency> {
  const manager = membership.role === "manager";
  return {
    id: membership.agency_id,
    slug: membership.slug,
    name: membership.name,
    role: membership.role,
    members: manager ? (await membersOf(c.env.DB, membership.agency_id)).map(toAgencyMember) : null,
    profile: manager ? toMyAgencyProfile(membership) : null,
  };
}

/** The caller's agency after a change of theirs (403 when they were removed from it meanwhile). */
async function myAgency(c: Context<AppEnv>) {
  const membership = await membershipOf(c.env.DB, userId(c));
  if (!membership) return apiError(c, 403, "forbidden", "Only an agency's managers may do this");
  return c.json({ data: await myAgencyOf(c, membership) });
}

/** The caller's agency when they manage it; else the 403 answer. */
async function managed(c: Context<AppEnv>) {
  const membership = await membershipOf(c.env.DB, userId(c));
  if (membership?.role === "manager") return membership;
  return apiError(c, 403, "forbidden", "Only an agency's managers may do this");
}

agency.post(
  "/agency/members",
  throttle(
    (c) => [
      perUser(c, "agency_invite", AGENCY_INVITES_PER_HOUR, 3600),
      perAddress(c, "agency_invite", AGENCY_INVITES_PER_HOUR * 2, 3600),
    ],
    { field: "email" },
  ),
  valid("json", InviteMemberBody),
  async (c) => {
    const membership = await managed(c);
    if (membership instanceof Response) return membership;
    const { email, role } = c.req.valid("json");
    // Nobody's inbox is flooded with invitations, however many agencies are founded to send them.
    const flooded = await overLimit(
      c,
      [{ key: `agency_invite:to:${email.toLowerCase()}`, limit: AGENCY_INVITES_PER_RECIPIENT_PER_DAY, windowS: 86400 }],
      "email",
    );
    if (flooded) return flooded;
    const now = nowOf(c);
    const token = bytesToBase64Url(randomBytes(32));
    await insertInvite(
      c.env.DB,
      { agencyId: membership.agency_id, email, role, tokenHash: await inviteHash(token), invitedBy: userId(c) },
      now,
      now + AGENCY_INVITE_TTL_S * 1000,
    );
    // Whoever the address belongs to, the same mail and the same answer: nothing tells whether it has an account.
    const origin = siteOrigin(c.env) ?? new URL(c.req.url).origin;
    const letter = agencyInviteLetter(
      { agency: membership.name ?? membership.slug, role, token, days: AGENCY_INVITE_TTL_S / 86400 },
      { locale: apiLocale(c), origin },
    );
    await sendMail(c.env, { to: email, ...letter, purpose: "agency_invite" }, now);
    return c.json({ data: { email, role } }, 202);
  },
);

agency.post(
  "/agency/invites/accept",
  throttle((c) => [perUser(c, "agency_accept", AGENCY_ACCEPTS_PER_HOUR, 3600)], { field: "token" }),
  valid("json", AcceptInviteBody),
  async (c) => {
    const now = nowOf(c);
    const invite = await inviteByHash(c.env.DB, await inviteHash(c.req.valid("json").token));
    if (!invite || invite.used_at !== null || invite.expires_at <= now) {
      return apiError(c, 404, "invite_invalid", "This invitation is unknown, used or expired", {
        token: "agency.invite.invalid",
      });
    }
    const user = await findUserById(c.env.DB, userId(c));
    if (!user?.email || user.email.toLowerCase() !== invite.email) {
      return apiError(c, 403, "invite_other_email", "The invitation was sent to another e-mail address", {
        token: "agency.invite.otherEmail",
      });
    }
    if (await membershipOf(c.env.DB, user.id)) return alreadyMember(c);
    try {
      if (!(await acceptInvite(c.env.DB, invite.id, user.id, now))) {
        return apiError(c, 404, "invite_invalid", "This invitation is unknown, used or expired", {
          token: "agency.invite.invalid",
        });
      }
    } catch (error) {
      if (error instanceof AlreadyMember) return alreadyMember(c);
      throw error;
    }
    const membership = (await membershipOf(c.env.DB, user.id))!;
    // A manager now counts the agency's conversations; an agent brings theirs into the managers' counts.
    await publishUnread(c.env, [user.id, ...(await managerIds(c.env.DB, membership.agency_id))]);
    return c.json({ data: { id: membership.agency_id, slug: membership.slug, role: membership.role } });
  },
);

agency.delete(
  "/agency/members/:user_id",
  throttle((c) => [perUser(c, "agency_remove", AGENCY_REMOVALS_PER_HOUR, 3600)]),
  valid("param", MemberParam),
  async (c) => {
    const membership = await managed(c);
    if (membership instanceof Response) return membership;
    const removed = c.req.valid("param").user_id;
    const refusal = await removeMember(c.env.DB, membership.agency_id, removed);
    if (refusal === "not_member") return apiError(c, 404, "not_found", "No such member of this agency");
    if (refusal === "last_manager") return apiError(c, 409, "last_manager", "An agency keeps at least one manager");
    if (refusal === "licence_holder") {
      return apiError(c, 409, "licence_holder", "The account that holds the agency's licence stays its manager");
    }
    // The agency's conversations a removed manager had open stop reaching them now (decision 104).
    await closeLostConversations(c.env, removed, (ids) => conversationsLeft(c.env.DB, ids, removed));
    // Their count loses the agency's conversations; an agent's listings leave with them, and the managers' counts.
    await publishUnread(c.env, [removed, ...(await managerIds(c.env.DB, membership.agency_id))]);
    return c.body(null, 204);
  },
);

agency.patch(
  "/agency",
  throttle((c) => [perUser(c, "agency_profile", AGENCY_PROFILE_EDITS_PER_HOUR, 3600)]),
  valid("json", UpdateAgencyBody),
  async (c) => {
    const membership = await managed(c);
    if (membership instanceof Response) return membership;
    const body = c.req.valid("json");
    const written = await updateAgencyProfile(
      c.env.DB,
      membership.agency_id,
      userId(c),
      {
        name: body.name,
        licenceNumber: body.licence_number,
        address: body.address,
        phones: body.phones,
        website: body.website,
        languages: body.languages,
      },
      nowOf(c),
    );
    // Removed from the agency between the read and the write: a manager no more.
    if (!written) return apiError(c, 403, "forbidden", "Only an agency's managers may do this");
    return myAgency(c);
  },
);

const logoRefused = (c: Context<AppEnv>, status: 400 | 413 | 415, code: string, message: string, id: string) =>
  apiError(c, status, code, message, { image: id });

/**
 * The logo: a multipart `image`, through the profile pictures' pipeline and limits (decision 050; type by
 * its bytes 415, size and pixels 413, its hourly count shared with every photo upload), stored as square
 * WebP variants without metadata. The replaced logo's files are deleted; so are the new one's when the
 * agency's logo changed meanwhile (409) or the caller is no manager any more (403).
 */
agency.post(
  "/agency/logo",
  throttle((c) => [perUser(c, "photo-upload", PHOTO_UPLOADS_PER_USER_PER_HOUR, 3600)], { field: "image" }),
  async (c) => {
    const membership = await managed(c);
    if (membership instanceof Response) return membership;
    if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
      return logoRefused(c, 400, "invalid_input", "Send the logo as multipart/form-data", INVALID.format);
    }
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return apiError(c, 400, "invalid_input", "Invalid form", { body: INVALID.format });
    }
    const upload = await storeUploadedAvatar(photoBindings(c), form);
    if ("refusal" in upload) {
      const { status, code, message, error } = upload.refusal;
      return logoRefused(c, status, code, message, error);
    }
    const { stored } = upload;
    return placeLogo(c, membership, { key: stored.key, side: stored.side }, stored.objects);
  },
);

agency.delete(
  "/agency/logo",
  throttle((c) => [perUser(c, "agency_profile", AGENCY_PROFILE_EDITS_PER_HOUR, 3600)]),
  async (c) => {
    const membership = await managed(c);
    if (membership instanceof Response) return membership;
    return placeLogo(c, membership, null, []);
  },
);

/** Puts the logo in place of the one read, deleting the replaced one's files (or the new one's, if refused). */
async function placeLogo(
  c: Context<AppEnv>,
  membership: { agency_id: number; logo_key: string | null; logo_side: number | null },
  logo: { key: string; side: number } | null,
  objects: string[],
) {
  const origin = new URL(c.req.url).origin;
  if (await replaceAgencyLogo(c.env.DB, membership.agency_id, userId(c), membership.logo_key, logo, nowOf(c))) {
    if (membership.logo_key && membership.logo_side) {
      await removePhotoObjects(c.env.PHOTOS, origin, avatarObjects(membership.logo_key, membership.logo_side));
    }
    return myAgency(c);
  }
  await removePhotoObjects(c.env.PHOTOS, origin, objects);
  const still = await membershipOf(c.env.DB, userId(c));
  if (still?.role !== "manager" || still.agency_id !== membership.agency_id) {
    return apiError(c, 403, "forbidden", "Only an agency's managers may do this");
  }
  return apiError(c, 409, "conflict", "The logo changed meanwhile; try again", { image: PHOTO_ERRORS.changed });
}

agency.get("/agency/:slug", valid("param", AgencySlugParam), async (c) => {
  const row = await agencyProfile(c.env.DB, c.req.valid("param").slug);
  if (!row) return apiError(c, 404, "not_found", "No such agency");
  // With what its public page shows (decision 103).
  return c.json({ data: { ...toAgencyProfile(row), ...(await agencyPageFacts(c, row)) } });
});
