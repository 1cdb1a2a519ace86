/**
 * The accounts and sessions contract (product §3, §7 Auth/User/Cabinet, decision 006): request schemas
 * (snake_case JSON), response shapes and the `next` rule shared by the worker, the pages and tests.
 * Field messages are locale message ids (`auth.invalid.*`, `auth.error.*`, `phone.invalid.*`), so a form
 * shows them in the visitor's language.
 */
import * as v from "valibot";
import type { StaffRole } from "#shared/staff-roles.ts";
import { UNSEEN_IN_NAME } from "#shared/unseen-text.ts";
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_INTERVAL_S,
  CODE_TTL_S,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "#shared/constants.ts";
import { phoneNumberSchema } from "#shared/phone/schema.ts";
import type { PhotoVariant } from "#shared/photo-variants.ts";
import { ADVERTISER_ENTRIES, agencyHasName, type ApiAccountAdvertiser } from "./advertiser.ts";
import { exactlyOne } from "./conventions.ts";
import { INVALID, limitsOf } from "#shared/validation.ts";

/** National numbers without a country are read as Serbian. */
export const ACCOUNT_DEFAULT_COUNTRY = "RS";

/** A phone → E.164 (no extensions on an account phone). */
export const AccountPhone = v.pipe(
  phoneNumberSchema({ defaultCountry: ACCOUNT_DEFAULT_COUNTRY }),
  v.check((value) => typeof value === "string" && !value.includes(";"), "phone.invalid.generic"),
  v.transform((value) => value as string),
);

export const AccountEmail = v.pipe(
  v.string("auth.invalid.email"),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254, "auth.invalid.email"),
  v.email("auth.invalid.email"),
);

export const Code = v.pipe(
  v.string("auth.invalid.code"),
  v.trim(),
  v.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), "auth.invalid.code"),
);

export const Password = v.pipe(
  v.string("auth.invalid.password"),
  v.minLength(PASSWORD_MIN_LENGTH, "auth.invalid.passwordTooShort"),
  v.maxLength(PASSWORD_MAX_LENGTH, "auth.invalid.passwordTooLong"),
);

export const PersonName = v.pipe(
  v.string("auth.invalid.name"),
  v.trim(),
  v.minLength(1, "auth.invalid.name"),
  v.maxLength(100, "auth.invalid.name"),
  v.check((value) => !UNSEEN_IN_NAME.test(value) && !/[<>]/.test(value), "auth.invalid.name"),
);

/** The account forms' field limits, read from the schemas above (constraint attributes). */
export const ACCOUNT_LIMITS = {
  email: limitsOf(AccountEmail),
  name: limitsOf(PersonName),
  password: limitsOf(Password),
};

const RememberMe = v.optional(v.boolean("auth.invalid.rememberMe"), false);

export type LoginIdentity = { kind: "phone"; value: string } | { kind: "email"; value: string };

/** A phone number or an e-mail in one field (password sign-in, recovery by credential). */
export const Login = v.pipe(
  v.string("auth.invalid.login"),
  v.trim(),
  v.minLength(1, "auth.invalid.login"),
  v.maxLength(254, "auth.invalid.login"),
  v.rawTransform(({ dataset, addIssue, NEVER }): LoginIdentity => {
    const value = dataset.value;
    const schema = value.includes("@") ? AccountEmail : AccountPhone;
    const result = v.safeParse(schema, value);
    if (!result.success) {
      addIssue({ message: result.issues[0]?.message ?? "auth.invalid.login" });
      return NEVER;
    }
    return { kind: value.includes("@") ? "email" : "phone", value: result.output };
  }),
);

export const PhoneBody = v.object({ phone: AccountPhone });
export const EmailBody = v.object({ email: AccountEmail });
export const LoginBody = v.object({ login: Login });

/** Registration: the identity, a name, and who is offering (a private owner unless `advertiser_type` says agency). */
export const RegisterPhoneBody = v.pipe(
  v.object({ phone: AccountPhone, name: v.optional(PersonName), ...ADVERTISER_ENTRIES }),
  v.forward(
    v.check((body) => agencyHasName(body), INVALID.required),
    ["agency_name"],
  ),
);
export const RegisterEmailBody = v.pipe(
  v.object({ email: AccountEmail, name: v.optional(PersonName), ...ADVERTISER_ENTRIES }),
  v.forward(
    v.check((body) => agencyHasName(body), INVALID.required),
    ["agency_name"],
  ),
);
/** Registration with a password: the code goes to the phone or e-mail in `login`; verify as usual. */
export const RegisterPasswordBody = v.pipe(
  v.object({ login: Login, password: Password, name: v.optional(PersonName), ...ADVERTISER_ENTRIES }),
  v.forward(
    v.check((body) => agencyHasName(body), INVALID.required),
    ["agency_name"],
  ),
);

export const PhoneVerifyBody = v.object({
  phone: AccountPhone,
  code: Code,
  remember_me: RememberMe,
  name: v.optional(PersonName),
});
export const EmailVerifyBody = v.object({
  email: AccountEmail,
  code: Code,
  remember_me: RememberMe,
  name: v.optional(PersonName),
});

/** "Sign in or create an account" by code: exactly one of phone and e-mail. */
export const LoginRegisterBody = v.pipe(
  v.object({ phone: v.optional(AccountPhone), email: v.optional(AccountEmail), name: v.optional(PersonName) }),
  exactlyOne(["phone", "email"], { required: "auth.invalid.phoneOrEmail", exclusive: "auth.invalid.phoneOrEmail" }),
);

export const PasswordLoginBody = v.object({
  login: Login,
  password: v.pipe(v.string("auth.invalid.password"), v.maxLength(PASSWORD_MAX_LENGTH, "auth.invalid.password")),
  remember_me: RememberMe,
});

export const RecoveryPhoneVerifyBody = v.object({ phone: AccountPhone, code: Code });
export const RecoveryEmailVerifyBody = v.object({ email: AccountEmail, code: Code });
export const RecoveryCredentialVerifyBody = v.object({ login: Login, code: Code });

export const PasswordResetBody = v.object({
  reset_token: v.pipe(v.string("auth.invalid.resetToken"), v.maxLength(200, "auth.invalid.resetToken")),
  password: Password,
  remember_me: RememberMe,
});

export const LogoutBody = v.optional(v.object({ refresh_token: v.optional(v.pipe(v.string(), v.maxLength(512))) }), {});

export const UpdatePersonalBody = v.object({ name: PersonName });
export const VerifyPhoneBody = v.object({ phone: AccountPhone, code: Code });
export const VerifyEmailBody = v.object({ email: AccountEmail, code: Code });
export const SetPasswordBody = v.object({ password: Password });
export const UpdatePasswordBody = v.object({
  current_password: v.pipe(
    v.string("auth.invalid.password"),
    v.maxLength(PASSWORD_MAX_LENGTH, "auth.invalid.password"),
  ),
  password: Password,
});
/**
 * JSON to `update-image` only removes the picture (`{"image_url": null}`); a picture is uploaded as a file
 * (multipart `image`) and goes through the photo pipeline (decision 050).
 */
export const UpdateImageBody = v.object({
  image_url: v.null("auth.invalid.imageUrl"),
});

/** The dev outbox lists one recipient's messages: `to` is required (never the whole outbox). */
export const OutboxQuery = v.object({
  to: v.pipe(v.string(INVALID.required), v.trim(), v.nonEmpty(INVALID.required), v.maxLength(254)),
});

/** The account's role in one word, for older clients: `admin` when it holds the admin role (decision 057). */
export type Role = "user" | "admin";

/** The account as the cabinet and `GET /api/account/data` see it. */
export interface ApiUser {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  role: Role;
  /** Its staff roles (decision 057); empty for everyone else. */
  roles: StaffRole[];
  phone_verified: boolean;
  email_verified: boolean;
  has_password: boolean;
  /** The profile picture (AVATAR_SIDE px, or smaller when it is), served like listing photos; null without one. */
  image_url: string | null;
  /** Its square WebP variants, smallest first (empty without a picture). */
  image_variants: PhotoVariant[];
  /** Who the account advertises as: a private owner or an agency, and its licence check (decision 087). */
  advertiser: ApiAccountAdvertiser;
  created_at: string;
}

/** What every page knows about the signed-in visitor (root loader data). */
export interface SessionUser {
  id: number;
  name: string;
  role: Role;
  /** Staff roles (decision 057); empty for everyone else. */
  roles: StaffRole[];
  phone_verified: boolean;
  /** The profile picture's variants, smallest first (empty without one): the header shows it. */
  image_variants: PhotoVariant[];
}

/** A successful sign-in: `{ data: { user } }`; bearer clients also get the tokens (product §3). */
export interface AuthResponse {
  data: { user: ApiUser };
  refresh_token?: string;
  access_token?: string;
  /** Seconds the access token lives (bearer clients). */
  expires_in?: number;
}

export interface CodeSentResponse {
  data: { sent: true; channel: "sms" | "email"; expires_in: number; resend_in: number };
}

export interface UserOptionsResponse {
  data: {
    login_methods: ("phone" | "email")[];
    code_length: number;
    code_ttl_s: number;
    code_resend_interval_s: number;
    code_max_attempts: number;
    password_min_length: number;
    password_max_length: number;
    default_country: string;
  };
}

export const USER_OPTIONS: UserOptionsResponse["data"] = {
  login_methods: ["phone", "email"],
  code_length: CODE_LENGTH,
  code_ttl_s: CODE_TTL_S,
  code_resend_interval_s: CODE_RESEND_INTERVAL_S,
  code_max_attempts: CODE_MAX_ATTEMPTS,
  password_min_length: PASSWORD_MIN_LENGTH,
  password_max_length: PASSWORD_MAX_LENGTH,
  default_country: ACCOUNT_DEFAULT_COUNTRY,
};

export interface OutboxItem {
  to: string;
  purpose: string;
  /** The code sent; "" for a notice that carries none (no account, account exists — decision 026). */
  code: string;
  /** The message's text as the recipient would read it. */
  body: string;
  /** An e-mail's subject (null for an SMS). */
  subject: string | null;
  /** An e-mail's extra headers (`List-Unsubscribe`, …); {} when none. */
  headers: Record<string, string>;
  /** An e-mail's HTML part (alerts with photos), or null when it is plain text only. */
  html: string | null;
  created_at: string;
}

/** Header a non-browser client sends to receive tokens in bodies instead of cookies. */
export const AUTH_MODE_HEADER = "X-Auth-Mode";
