/**
 * Product §7 "User": registration and sign-in by code (phone or e-mail), registration with a password,
 * "sign in or register" (`login/register`), password recovery and reset, and the sign-in form's options.
 * Contract: shared/api/auth.ts; decisions: docs/decisions/006-sessions.md.
 */
import { Hono, type Context } from "hono";
import {
  EmailBody,
  EmailVerifyBody,
  LoginBody,
  LoginRegisterBody,
  type LoginIdentity,
  PasswordResetBody,
  PhoneBody,
  PhoneVerifyBody,
  RecoveryCredentialVerifyBody,
  RecoveryEmailVerifyBody,
  RecoveryPhoneVerifyBody,
  RegisterEmailBody,
  RegisterPasswordBody,
  RegisterPhoneBody,
  USER_OPTIONS,
} from "#shared/api/auth.ts";
import { type AdvertiserInput, advertiserOf } from "#shared/api/advertiser.ts";
import { agencySlugOf } from "#shared/api/agency.ts";
import { setAdvertiser } from "#worker/db/agencies.ts";
import { RESET_ATTEMPTS_PER_IP_PER_HOUR, RESET_TICKET_TTL_S } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { consumeResetTicket, createResetTicket } from "#worker/auth/codes.ts";
import { accountNotFound, alreadyRegistered, checkCode, codeFailure, requestCode, signIn } from "#worker/auth/flows.ts";
import { networkKey } from "#worker/auth/network-key.ts";
import { hashPassword } from "#worker/auth/passwords.ts";
import { endUserSessions } from "#worker/auth/session-end.ts";
import {
  createUser,
  findUserById,
  findUserByIdentity,
  isUniqueConstraintError,
  type PasswordHash,
  setPassword,
} from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { perAddress, throttle } from "#worker/middleware/throttle.ts";
import { valid } from "./validate.ts";

export const user = new Hono<AppEnv>();

const phone = (value: string): LoginIdentity => ({ kind: "phone", value });
const email = (value: string): LoginIdentity => ({ kind: "email", value });

interface RegisterPayload {
  name?: string;
  password?: PasswordHash;
  /** Who the new account advertises as (decision 087); a private owner when absent (older codes). */
  advertiser?: AdvertiserInput;
}
interface LoginPayload {
  create?: boolean;
  name?: string;
}

const asObject = <T>(payload: unknown): T => (payload && typeof payload === "object" ? (payload as T) : ({} as T));

// ---- Registration -------------------------------------------------------------------------------

/** The notice an identity that already has an account gets instead of a registration code (decision 026). */
const existingAccountNotice = (c: Context<AppEnv>, identity: LoginIdentity) => async () =>
  (await findUserByIdentity(c.env.DB, identity)) ? ("account_exists" as const) : null;

/** The notice an identity without an account gets instead of a sign-in or recovery code (decision 026). */
const missingAccountNotice = (c: Context<AppEnv>, identity: LoginIdentity) => async () =>
  (await findUserByIdentity(c.env.DB, identity)) ? null : ("no_account" as const);

/** The same 202 whether or not the identity has an account; an existing one is told so through the adapter. */
function startRegistration(
  c: Context<AppEnv>,
  identity: LoginIdentity,
  payload: () => Promise<RegisterPayload> | RegisterPayload,
) {
  return requestCode(c, { identity, purpose: "register", payload, notice: existingAccountNotice(c, identity) });
}

user.post("/user/register", valid("json", RegisterPhoneBody), (c) => {
  const body = c.req.valid("json");
  return startRegistration(c, phone(body.phone), () => ({ name: body.name, advertiser: advertiserOf(body) }));
});

user.post("/user/register/email", valid("json", RegisterEmailBody), (c) => {
  const body = c.req.valid("json");
  return startRegistration(c, email(body.email), () => ({ name: body.name, advertiser: advertiserOf(body) }));
});

/** Registration with a password: the code goes to the login's phone or e-mail; verify with the matching /verify. */
user.post("/user/register/password", valid("json", RegisterPasswordBody), async (c) => {
  const body = c.req.valid("json");
  return requestCode(c, {
    identity: body.login,
    purpose: "register",
    field: "login",
    notice: existingAccountNotice(c, body.login),
    // Hashed either way: the answer's timing does not tell whether the account exists.
    payload: async () => ({
      name: body.name,
      password: await hashPassword(body.password),
      advertiser: advertiserOf(body),
    }),
  });
});

async function finishRegistration(
  c: Context<AppEnv>,
  identity: LoginIdentity,
  body: { code: string; remember_me: boolean; name?: string },
) {
  const now = nowOf(c);
  const result = await checkCode(c, identity.value, "register", body.code);
  if (!result.ok) return codeFailure(c, result);
  const payload = asObject<RegisterPayload>(result.payload);
  const field = identity.kind === "phone" ? "phone" : "email";
  if (await findUserByIdentity(c.env.DB, identity)) return alreadyRegistered(c, field);
  try {
    const row = await createUser(c.env.DB, {
      identity,
      name: body.name ?? payload.name,
      password: payload.password,
      advertiser: payload.advertiser,
      network: await networkKey(c.env, c.req.raw),
      now,
    });
    // An agency is its own row (decision 104): the account founds it, as its manager and licence account.
    const agency = payload.advertiser;
    if (agency?.advertiser_type === "agency" && agency.agency_name) {
      await setAdvertiser(c.env.DB, row.id, agency, agencySlugOf(agency.agency_name), now);
      return signIn(c, (await findUserById(c.env.DB, row.id)) ?? row, body.remember_me, 201);
    }
    return signIn(c, row, body.remember_me, 201);
  } catch (error) {
    // A unique-constraint race (two sign-ups of one identity at once) is a 409, not a 500.
    if (isUniqueConstraintError(error)) return alreadyRegistered(c, field);
    throw error;
  }
}

user.post("/user/register/verify", valid("json", PhoneVerifyBody), (c) => {
  const body = c.req.valid("json");
  return finishRegistration(c, phone(body.phone), body);
});

user.post("/user/register/email/verify", valid("json", EmailVerifyBody), (c) => {
  const body = c.req.valid("json");
  return finishRegistration(c, email(body.email), body);
});

// ---- Sign-in by code ----------------------------------------------------------------------------

/** The same 202 whether or not the identity has an account; a missing one is told so through the adapter. */
function startLogin(c: Context<AppEnv>, identity: LoginIdentity) {
  return requestCode(c, { identity, purpose: "login", payload: () => ({}), notice: missingAccountNotice(c, identity) });
}

user.post("/user/login/phone", valid("json", PhoneBody), (c) => startLogin(c, phone(c.req.valid("json").phone)));
user.post("/user/login/email", valid("json", EmailBody), (c) => startLogin(c, email(c.req.valid("json").email)));

/** "Sign in or create an account": a login code whose verification creates the account when there is none. */
user.post("/user/login/register", valid("json", LoginRegisterBody), (c) => {
  const body = c.req.valid("json");
  const identity = body.phone !== undefined ? phone(body.phone) : email(body.email!);
  return requestCode(c, { identity, purpose: "login", payload: () => ({ create: true, name: body.name }) });
});

async function finishLogin(
  c: Context<AppEnv>,
  identity: LoginIdentity,
  body: { code: string; remember_me: boolean; name?: string },
) {
  const now = nowOf(c);
  const result = await checkCode(c, identity.value, "login", body.code);
  if (!result.ok) return codeFailure(c, result);
  const payload = asObject<LoginPayload>(result.payload);
  const existing = await findUserByIdentity(c.env.DB, identity);
  if (existing) return signIn(c, existing, body.remember_me);
  if (!payload.create) return accountNotFound(c, identity.kind);
  try {
    const row = await createUser(c.env.DB, {
      identity,
      name: body.name ?? payload.name,
      network: await networkKey(c.env, c.req.raw),
      now,
    });
    return signIn(c, row, body.remember_me, 201);
  } catch (error) {
    if (isUniqueConstraintError(error)) return alreadyRegistered(c, identity.kind);
    throw error;
  }
}

user.post("/user/login/phone/verify", valid("json", PhoneVerifyBody), (c) => {
  const body = c.req.valid("json");
  return finishLogin(c, phone(body.phone), body);
});

user.post("/user/login/email/verify", valid("json", EmailVerifyBody), (c) => {
  const body = c.req.valid("json");
  return finishLogin(c, email(body.email), body);
});

// ---- Password recovery --------------------------------------------------------------------------

function startRecovery(c: Context<AppEnv>, identity: LoginIdentity, field: string) {
  return requestCode(c, { identity, purpose: "recovery", field, notice: missingAccountNotice(c, identity) });
}

user.post("/user/password/recovery/code/phone", valid("json", PhoneBody), (c) =>
  startRecovery(c, phone(c.req.valid("json").phone), "phone"),
);
user.post("/user/password/recovery/code/email", valid("json", EmailBody), (c) =>
  startRecovery(c, email(c.req.valid("json").email), "email"),
);
user.post("/user/password/recovery/code/credential", valid("json", LoginBody), (c) =>
  startRecovery(c, c.req.valid("json").login, "login"),
);

/** A right recovery code gives a one-time reset ticket for `POST /api/user/password/reset`. */
async function finishRecovery(c: Context<AppEnv>, identity: LoginIdentity, code: string, field: string) {
  const now = nowOf(c);
  const result = await checkCode(c, identity.value, "recovery", code);
  if (!result.ok) return codeFailure(c, result);
  const account = await findUserByIdentity(c.env.DB, identity);
  if (!account) return accountNotFound(c, field);
  const resetToken = await createResetTicket(c.env.DB, account.id, now, RESET_TICKET_TTL_S);
  c.header("Cache-Control", "no-store");
  return c.json({ data: { reset_token: resetToken, expires_in: RESET_TICKET_TTL_S } });
}

user.post("/user/password/recovery/code/phone/verify", valid("json", RecoveryPhoneVerifyBody), (c) => {
  const body = c.req.valid("json");
  return finishRecovery(c, phone(body.phone), body.code, "phone");
});
user.post("/user/password/recovery/code/email/verify", valid("json", RecoveryEmailVerifyBody), (c) => {
  const body = c.req.valid("json");
  return finishRecovery(c, email(body.email), body.code, "email");
});
user.post("/user/password/recovery/code/credential/verify", valid("json", RecoveryCredentialVerifyBody), (c) => {
  const body = c.req.valid("json");
  return finishRecovery(c, body.login, body.code, "login");
});

/**
 * Sets the new password, ends every other session of the account and signs in. Tickets tried are counted
 * per address; a wrong ticket matches nothing, so it cannot void anyone's genuine one (decision 026).
 */
user.post(
  "/user/password/reset",
  throttle((c) => [perAddress(c, "reset", RESET_ATTEMPTS_PER_IP_PER_HOUR, 3600)], { field: "reset_token" }),
  valid("json", PasswordResetBody),
  async (c) => {
    const body = c.req.valid("json");
    const now = nowOf(c);
    const userId = await consumeResetTicket(c.env.DB, body.reset_token, now);
    const account = userId ? await findUserById(c.env.DB, userId) : null;
    if (!account) {
      return apiError(c, 400, "invalid_reset_token", "The reset link is invalid or expired", {
        reset_token: "auth.error.resetTokenInvalid",
      });
    }
    await setPassword(c.env.DB, account.id, await hashPassword(body.password), now);
    await endUserSessions(c.env, account.id, now);
    const updated = (await findUserById(c.env.DB, account.id)) ?? account;
    return signIn(c, updated, body.remember_me);
  },
);

user.get("/user/options", (c) => c.json({ data: USER_OPTIONS }));
