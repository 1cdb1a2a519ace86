import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { ACCOUNT_LIMITS, USER_OPTIONS } from "#shared/api/auth.ts";
import { PHONE_PREFERRED_COUNTRIES } from "#shared/phone/constants.ts";
import { NEXT_PARAM, safeNextPath } from "#shared/auth-links.ts";
import { LazyPhoneInput } from "#client/components/phone-input/lazy-phone-input.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { useVisitorCountry } from "#client/visitor-country.ts";
import {
  AUTH_ROUTE_PATH,
  type AuthActionData,
  type AuthMode,
  type AuthVia,
  type AuthView,
  RETURN_PARAM,
  withAuthParams,
  withoutAuthParams,
} from "./auth-view.ts";
import { AdvertiserFields } from "./advertiser-fields.tsx";
import { CodeField, Field, FieldError, messageOf, useCountdown, WarningIcon } from "./fields.tsx";
import styles from "./auth-dialog.module.css";

/**
 * The dialog on any page whose URL has `?auth=signin|register|recover` (mounted by root.tsx). The server
 * renders it open; with JavaScript it becomes modal (`showModal()`: focus trap, Escape) and closing it
 * removes the query. Keyed by flow and tab, so switching either starts afresh.
 */

/**
 * What the code step says was sent: the API answers alike whether or not an account exists (decision 026),
 * so sign-in and recovery say "if an account exists", registration that an existing account is told instead.
 */
const CODE_SENT_TEXT: Record<AuthMode, string> = {
  signin: "auth.code.sentIfAccount",
  recover: "auth.code.sentIfAccount",
  register: "auth.code.sentRegister",
};

export interface AuthDialogProps {
  view: AuthView;
  formError?: string;
  /** Shown as the page itself (the auth route without JavaScript), not over another page. */
  asPage?: boolean;
}

export function AuthDialog({ view: initial, formError, asPage = false }: AuthDialogProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<AuthActionData>();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const view = fetcher.data?.view ?? initial;
  // The whole form's error: the action's own (a refused post), or the failed step's.
  const error = (fetcher.data ? fetcher.data.error : formError) ?? view.error;
  const busy = fetcher.state === "submitting";

  // Where the dialog came from: this page, or (as a page) the one named by the form.
  const params = new URLSearchParams(search);
  const next = view.next ?? safeNextPath(params.get(NEXT_PARAM)) ?? undefined;
  const returnTo = asPage
    ? (view.returnTo ?? safeNextPath(params.get(RETURN_PARAM)) ?? lp("/"))
    : withoutAuthParams(pathname, search);
  const closeHref = asPage ? returnTo : withoutAuthParams(pathname, search);
  const switchHref = (mode: AuthMode, via: AuthVia = view.via) => {
    if (!asPage) return withAuthParams(pathname, search, mode, via);
    const base = new URLSearchParams();
    if (next) base.set(NEXT_PARAM, next);
    base.set(RETURN_PARAM, returnTo);
    return withAuthParams(lp(AUTH_ROUTE_PATH), base.toString(), mode, via);
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || asPage) return;
    // Server-rendered open (non-modal): reopen as modal for the focus trap, Escape and the backdrop.
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    focusFirst(dialog);
  }, [asPage]);

  // The header's signed-in part is a chunk of its own (layout/site-header.tsx): fetched while the visitor
  // signs in, so the header shows the account as soon as the sign-in lands.
  useEffect(() => {
    void import("#client/components/layout/account-tools.tsx");
  }, []);

  // A new step (or an error) moves the focus to the field that needs attention.
  useEffect(() => {
    if (!fetcher.data?.view) return;
    const root = ref.current ?? document.getElementById(titleId)?.closest("section");
    if (root) focusFirst(root);
  }, [fetcher.data, titleId]);

  const title = t(`auth.title.${view.mode}`);
  // Shown as the page itself, the title is the page's heading.
  const Heading = asPage ? "h1" : "h2";
  const body = (
    <>
      <div className={styles.head}>
        <Heading id={titleId} className={styles.title}>
          {title}
        </Heading>
        <Link to={closeHref} replace preventScrollReset className={styles.close} aria-label={t("auth.close")}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Link>
      </div>

      {view.step === "identity" ? (
        <nav aria-label={t("auth.via.label")} className={styles.tabs}>
          {(["phone", "email"] as const).map((via) => (
            <Link
              key={via}
              to={switchHref(view.mode, via)}
              replace
              preventScrollReset
              aria-current={via === view.via ? "true" : undefined}
              className={via === view.via ? styles.tabActive : styles.tab}
            >
              {t(`auth.via.${via}`)}
            </Link>
          ))}
        </nav>
      ) : null}

      {error ? (
        <p role="alert" className={styles.formError}>
          <WarningIcon />
          {messageOf(t, error, error === view.error ? view.errorValues : undefined)}
        </p>
      ) : null}
      {view.notice && !error ? (
        <p role="status" className={styles.notice}>
          {t(view.notice)}
        </p>
      ) : null}

      {/* A step changes nothing the page shows: no revalidation. Signing in redirects, and that revalidates. */}
      <fetcher.Form
        method="post"
        action={lp(AUTH_ROUTE_PATH)}
        className={styles.form}
        aria-labelledby={titleId}
        defaultShouldRevalidate={false}
      >
        <input type="hidden" name="mode" value={view.mode} />
        <input type="hidden" name="via" value={view.via} />
        {next ? <input type="hidden" name={NEXT_PARAM} value={next} /> : null}
        <input type="hidden" name={RETURN_PARAM} value={returnTo} />
        <Step view={view} busy={busy} />
      </fetcher.Form>

      <Switches view={view} href={switchHref} />
    </>
  );

  if (asPage) {
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        {body}
      </section>
    );
  }
  return (
    <dialog
      ref={ref}
      open
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={() => {
        // The close() before showModal() queues a close event too: only a dialog still closed was closed by the visitor.
        if (ref.current?.open) return;
        navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
    >
      {body}
    </dialog>
  );
}

function focusFirst(root: Element) {
  const target =
    root.querySelector<HTMLElement>("[aria-invalid='true']") ??
    root.querySelector<HTMLElement>("form input:not([type='hidden']):not([disabled]):not([readonly])");
  target?.focus();
}

function Submit({
  children,
  busy,
  name = "intent",
  value,
}: {
  children: ReactNode;
  busy: boolean;
  name?: string;
  value: string;
}) {
  return (
    <button type="submit" name={name} value={value} className={styles.primary} aria-disabled={busy || undefined}>
      {children}
    </button>
  );
}

function Remember({ checked }: { checked: boolean }) {
  const { t } = useI18n();
  return (
    <label className={styles.check}>
      <input type="checkbox" name="remember_me" value="1" defaultChecked={checked} />
      <span>{t("auth.remember")}</span>
    </label>
  );
}

function IdentityField({ view }: { view: AuthView }) {
  const { t } = useI18n();
  const country = useVisitorCountry();
  const errorId = useId();
  const error = view.fields?.identity;
  if (view.via === "phone") {
    return (
      <div className={styles.field}>
        <LazyPhoneInput
          name="telephone"
          required
          defaultCountry={country ?? USER_OPTIONS.default_country}
          preferredCountries={PHONE_PREFERRED_COUNTRIES}
          defaultValue={{ text: view.phoneText ?? "", country: view.phoneCountry }}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
      </div>
    );
  }
  return (
    <Field label={t("auth.email.label")} error={error}>
      {(props) => (
        <input
          {...props}
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={ACCOUNT_LIMITS.email.maxLength}
          defaultValue={view.email ?? ""}
        />
      )}
    </Field>
  );
}

/** The fields and buttons of the current step. */
function Step({ view, busy }: { view: AuthView; busy: boolean }) {
  const { t } = useI18n();
  const fields = view.fields ?? {};

  if (view.step === "identity") {
    return (
      <>
        {view.mode === "register" ? (
          <Field label={t("auth.name.label")} error={fields.name}>
            {(props) => (
              <input
                {...props}
                className={styles.input}
                type="text"
                name="name"
                autoComplete="name"
                required
                maxLength={ACCOUNT_LIMITS.name.maxLength}
                defaultValue={view.name ?? ""}
              />
            )}
          </Field>
        ) : null}
        <IdentityField view={view} />
        {view.mode === "register" ? (
          <AdvertiserFields
            values={{
              type: view.advertiserType ?? "owner",
              agencyName: view.agencyName,
              licenceNumber: view.licenceNumber,
            }}
            errors={fields}
            inputClassName={styles.input}
          />
        ) : null}
        {view.mode === "recover" ? <p className={styles.lead}>{t(`auth.recover.lead.${view.via}`)}</p> : null}
        <div className={styles.actions}>
          <Submit busy={busy} value="code">
            {t("auth.identity.sendCode")}
          </Submit>
          {view.mode === "signin" ? (
            <button type="submit" name="intent" value="password" className={styles.secondary}>
              {t("auth.identity.usePassword")}
            </button>
          ) : null}
        </div>
      </>
    );
  }

  if (view.step === "password") {
    return (
      <>
        <input type="hidden" name="identity" value={view.identity} />
        <Field label={t(`auth.via.${view.via}`)}>
          {(props) => (
            <input
              {...props}
              className={styles.input}
              type="text"
              value={view.identity}
              readOnly
              autoComplete="username"
            />
          )}
        </Field>
        <Field label={t("auth.password.label")} error={fields.password}>
          {(props) => (
            <input
              {...props}
              className={styles.input}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              maxLength={ACCOUNT_LIMITS.password.maxLength}
            />
          )}
        </Field>
        <Remember checked={view.remember ?? true} />
        <div className={styles.actions}>
          <Submit busy={busy} value="login">
            {t("auth.submit.signin")}
          </Submit>
          <button type="submit" name="intent" value="resend" formNoValidate className={styles.secondary}>
            {t("auth.password.useCode")}
          </button>
        </div>
      </>
    );
  }

  if (view.step === "reset") {
    return (
      <>
        <input type="hidden" name="identity" value={view.identity ?? ""} />
        <input type="hidden" name="reset_token" value={view.resetToken ?? ""} />
        <p className={styles.lead}>{t("auth.reset.lead", { identity: view.identity ?? "" })}</p>
        <Field
          label={t("auth.password.new")}
          error={fields.password}
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
        <Remember checked={view.remember ?? true} />
        <div className={styles.actions}>
          <Submit busy={busy} value="reset">
            {t("auth.submit.reset")}
          </Submit>
        </div>
      </>
    );
  }

  // The code step.
  return (
    <>
      <input type="hidden" name="identity" value={view.identity ?? ""} />
      {view.name ? <input type="hidden" name="name" value={view.name} /> : null}
      {view.advertiserType ? <input type="hidden" name="advertiser_type" value={view.advertiserType} /> : null}
      {view.agencyName ? <input type="hidden" name="agency_name" value={view.agencyName} /> : null}
      {view.licenceNumber ? <input type="hidden" name="licence_number" value={view.licenceNumber} /> : null}
      {view.sentAt ? <input type="hidden" name="sent_at" value={view.sentAt} /> : null}
      {view.resendIn ? <input type="hidden" name="resend_in" value={view.resendIn} /> : null}
      <p className={styles.lead}>
        {t(`${CODE_SENT_TEXT[view.mode]}.${view.via}`, {
          length: USER_OPTIONS.code_length,
          identity: view.identity ?? "",
        })}
      </p>
      <CodeField error={fields.code} className={`${styles.input} ${styles.code}`} />
      {view.mode !== "recover" ? <Remember checked={view.remember ?? true} /> : null}
      <div className={styles.actions}>
        <Submit busy={busy} value="verify">
          {t(`auth.submit.${view.mode}`)}
        </Submit>
        <ResendButton view={view} />
        <button type="submit" name="intent" value="edit" formNoValidate className={styles.link}>
          {t(`auth.code.change.${view.via}`)}
        </button>
      </div>
    </>
  );
}

/** "Send a new code", disabled with a countdown until the API's resend interval has passed. */
function ResendButton({ view }: { view: AuthView }) {
  const { t } = useI18n();
  const left = useCountdown(view.resendIn, view.sentAt);
  const waiting = left !== null && left > 0;
  return (
    <button type="submit" name="intent" value="resend" formNoValidate className={styles.secondary} disabled={waiting}>
      {waiting ? t("auth.code.resendIn", { seconds: left }) : t("auth.code.resend")}
    </button>
  );
}

/** Links between the flows: register / forgot password / back to sign-in. */
function Switches({ view, href }: { view: AuthView; href: (mode: AuthMode, via?: AuthVia) => string }) {
  const { t } = useI18n();
  const link = (mode: AuthMode, label: string) => (
    <Link to={href(mode)} replace preventScrollReset className={styles.switchLink}>
      {label}
    </Link>
  );
  return (
    <p className={styles.switches}>
      {view.mode === "signin" ? (
        <>
          <span>
            {t("auth.switch.noAccount")} {link("register", t("auth.switch.register"))}
          </span>
          {link("recover", t("auth.switch.forgot"))}
        </>
      ) : (
        <span>
          {view.mode === "register" ? `${t("auth.switch.haveAccount")} ` : null}
          {link("signin", t("auth.switch.signin"))}
        </span>
      )}
    </p>
  );
}
