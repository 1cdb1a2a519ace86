/**
 * The action behind every form of the sign-in dialog and the header's sign-out (decision 007). It runs on
 * the server for plain form posts and for the dialog's background posts alike, calls the API in-process
 * and copies the API's Set-Cookie headers (the HttpOnly session cookies) onto its own response.
 * - A step that needs another step answers the next view (`{ view }`), with the state in hidden fields.
 * - A finished sign-in redirects to `next` (same-origin paths only) or back to the page the dialog was
 *   opened on; React Router revalidates after the redirect, so the header shows the user.
 */
import { data, redirect } from "react-router";
import * as v from "valibot";
import { advertiserOf, type AdvertiserType, UpdateAdvertiserBody } from "#shared/api/advertiser.ts";
import { ACCOUNT_DEFAULT_COUNTRY, AccountEmail, AccountPhone, Code, Password, PersonName } from "#shared/api/auth.ts";
import { NEXT_PARAM, safeNextPath } from "#shared/auth-links.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { originOf } from "#shared/same-origin.ts";
import { phoneFormSchema } from "#shared/phone/schema.ts";
import { type AppContext, appContext, type RequestArgs } from "#client/app-context.server.ts";
import { type FailedResult, formProblem } from "#client/api/form-problem.server.ts";
import {
  type AuthActionData,
  type AuthMode,
  type AuthVia,
  type AuthView,
  authModeOf,
  authViaOf,
  RETURN_PARAM,
} from "./auth-view.ts";

/** API field → dialog field. Anything else is shown for the whole form. */
const FIELD_OF: Record<string, string> = {
  phone: "identity",
  email: "identity",
  login: "identity",
  code: "code",
  password: "password",
  name: "name",
  advertiser_type: "advertiser_type",
  agency_name: "agency_name",
  licence_number: "licence_number",
};

type AdvertiserEcho = Pick<AuthView, "advertiserType" | "agencyName" | "licenceNumber">;

/** Registration's advertiser fields: the API's body and what the form shows again, or the fields' errors. */
function readAdvertiser(
  form: FormData,
):
  | { ok: true; body: AdvertiserFields; echo: AdvertiserEcho }
  | { ok: false; fields: Record<string, string>; echo: AdvertiserEcho } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const type = text("advertiser_type") === "agency" ? "agency" : "owner";
  const echo: AdvertiserEcho =
    type === "agency"
      ? { advertiserType: type, agencyName: text("agency_name"), licenceNumber: text("licence_number") }
      : { advertiserType: type };
  const parsed = v.safeParse(UpdateAdvertiserBody, {
    advertiser_type: type,
    ...(type === "agency" ? { agency_name: text("agency_name"), licence_number: text("licence_number") } : {}),
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key === "string") fields[key] ??= issue.message;
    }
    return { ok: false, fields, echo };
  }
  const advertiser = advertiserOf(parsed.output);
  const body: AdvertiserFields = { advertiser_type: advertiser.advertiser_type };
  if (advertiser.agency_name) body.agency_name = advertiser.agency_name;
  if (advertiser.licence_number) body.licence_number = advertiser.licence_number;
  return { ok: true, body, echo };
}

type AdvertiserFields = { advertiser_type: AdvertiserType; agency_name?: string; licence_number?: string };

type IdentityRead =
  | { ok: true; value: string; echo: Pick<AuthView, "phoneText" | "phoneCountry" | "email"> }
  | { ok: false; message: string; echo: Pick<AuthView, "phoneText" | "phoneCountry" | "email"> };

/** The phone widget's fields (`telephone`, `telephone_country`) or the e-mail field → E.164 / e-mail. */
function readIdentity(form: FormData, via: AuthVia): IdentityRead {
  if (via === "email") {
    const email = String(form.get("email") ?? "");
    const parsed = v.safeParse(AccountEmail, email);
    return parsed.success
      ? { ok: true, value: parsed.output, echo: { email } }
      : { ok: false, message: parsed.issues[0].message, echo: { email } };
  }
  const text = String(form.get("telephone") ?? "");
  const country = String(form.get("telephone_country") ?? "") || undefined;
  const echo = { phoneText: text, phoneCountry: country };
  const parsed = v.safeParse(phoneFormSchema({ defaultCountry: ACCOUNT_DEFAULT_COUNTRY }), {
    telephone: text,
    telephone_country: country,
  });
  if (!parsed.success) return { ok: false, message: parsed.issues[0].message, echo };
  if (!parsed.output || parsed.output.extension) return { ok: false, message: "phone.invalid.generic", echo };
  return { ok: true, value: parsed.output.number, echo };
}

/** A phone or e-mail carried in a hidden field from an earlier step, checked again. */
function carriedIdentity(form: FormData, via: AuthVia): string | null {
  const parsed = v.safeParse(via === "email" ? AccountEmail : AccountPhone, String(form.get("identity") ?? ""));
  return parsed.success ? parsed.output : null;
}

function firstIssue<T extends v.GenericSchema>(
  schema: T,
  value: unknown,
): { ok: true; value: v.InferOutput<T> } | { ok: false; message: string } {
  const parsed = v.safeParse(schema, value);
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false, message: parsed.issues[0].message };
}

export async function authAction({ request, context }: RequestArgs) {
  const ctx = context.get(appContext);
  // Browsers send Origin with every form post: a cross-site one is refused (login CSRF).
  if (originOf(request) === "cross")
    return data<AuthActionData>({ view: null, error: "form.error.generic" }, { status: 403 });
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const { locale } = splitLocale(new URL(request.url).pathname);
  const home = localizePath(paths.home(), locale);
  const back = safeNextPath(text(RETURN_PARAM)) ?? home;
  const target = safeNextPath(text(NEXT_PARAM)) ?? back;
  const intent = text("intent");
  // Every answer names where the dialog came from, for the no-JavaScript page that shows it.
  const answer = (view: AuthView, status = 200, serverMessage?: string) =>
    data<AuthActionData>(
      { view: { ...view, next: safeNextPath(text(NEXT_PARAM)) ?? undefined, returnTo: back }, serverMessage },
      { status },
    );
  // A failed API call shows on the view it left (its fields, or the whole form's error).
  const failed = (view: AuthView, result: FailedResult) => {
    const { fields, error, status, serverMessage } = formProblem(result, FIELD_OF);
    // A blocked account is told so, and why (decision 057), not just that it was refused.
    if (result.error?.code === "account_blocked") {
      const reason = (result.error as { reason?: unknown }).reason;
      const values = { reason: typeof reason === "string" ? reason : "" };
      return answer({ ...view, fields, error: "auth.error.blocked", errorValues: values }, status);
    }
    return answer({ ...view, fields, error }, status, serverMessage);
  };

  if (intent === "signout") return signOut(ctx, home);

  const mode: AuthMode = authModeOf(text("mode")) ?? "signin";
  const via = authViaOf(text("via"));
  const remember = form.get("remember_me") !== null;
  const session = ctx.signInApi();
  const { client } = session;
  const signedIn = () => redirect(target, { headers: setCookieHeaders(session.setCookies()) });

  // ---- Identity step: send a code, or (sign-in) go on to the password ----------------------------
  if (intent === "code" || intent === "password" || intent === "resend" || intent === "edit") {
    let identity: string;
    let echo: IdentityRead["echo"];
    let name: string | undefined;
    // Registration's advertiser (decision 087): typed in the identity step, carried by the code step.
    const advertiser = mode === "register" ? readAdvertiser(form) : null;
    const shown = advertiser?.echo ?? {};
    if (intent === "resend" || intent === "edit") {
      const carried = carriedIdentity(form, via);
      echo = via === "email" ? { email: carried ?? "" } : { phoneText: carried ?? "" };
      if (!carried || intent === "edit")
        return answer({ mode, via, step: "identity", ...echo, ...shown, name: text("name") || undefined });
      identity = carried;
    } else {
      const read = readIdentity(form, via);
      echo = read.echo;
      if (!read.ok)
        return answer(
          { mode, via, step: "identity", ...echo, ...shown, name: text("name"), fields: { identity: read.message } },
          400,
        );
      identity = read.value;
    }
    if (mode === "register") {
      const checked = firstIssue(PersonName, text("name"));
      if (!checked.ok)
        return answer(
          { mode, via, step: "identity", ...echo, ...shown, name: text("name"), fields: { name: checked.message } },
          400,
        );
      name = checked.value;
      if (advertiser && !advertiser.ok)
        return answer({ mode, via, step: "identity", ...echo, ...shown, name, fields: advertiser.fields }, 400);
    }
    const advertiserBody = advertiser?.ok ? advertiser.body : {};
    if (mode === "signin" && intent === "password") {
      return answer({ mode, via, step: "password", identity, ...echo, remember: true });
    }
    const body = via === "phone" ? { phone: identity } : { email: identity };
    const result =
      mode === "register"
        ? via === "phone"
          ? await client.register({ phone: identity, name, ...advertiserBody })
          : await client.registerEmail({ email: identity, name, ...advertiserBody })
        : mode === "recover"
          ? await client.recoveryCode(via, body as { phone: string } | { email: string })
          : via === "phone"
            ? await client.loginPhone(identity)
            : await client.loginEmail(identity);
    const now = Date.now();
    if (!result.ok) {
      if (intent === "resend") {
        // The code step stays: what went wrong shows at its one field.
        const problem = formProblem(result, FIELD_OF);
        const code = problem.fields.identity ?? problem.fields.code ?? problem.error;
        return answer(
          {
            mode,
            via,
            step: "code",
            identity,
            name,
            ...shown,
            remember,
            sentAt: now,
            resendIn: session.retryAfter(),
            fields: code ? { code } : {},
          },
          problem.status,
          problem.serverMessage,
        );
      }
      return failed({ mode, via, step: "identity", ...echo, ...shown, name }, result);
    }
    return answer({
      mode,
      via,
      step: "code",
      identity,
      name,
      ...shown,
      remember: intent === "resend" ? remember : true,
      sentAt: now,
      resendIn: result.data.data.resend_in,
      notice: intent === "resend" ? "auth.code.resent" : undefined,
    });
  }

  // ---- Password sign-in --------------------------------------------------------------------------
  if (intent === "login") {
    const identity = carriedIdentity(form, via);
    if (!identity)
      return answer({ mode: "signin", via, step: "identity", fields: { identity: "auth.invalid.login" } }, 400);
    const password = text("password");
    const view: AuthView = { mode: "signin", via, step: "password", identity, remember };
    if (!password) return answer({ ...view, fields: { password: "auth.invalid.password" } }, 400);
    const result = await client.login({ login: identity, password, remember_me: remember });
    if (!result.ok) return failed(view, result);
    throw signedIn();
  }

  // ---- Code entry --------------------------------------------------------------------------------
  if (intent === "verify") {
    const identity = carriedIdentity(form, via);
    if (!identity) return answer({ mode, via, step: "identity", fields: { identity: "auth.invalid.login" } }, 400);
    const name = text("name") || undefined;
    const view: AuthView = {
      mode,
      via,
      step: "code",
      identity,
      name,
      remember,
      sentAt: Number(text("sent_at")) || undefined,
      resendIn: Number(text("resend_in")) || undefined,
    };
    const code = firstIssue(Code, text("code"));
    if (!code.ok) return answer({ ...view, fields: { code: code.message } }, 400);
    const withIdentity = via === "phone" ? { phone: identity } : { email: identity };
    if (mode === "recover") {
      const result = await client.recoveryVerify(via, { ...withIdentity, code: code.value } as {
        phone: string;
        code: string;
      });
      if (!result.ok) return failed(view, result);
      return answer({ mode, via, step: "reset", identity, resetToken: result.data.data.reset_token, remember: true });
    }
    const verify = { code: code.value, remember_me: remember, ...(name ? { name } : {}) };
    const result =
      mode === "register"
        ? via === "phone"
          ? await client.registerVerify({ phone: identity, ...verify })
          : await client.registerEmailVerify({ email: identity, ...verify })
        : via === "phone"
          ? await client.loginPhoneVerify({ phone: identity, ...verify })
          : await client.loginEmailVerify({ email: identity, ...verify });
    if (!result.ok) return failed(view, result);
    throw signedIn();
  }

  // ---- New password after recovery ---------------------------------------------------------------
  if (intent === "reset") {
    const resetToken = text("reset_token");
    const view: AuthView = { mode: "recover", via, step: "reset", identity: text("identity"), resetToken, remember };
    const password = firstIssue(Password, text("password"));
    if (!password.ok) return answer({ ...view, fields: { password: password.message } }, 400);
    const result = await client.passwordReset({
      reset_token: resetToken,
      password: password.value,
      remember_me: remember,
    });
    if (!result.ok) {
      // An expired ticket needs a new code: back to the start of recovery.
      if (result.error?.code === "invalid_reset_token")
        return failed({ mode: "recover", via, step: "identity" }, result);
      return failed(view, result);
    }
    throw signedIn();
  }

  return data<AuthActionData>({ view: null, error: "form.error.generic" }, { status: 400 });
}

/** Ends the session (the API revokes its family) and clears the cookies; back to the home page. */
async function signOut(ctx: AppContext, home: string) {
  if (ctx.user) await ctx.api.logout();
  throw redirect(home, { headers: setCookieHeaders(ctx.sessionEndCookies()) });
}

function setCookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
