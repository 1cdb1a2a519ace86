import { useEffect, useRef, useState } from "react";
import { Form, redirect, data, useActionData, useNavigation, useRouteLoaderData } from "react-router";
import * as v from "valibot";
import {
  ACCOUNT_DEFAULT_COUNTRY,
  AccountEmail,
  AccountPhone,
  type ApiUser,
  Code,
  Password,
  PersonName,
  ACCOUNT_LIMITS,
  USER_OPTIONS,
} from "#shared/api/auth.ts";
import { UpdateAdvertiserBody } from "#shared/api/advertiser.ts";
import { PHOTO_ERRORS } from "#shared/api/listing-photos.ts";
import { PHOTO_MAX_BYTES } from "#shared/constants.ts";
import { srcsetOf } from "#shared/photo-variants.ts";
import { NEXT_PARAM, safeNextPath } from "#shared/auth-links.ts";
import { PHONE_PREFERRED_COUNTRIES } from "#shared/phone/constants.ts";
import { phoneFormSchema } from "#shared/phone/schema.ts";
import {
  CodeField,
  Field,
  FieldError,
  messageOf,
  useCountdown,
  WarningIcon,
} from "#client/components/auth-dialog/fields.tsx";
import { AdvertiserFields, type AdvertiserValues } from "#client/components/auth-dialog/advertiser-fields.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import type { RootData } from "#client/root-data.ts";
import { LazyPhoneInput } from "#client/components/phone-input/lazy-phone-input.tsx";
import {
  PHOTO_ACCEPT,
  PHOTO_LIMIT_VALUES,
  photoErrorValues,
} from "#client/components/listing-wizard/photos-messages.ts";
import { requireUser } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageMeta } from "#client/seo.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/personal";
import styles from "./personal.module.css";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { AUTH_DIALOG_TEXT_SCOPES, pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { type FailedResult, formProblem } from "#client/api/form-problem.server.ts";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["cabinetPersonal"], "cabinet", "photo.error", ...AUTH_DIALOG_TEXT_SCOPES);

/**
 * `/cabinet/personal/` (product §6: signed-in users): name, profile picture (decision 050), phone and e-mail
 * (each new value confirmed with a code sent to it), password. `?verify=phone&next=…` is the step listing
 * creation sends an account without a verified phone to: the phone comes first, and a confirmed phone goes
 * on to `next`. Plain form posts to this page's action, so all of it works without JavaScript.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const result = await args.context.get(appContext).api.cabinetUser();
  if (!result.ok) throw unavailable();
  const url = new URL(args.request.url);
  return {
    account: result.data.data,
    verifyPhone: url.searchParams.get("verify") === "phone",
    next: safeNextPath(url.searchParams.get(NEXT_PARAM)),
  };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "cabinetPersonal", {}, { indexable: false });

type Section = "name" | "advertiser" | "picture" | "phone" | "email" | "password";

export interface PersonalResult {
  section: Section;
  /** A code was sent to `value` (phone E.164 or e-mail). */
  step?: "code";
  value?: string;
  resendIn?: number;
  sentAt?: number;
  /** Field → message id. */
  fields?: Partial<Record<string, string>>;
  error?: string;
  /** The API's message of a 500 (client/api/api-failures.ts). */
  serverMessage?: string;
  /** Message id of a confirmation. */
  done?: string;
  /** What was typed, to fill the field again after an error. */
  advertiser?: AdvertiserValues;
  phoneText?: string;
  phoneCountry?: string;
  email?: string;
}

const FIELD_OF: Record<string, string> = {
  phone: "value",
  email: "value",
  code: "code",
  password: "password",
  current_password: "current_password",
  name: "name",
  image: "image",
  image_url: "image",
  advertiser_type: "advertiser_type",
  agency_name: "agency_name",
  licence_number: "licence_number",
};

function problem(section: Section, result: FailedResult, extra: Partial<PersonalResult> = {}) {
  const { fields, error, status, serverMessage } = formProblem(result, FIELD_OF);
  return data<PersonalResult>({ section, ...extra, fields, error, serverMessage }, { status });
}

const invalid = (section: Section, field: string, message: string, extra: Partial<PersonalResult> = {}) =>
  data<PersonalResult>({ section, ...extra, fields: { [field]: message } }, { status: 400 });

/**
 * A form post renders the page in the same request, after its action: the root loader then shows the
 * header's name and picture as the API now has them, not as the session read them before the change
 * (a replaced picture's files are already gone).
 */
function changedAccount(args: Route.ActionArgs, account: ApiUser) {
  const app = args.context.get(appContext);
  if (app.user) app.user = { ...app.user, name: account.name, image_variants: account.image_variants };
}

export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const next = safeNextPath(text(NEXT_PARAM));

  if (intent === "name") {
    const name = v.safeParse(PersonName, text("name"));
    if (!name.success) return invalid("name", "name", name.issues[0].message);
    const result = await api.updatePersonal({ name: name.output });
    if (!result.ok) return problem("name", result);
    changedAccount(args, result.data.data);
    return data<PersonalResult>({ section: "name", done: "cabinet.personal.nameSaved" });
  }

  if (intent === "advertiser") {
    const type = text("advertiser_type") === "agency" ? "agency" : "owner";
    const typed: AdvertiserValues = { type, agencyName: text("agency_name"), licenceNumber: text("licence_number") };
    const body = v.safeParse(UpdateAdvertiserBody, {
      advertiser_type: type,
      ...(type === "agency" ? { agency_name: typed.agencyName, licence_number: typed.licenceNumber } : {}),
    });
    if (!body.success) {
      const fields: Record<string, string> = {};
      for (const issue of body.issues) {
        const key = issue.path?.[0]?.key;
        if (typeof key === "string") fields[key] ??= issue.message;
      }
      return data<PersonalResult>({ section: "advertiser", fields, advertiser: typed }, { status: 400 });
    }
    const result = await api.updateAdvertiser(body.output);
    if (!result.ok) return problem("advertiser", result, { advertiser: typed });
    return data<PersonalResult>({ section: "advertiser", done: "cabinet.personal.advertiser.saved" });
  }

  if (intent === "picture" || intent === "picture-remove") {
    let result;
    if (intent === "picture") {
      // An empty file input still posts one nameless, empty file.
      const file = form.get("image");
      if (typeof file === "string" || !file?.size) return invalid("picture", "image", "auth.invalid.imageMissing");
      // Refused before its bytes are copied into the API call; the API refuses it too.
      if (file.size > PHOTO_MAX_BYTES) {
        return data<PersonalResult>({ section: "picture", fields: { image: PHOTO_ERRORS.tooLarge } }, { status: 413 });
      }
      const upload = new FormData();
      upload.set("image", file);
      result = await api.updateImage(upload);
    } else {
      result = await api.updateImage({ image_url: null });
    }
    if (!result.ok) return problem("picture", result);
    changedAccount(args, result.data.data);
    return data<PersonalResult>({
      section: "picture",
      done: intent === "picture" ? "cabinet.personal.pictureSaved" : "cabinet.personal.pictureRemoved",
    });
  }

  if (intent === "phone-send" || intent === "phone-resend") {
    let phone: string;
    if (intent === "phone-resend") {
      const carried = v.safeParse(AccountPhone, text("value"));
      if (!carried.success) return invalid("phone", "value", carried.issues[0].message);
      phone = carried.output;
    } else {
      const echo = { phoneText: text("telephone"), phoneCountry: text("telephone_country") || undefined };
      const parsed = v.safeParse(
        phoneFormSchema({ defaultCountry: ACCOUNT_DEFAULT_COUNTRY }),
        Object.fromEntries(form),
      );
      if (!parsed.success) return invalid("phone", "value", parsed.issues[0].message, echo);
      if (!parsed.output || parsed.output.extension) return invalid("phone", "value", "phone.invalid.generic", echo);
      phone = parsed.output.number;
    }
    const result = await api.updatePhone(phone);
    if (!result.ok) {
      return intent === "phone-resend"
        ? problem("phone", result, { step: "code", value: phone })
        : problem("phone", result, {
            phoneText: text("telephone"),
            phoneCountry: text("telephone_country") || undefined,
          });
    }
    return data<PersonalResult>({
      section: "phone",
      step: "code",
      value: phone,
      resendIn: result.data.data.resend_in,
      sentAt: Date.now(),
    });
  }

  if (intent === "email-send" || intent === "email-resend") {
    const email = v.safeParse(AccountEmail, text(intent === "email-send" ? "email" : "value"));
    if (!email.success) return invalid("email", "value", email.issues[0].message, { email: text("email") });
    const result = await api.updateEmail(email.output);
    if (!result.ok) {
      return intent === "email-resend"
        ? problem("email", result, { step: "code", value: email.output })
        : problem("email", result, { email: text("email") });
    }
    return data<PersonalResult>({
      section: "email",
      step: "code",
      value: email.output,
      resendIn: result.data.data.resend_in,
      sentAt: Date.now(),
    });
  }

  if (intent === "phone-verify" || intent === "email-verify") {
    const section = intent === "phone-verify" ? "phone" : "email";
    const value = v.safeParse(section === "phone" ? AccountPhone : AccountEmail, text("value"));
    if (!value.success) return invalid(section, "value", value.issues[0].message);
    const step = { step: "code" as const, value: value.output };
    const code = v.safeParse(Code, text("code"));
    if (!code.success) return invalid(section, "code", code.issues[0].message, step);
    const result =
      section === "phone"
        ? await api.verifyPhone({ phone: value.output, code: code.output })
        : await api.verifyEmail({ email: value.output, code: code.output });
    if (!result.ok) return problem(section, result, step);
    // The listing form (or whatever sent the visitor here) continues once the phone is confirmed.
    if (section === "phone" && next) throw redirect(next);
    return data<PersonalResult>({
      section,
      done: section === "phone" ? "cabinet.personal.phoneVerified" : "cabinet.personal.emailVerified",
    });
  }

  if (intent === "password") {
    const password = v.safeParse(Password, text("password"));
    if (!password.success) return invalid("password", "password", password.issues[0].message);
    const change = form.has("current_password");
    if (change && !text("current_password")) return invalid("password", "current_password", "auth.invalid.password");
    const result = change
      ? await api.updatePassword({ current_password: text("current_password"), password: password.output })
      : await api.setPassword(password.output);
    if (!result.ok) return problem("password", result);
    return data<PersonalResult>({
      section: "password",
      done: change ? "cabinet.personal.passwordChanged" : "cabinet.personal.passwordSet",
    });
  }

  return data<PersonalResult>({ section: "name", error: "form.error.generic" }, { status: 400 });
}

export default function Personal({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { account, verifyPhone, next } = loaderData;
  const result = useActionData<typeof action>() as PersonalResult | undefined;
  const of = (section: Section) => (result?.section === section ? result : undefined);
  const askPhone = verifyPhone && !account.phone_verified;

  const phone = <PhoneSection key="phone" account={account} result={of("phone")} next={next} highlighted={askPhone} />;
  return (
    <>
      <PageIntro pageKey="cabinetPersonal" />
      {askPhone ? (
        <div className={styles.callout} id="verify-phone">
          <h2 className={styles.calloutTitle}>{t("cabinet.verifyPhone.heading")}</h2>
          <p>{t("cabinet.verifyPhone.lead")}</p>
        </div>
      ) : null}
      <div className={styles.sections}>
        {askPhone ? phone : null}
        <NameSection account={account} result={of("name")} />
        <AdvertiserSection account={account} result={of("advertiser")} />
        <PictureSection account={account} result={of("picture")} />
        {askPhone ? null : phone}
        <EmailSection account={account} result={of("email")} />
        <PasswordSection account={account} result={of("password")} />
      </div>
    </>
  );
}

type Account = Route.ComponentProps["loaderData"]["account"];

function useBusy(intentPrefix: string) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  return navigation.state === "submitting" && typeof intent === "string" && intent.startsWith(intentPrefix);
}

function Outcome({ result }: { result: PersonalResult | undefined }) {
  const { t } = useI18n();
  if (result?.error) {
    return (
      <p role="alert" className={styles.error}>
        <WarningIcon />
        {messageOf(t, result.error)}
      </p>
    );
  }
  if (result?.done) {
    return (
      <p role="status" className={styles.done}>
        <span aria-hidden="true">✓ </span>
        {t(result.done)}
      </p>
    );
  }
  return null;
}

function Status({ verified }: { verified: boolean }) {
  const { t } = useI18n();
  return (
    <span className={verified ? styles.verified : styles.unverified}>
      <span aria-hidden="true">{verified ? "✓ " : "! "}</span>
      {t(verified ? "cabinet.personal.verified" : "cabinet.personal.unverified")}
    </span>
  );
}

function NameSection({ account, result }: { account: Account; result: PersonalResult | undefined }) {
  const { t } = useI18n();
  const busy = useBusy("name");
  return (
    <section className={styles.section} aria-labelledby="personal-name">
      <h2 id="personal-name">{t("cabinet.personal.name.heading")}</h2>
      <Outcome result={result} />
      <Form method="post" className={styles.form}>
        <Field label={t("auth.name.label")} error={result?.fields?.name}>
          {(props) => (
            <input
              {...props}
              className={styles.input}
              type="text"
              name="name"
              autoComplete="name"
              required
              maxLength={ACCOUNT_LIMITS.name.maxLength}
              defaultValue={account.name}
            />
          )}
        </Field>
        <button type="submit" name="intent" value="name" className={styles.primary} aria-disabled={busy || undefined}>
          {t("cabinet.personal.save")}
        </button>
      </Form>
    </section>
  );
}

/**
 * Who the account advertises as (decision 087): owner or agency, the agency's name and licence number,
 * and where the licence check stands — a refusal with the moderator's reason.
 */
function AdvertiserSection({ account, result }: { account: Account; result: PersonalResult | undefined }) {
  const { t } = useI18n();
  const busy = useBusy("advertiser");
  const { advertiser } = account;
  const values: AdvertiserValues = result?.advertiser ?? {
    type: advertiser.type,
    agencyName: advertiser.agency_name ?? "",
    licenceNumber: advertiser.licence_number ?? "",
  };
  return (
    <section className={styles.section} aria-labelledby="personal-advertiser">
      <h2 id="personal-advertiser">{t("cabinet.personal.advertiser.heading")}</h2>
      <p className={styles.lead}>{t("cabinet.personal.advertiser.lead")}</p>
      {advertiser.type === "agency" ? (
        <p
          className={advertiser.licence === "licensed" ? styles.verified : styles.current}
          data-testid="licence-state"
          data-state={advertiser.licence}
        >
          {t(`cabinet.personal.licence.${advertiser.licence}`, { reason: advertiser.licence_refused_reason ?? "" })}
        </p>
      ) : null}
      <Outcome result={result} />
      <Form method="post" className={styles.form}>
        <AdvertiserFields values={values} errors={result?.fields} inputClassName={styles.input} />
        <button
          type="submit"
          name="intent"
          value="advertiser"
          className={styles.primary}
          aria-disabled={busy || undefined}
        >
          {t("cabinet.personal.save")}
        </button>
      </Form>
    </section>
  );
}

/** The picture's side on the page (CSS px; personal.module.css `.portrait`), for `sizes`. */
const PICTURE_PX = 96;

/**
 * The profile picture: shown at its variants' sizes, or a placeholder of the same size. Both forms are
 * plain posts to the action (the file as multipart) that work without JavaScript; with it, a file over
 * the limit is refused here before its bytes are sent.
 */
function PictureSection({ account, result }: { account: Account; result: PersonalResult | undefined }) {
  const { t } = useI18n();
  const busy = useBusy("picture");
  // The post's answer comes before the page's data: the outcome waits for the picture it speaks of.
  const settling = useNavigation().state === "loading";
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const error = tooLarge ? PHOTO_ERRORS.tooLarge : result?.fields?.image;
  const variants = account.image_variants;

  useEffect(() => {
    if (result?.fields?.image) input.current?.focus();
    // A saved file is not offered again; after a removal the focus leaves its vanished button for the picker.
    if (result?.done) form.current?.reset();
    if (result?.done === "cabinet.personal.pictureRemoved") input.current?.focus();
  }, [result]);

  return (
    <section className={styles.section} aria-labelledby="personal-picture">
      <h2 id="personal-picture">{t("cabinet.personal.picture.heading")}</h2>
      {/* A file refused here makes the last post's outcome stale. */}
      <Outcome result={tooLarge || settling ? undefined : result} />
      <div className={styles.picture}>
        {variants.length ? (
          <img
            className={styles.portrait}
            src={account.image_url ?? variants[0]!.url}
            srcSet={srcsetOf(variants)}
            sizes={`${PICTURE_PX}px`}
            width={PICTURE_PX}
            height={PICTURE_PX}
            alt={t("cabinet.personal.picture.alt")}
          />
        ) : (
          <span className={styles.portrait} aria-hidden="true">
            <PersonIcon />
          </span>
        )}
        {variants.length ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="picture-remove"
              className={styles.secondary}
              aria-disabled={busy || undefined}
            >
              {t("cabinet.personal.picture.remove")}
            </button>
          </Form>
        ) : (
          <p className={styles.lead}>{t("cabinet.personal.picture.none")}</p>
        )}
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        className={styles.form}
        ref={form}
        onSubmit={(event) => {
          const file = input.current?.files?.[0];
          if (file && file.size > PHOTO_MAX_BYTES) {
            event.preventDefault();
            setTooLarge(true);
            input.current?.focus();
          }
        }}
      >
        <Field
          label={t("cabinet.personal.picture.choose")}
          error={error}
          errorValues={error ? photoErrorValues(error) : undefined}
          hint={t("cabinet.personal.picture.hint", PHOTO_LIMIT_VALUES)}
        >
          {(props) => (
            <input
              {...props}
              ref={input}
              className={`${styles.input} ${styles.file}`}
              type="file"
              name="image"
              accept={PHOTO_ACCEPT}
              required
              onChange={() => setTooLarge(false)}
            />
          )}
        </Field>
        <button
          type="submit"
          name="intent"
          value="picture"
          className={styles.primary}
          aria-disabled={busy || undefined}
        >
          {t("cabinet.personal.picture.save")}
        </button>
      </Form>
    </section>
  );
}

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="48" height="48" focusable="false">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
    </svg>
  );
}

function CodeForm({ kind, result, next }: { kind: "phone" | "email"; result: PersonalResult; next?: string | null }) {
  const { t } = useI18n();
  const left = useCountdown(result.resendIn, result.sentAt);
  const waiting = left !== null && left > 0;
  return (
    <Form method="post" className={styles.form}>
      <p className={styles.lead}>
        {/* The API answers alike whether or not the value is another account's (decision 026). */}
        {t(`auth.code.sentContact.${kind}`, { length: USER_OPTIONS.code_length, identity: result.value ?? "" })}
      </p>
      <input type="hidden" name="value" value={result.value ?? ""} />
      {next ? <input type="hidden" name={NEXT_PARAM} value={next} /> : null}
      <CodeField error={result.fields?.code} className={`${styles.input} ${styles.code}`} />
      <div className={styles.buttons}>
        <button type="submit" name="intent" value={`${kind}-verify`} className={styles.primary}>
          {t("cabinet.personal.confirm")}
        </button>
        <button
          type="submit"
          name="intent"
          value={`${kind}-resend`}
          formNoValidate
          className={styles.secondary}
          disabled={waiting}
        >
          {waiting ? t("auth.code.resendIn", { seconds: left }) : t("auth.code.resend")}
        </button>
      </div>
    </Form>
  );
}

function PhoneSection({
  account,
  result,
  next,
  highlighted,
}: {
  account: Account;
  result: PersonalResult | undefined;
  next: string | null;
  highlighted: boolean;
}) {
  const { t } = useI18n();
  const root = useRouteLoaderData<RootData>("root");
  const errorId = "personal-phone-error";
  return (
    <section
      className={highlighted ? `${styles.section} ${styles.highlighted}` : styles.section}
      aria-labelledby="personal-phone"
    >
      <h2 id="personal-phone">{t("cabinet.personal.phone.heading")}</h2>
      <p className={styles.current}>
        {account.phone ? (
          <>
            <span>{account.phone}</span> <Status verified={account.phone_verified} />
          </>
        ) : (
          t("cabinet.personal.phone.none")
        )}
      </p>
      <Outcome result={result} />
      {result?.step === "code" ? (
        <CodeForm kind="phone" result={result} next={next} />
      ) : (
        <Form method="post" className={styles.form}>
          {next ? <input type="hidden" name={NEXT_PARAM} value={next} /> : null}
          <div className={styles.field}>
            <LazyPhoneInput
              name="telephone"
              required
              label={t(account.phone ? "cabinet.personal.phone.new" : "phone.label")}
              defaultCountry={root?.country ?? ACCOUNT_DEFAULT_COUNTRY}
              preferredCountries={PHONE_PREFERRED_COUNTRIES}
              defaultValue={{
                text: result?.phoneText ?? (account.phone && !account.phone_verified ? account.phone : ""),
                country: result?.phoneCountry,
              }}
              aria-describedby={result?.fields?.value ? errorId : undefined}
            />
            <FieldError id={errorId} message={result?.fields?.value} />
          </div>
          <button type="submit" name="intent" value="phone-send" className={styles.primary}>
            {t("cabinet.personal.sendCode")}
          </button>
        </Form>
      )}
    </section>
  );
}

function EmailSection({ account, result }: { account: Account; result: PersonalResult | undefined }) {
  const { t } = useI18n();
  return (
    <section className={styles.section} aria-labelledby="personal-email">
      <h2 id="personal-email">{t("cabinet.personal.email.heading")}</h2>
      <p className={styles.current}>
        {account.email ? (
          <>
            <span>{account.email}</span> <Status verified={account.email_verified} />
          </>
        ) : (
          t("cabinet.personal.email.none")
        )}
      </p>
      <Outcome result={result} />
      {result?.step === "code" ? (
        <CodeForm kind="email" result={result} />
      ) : (
        <Form method="post" className={styles.form}>
          <Field
            label={t(account.email ? "cabinet.personal.email.new" : "auth.email.label")}
            error={result?.fields?.value}
          >
            {(props) => (
              <input
                {...props}
                className={styles.input}
                type="email"
                name="email"
                autoComplete="email"
                required
                maxLength={ACCOUNT_LIMITS.email.maxLength}
                defaultValue={result?.email ?? ""}
              />
            )}
          </Field>
          <button type="submit" name="intent" value="email-send" className={styles.primary}>
            {t("cabinet.personal.sendCode")}
          </button>
        </Form>
      )}
    </section>
  );
}

function PasswordSection({ account, result }: { account: Account; result: PersonalResult | undefined }) {
  const { t } = useI18n();
  return (
    <section className={styles.section} aria-labelledby="personal-password">
      <h2 id="personal-password">{t("cabinet.personal.password.heading")}</h2>
      {!account.has_password ? <p className={styles.lead}>{t("cabinet.personal.password.setLead")}</p> : null}
      <Outcome result={result} />
      <Form method="post" className={styles.form}>
        <input
          type="text"
          name="username"
          value={account.email ?? account.phone ?? ""}
          autoComplete="username"
          readOnly
          hidden
        />
        {account.has_password ? (
          <Field label={t("cabinet.personal.password.current")} error={result?.fields?.current_password}>
            {(props) => (
              <input
                {...props}
                className={styles.input}
                type="password"
                name="current_password"
                autoComplete="current-password"
                required
                maxLength={ACCOUNT_LIMITS.password.maxLength}
              />
            )}
          </Field>
        ) : null}
        <Field
          label={t("auth.password.new")}
          error={result?.fields?.password}
          hint={t("auth.password.hint", { min: USER_OPTIONS.password_min_length })}
        >
          {(props) => (
            <input
              {...props}
              className={styles.input}
              type="password"
              name="password"
              autoComplete="new-password"
              required
              minLength={ACCOUNT_LIMITS.password.minLength}
              maxLength={ACCOUNT_LIMITS.password.maxLength}
            />
          )}
        </Field>
        <button type="submit" name="intent" value="password" className={styles.primary}>
          {t(account.has_password ? "cabinet.personal.password.change" : "cabinet.personal.password.set")}
        </button>
      </Form>
    </section>
  );
}
