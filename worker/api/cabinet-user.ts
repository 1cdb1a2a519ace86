/**
 * Product §7 "Cabinet" — the account itself: `GET /api/cabinet/user` and the personal updates. A new phone
 * or e-mail is confirmed with a code sent to it before it replaces the old one.
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import {
  EmailBody,
  type LoginIdentity,
  PhoneBody,
  SetPasswordBody,
  UpdateImageBody,
  UpdatePasswordBody,
  UpdatePersonalBody,
  VerifyEmailBody,
  VerifyPhoneBody,
} from "#shared/api/auth.ts";
import { advertiserOf, UpdateAdvertiserBody } from "#shared/api/advertiser.ts";
import { PHOTO_ERRORS } from "#shared/api/listing-photos.ts";
import { PHOTO_UPLOADS_PER_USER_PER_HOUR } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { alreadyRegistered, checkCode, codeFailure, requestCode } from "#worker/auth/flows.ts";
import { passwordAttempt } from "#worker/auth/password-attempts.ts";
import { hashPassword, verifyPassword } from "#worker/auth/passwords.ts";
import { clearSession } from "#worker/auth/session.ts";
import { passwordOf, toApiUser } from "#worker/auth/users.ts";
import { endUserSessions } from "#worker/auth/session-end.ts";
import { agencySlugOf } from "#shared/api/agency.ts";
import { setAdvertiser } from "#worker/db/agencies.ts";
import {
  deleteAccount,
  findUserById,
  identityTaken,
  isUniqueConstraintError,
  setPassword,
  replaceUserImage,
  setUserName,
  setVerifiedIdentity,
  type StoredImage,
} from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { rateLimited } from "#worker/http/rate-limited.ts";
import { clientIp } from "#worker/http/client-ip.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import { avatarObjects, removePhotoObjects } from "#worker/workflows/photo-store.ts";
import { photoBindings } from "#worker/http/photo-bindings.ts";
import { storeUploadedAvatar } from "#worker/workflows/avatar-upload.ts";
import { invalidInput, valid } from "./validate.ts";
import { INVALID } from "#shared/validation.ts";

export const cabinetUser = new Hono<AppEnv>();

const PATHS = [
  "/cabinet/user",
  "/cabinet/update-personal",
  "/cabinet/update-advertiser",
  "/cabinet/update-phone",
  "/cabinet/verify-phone",
  "/cabinet/update-email",
  "/cabinet/verify-email",
  "/cabinet/password",
  "/cabinet/update-password",
  "/cabinet/update-image",
  "/cabinet/delete-account",
];
for (const path of PATHS) cabinetUser.use(path, requireAuth);

const userId = (c: Context<AppEnv>) => c.get("user")!.id;

async function current(c: Context<AppEnv>) {
  const row = await findUserById(c.env.DB, userId(c));
  c.header("Cache-Control", "private, no-store");
  if (!row) return apiError(c, 401, "unauthorized", "Sign in first");
  return c.json({ data: toApiUser(row) });
}

cabinetUser.get("/cabinet/user", current);

cabinetUser.post("/cabinet/update-personal", valid("json", UpdatePersonalBody), async (c) => {
  await setUserName(c.env.DB, userId(c), c.req.valid("json").name, nowOf(c));
  return current(c);
});

/** Changes of the advertiser per account and hour: each changed number waits for a moderator again. */
export const ADVERTISER_CHANGES_PER_HOUR = 20;

/**
 * Who the account advertises as (decision 087): a private owner, or an agency with its name and licence
 * number — those of the agency whose licence account it is, founded when it has none (decision 104). A
 * changed name or number goes back to the moderators' list, the badge gone until re-checked; a member of
 * another's agency cannot name an agency of its own (409 `already_member`).
 */
cabinetUser.post(
  "/cabinet/update-advertiser",
  throttle((c) => [perUser(c, "advertiser", ADVERTISER_CHANGES_PER_HOUR, 3600)], { field: "advertiser_type" }),
  valid("json", UpdateAdvertiserBody),
  async (c) => {
    const advertiser = advertiserOf(c.req.valid("json"));
    const slug = agencySlugOf(advertiser.agency_name ?? "");
    const refused = await setAdvertiser(c.env.DB, userId(c), advertiser, slug, nowOf(c));
    if (refused) {
      return apiError(c, 409, "already_member", "This account is a member of an agency it does not hold", {
        agency_name: "cabinetAgency.error.alreadyMember",
      });
    }
    return current(c);
  },
);

// ---- Phone and e-mail: a code to the new value, then verify --------------------------------------

/**
 * A value another account holds gets the same 202 as a free one; its owner is told, through the adapter,
 * that they already have an account (decision 026), and no code is sent.
 */
const takenNotice = (c: Context<AppEnv>, identity: LoginIdentity) => async () =>
  (await identityTaken(c.env.DB, identity, userId(c))) ? ("account_exists" as const) : null;

cabinetUser.post("/cabinet/update-phone", valid("json", PhoneBody), async (c) => {
  const { phone } = c.req.valid("json");
  const identity = { kind: "phone" as const, value: phone };
  return requestCode(c, {
    identity,
    purpose: "verify_phone",
    payload: () => ({ user_id: userId(c) }),
    notice: takenNotice(c, identity),
  });
});

cabinetUser.post("/cabinet/update-email", valid("json", EmailBody), async (c) => {
  const { email } = c.req.valid("json");
  const identity = { kind: "email" as const, value: email };
  return requestCode(c, {
    identity,
    purpose: "verify_email",
    payload: () => ({ user_id: userId(c) }),
    notice: takenNotice(c, identity),
  });
});

async function confirm(c: Context<AppEnv>, kind: "phone" | "email", value: string, code: string) {
  const now = nowOf(c);
  const purpose = kind === "phone" ? "verify_phone" : "verify_email";
  const result = await checkCode(c, value, purpose, code);
  if (!result.ok) return codeFailure(c, result);
  // The code was requested by this account: another account's code for the same value is not ours.
  if ((result.payload as { user_id?: number } | null)?.user_id !== userId(c)) {
    return apiError(c, 400, "code_expired", "No valid code: request a new one", { code: "auth.error.codeExpired" });
  }
  if (await identityTaken(c.env.DB, { kind, value }, userId(c))) return alreadyRegistered(c, kind);
  try {
    await setVerifiedIdentity(c.env.DB, userId(c), kind, value, now);
  } catch (error) {
    if (isUniqueConstraintError(error)) return alreadyRegistered(c, kind);
    throw error;
  }
  return current(c);
}

cabinetUser.post("/cabinet/verify-phone", valid("json", VerifyPhoneBody), (c) => {
  const body = c.req.valid("json");
  return confirm(c, "phone", body.phone, body.code);
});

cabinetUser.post("/cabinet/verify-email", valid("json", VerifyEmailBody), (c) => {
  const body = c.req.valid("json");
  return confirm(c, "email", body.email, body.code);
});

// ---- Passwords ---------------------------------------------------------------------------------

/** A first password for an account created by code. */
cabinetUser.post("/cabinet/password", valid("json", SetPasswordBody), async (c) => {
  const row = await findUserById(c.env.DB, userId(c));
  if (!row) return apiError(c, 401, "unauthorized", "Sign in first");
  if (passwordOf(row)) {
    return apiError(c, 409, "password_exists", "The account has a password: change it with the current one", {
      password: "auth.error.passwordExists",
    });
  }
  await setPassword(c.env.DB, row.id, await hashPassword(c.req.valid("json").password), nowOf(c));
  return current(c);
});

/** Changes the password given the current one; every other session of the account ends. */
cabinetUser.post("/cabinet/update-password", valid("json", UpdatePasswordBody), async (c) => {
  const body = c.req.valid("json");
  const now = nowOf(c);
  const row = await findUserById(c.env.DB, userId(c));
  if (!row) return apiError(c, 401, "unauthorized", "Sign in first");
  const stored = passwordOf(row);
  if (!stored) {
    return apiError(c, 409, "no_password", "The account has no password yet: set one first", {
      current_password: "auth.error.noPassword",
    });
  }
  // Failures per account and address, with the slowing ceiling of sign-in; a success does not count.
  const gate = await passwordAttempt(c.env.RATE_LIMITS, {
    scope: "password",
    identity: `user:${row.id}`,
    address: clientIp(c.req.raw),
    now,
  });
  if (!gate.allowed) return rateLimited(c, gate, "current_password");
  const right = await verifyPassword(body.current_password, stored);
  await gate.settle(right);
  if (!right) {
    return apiError(c, 400, "invalid_credentials", "Wrong current password", {
      current_password: "auth.error.invalidCredentials",
    });
  }
  await setPassword(c.env.DB, row.id, await hashPassword(body.password), now);
  await endUserSessions(c.env, row.id, now, c.get("session")?.familyId);
  return current(c);
});

// ---- Picture -------------------------------------------------------------------------------------

/**
 * Multipart with an `image` file: the picture goes through the photo pipeline of listing photos, with
 * its limits and hourly count (type by the bytes 415, size and pixels 413, undecodable 415), and is
 * stored as square WebP variants in R2 (decision 050); JSON `{"image_url": null}` removes it. The
 * replaced picture's files, and the edge's copies, are deleted.
 */
cabinetUser.post(
  "/cabinet/update-image",
  throttle((c) => [perUser(c, "photo-upload", PHOTO_UPLOADS_PER_USER_PER_HOUR, 3600)], { field: "image" }),
  async (c) => {
    const type = c.req.header("content-type") ?? "";
    let image: StoredImage | null = null;
    let objects: string[] = [];
    if (/^multipart\/form-data/i.test(type)) {
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        return apiError(c, 400, "invalid_input", "Invalid form", { body: INVALID.format });
      }
      const upload = await storeUploadedAvatar(photoBindings(c), form);
      if ("refusal" in upload) {
        const { status, code, message, error } = upload.refusal;
        return apiError(c, status, code, message, { image: error });
      }
      const { stored } = upload;
      image = { key: stored.key, side: stored.side };
      objects = stored.objects;
    } else {
      let json: unknown;
      try {
        json = await c.req.json();
      } catch {
        return apiError(c, 400, "invalid_input", "Invalid JSON", { body: INVALID.format });
      }
      const parsed = v.safeParse(UpdateImageBody, json);
      if (!parsed.success) return invalidInput(c, parsed.issues);
    }
    const origin = new URL(c.req.url).origin;
    // Written only over the picture that was read, so the one replaced is known: an upload at the same
    // time of the same account takes the other turn.
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await findUserById(c.env.DB, userId(c));
      if (!row) break;
      if (await replaceUserImage(c.env.DB, row.id, row.image_key, image, nowOf(c))) {
        if (row.image_key && row.image_side)
          await removePhotoObjects(c.env.PHOTOS, origin, avatarObjects(row.image_key, row.image_side));
        return current(c);
      }
    }
    await removePhotoObjects(c.env.PHOTOS, origin, objects);
    return apiError(c, 409, "conflict", "The picture changed meanwhile; try again", { image: PHOTO_ERRORS.changed });
  },
);

// ---- Deletion ------------------------------------------------------------------------------------

/**
 * Deletes the account: personal data wiped (the row stays for the listings' history), its listings
 * archived, every session ended, cookies cleared.
 */
cabinetUser.delete("/cabinet/delete-account", async (c) => {
  const now = nowOf(c);
  const id = userId(c);
  const row = await findUserById(c.env.DB, id);
  await deleteAccount(c.env.DB, id, now);
  if (row?.image_key && row.image_side)
    await removePhotoObjects(c.env.PHOTOS, new URL(c.req.url).origin, avatarObjects(row.image_key, row.image_side));
  await endUserSessions(c.env, id, now);
  clearSession(c);
  return c.json({ data: { deleted: true } });
});
