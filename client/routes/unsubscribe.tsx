import { data, Form, Link } from "react-router";
import * as v from "valibot";
import { type UnsubscribeResponse, UnsubscribeToken } from "#shared/api/content.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import styles from "#client/components/static-page/unsubscribe.module.css";
import { unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/unsubscribe";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import type { FailedResult } from "#client/api/form-problem.server.ts";

const isToken = (value: unknown): value is string => v.is(UnsubscribeToken, value);

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["unsubscribe"], "unsubscribe");

/** Why a link does nothing: none given, not ours (malformed, forged, an account gone), or past its date. */
type Broken = "missing" | "invalid" | "expired";

/** The page of a link that does nothing, with the status the API gave it. */
const broken = (state: Broken, status: number) => data({ state }, { status });

/** An API refusal of the token as the page says it: 410 expired, any other 4xx not ours. */
const refusal = (status: number | undefined): Exclude<Broken, "missing"> | null =>
  status === 410 ? "expired" : status === 403 || status === 404 || status === 400 ? "invalid" : null;

/**
 * `/unsubscribe/?token=…` (the link in every e-mail but account security codes, decision 041): what this
 * link stops — one kind of e-mail, or the alerts of one saved search — with one button for it, and a button
 * that stops every e-mail. No sign-in, no JavaScript needed (form posts). A forged and an expired link each
 * say so (403, 410) and change nothing; no token explains where the link is.
 */
export const loader = withTexts(MESSAGES, async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  if (token === null || token === "") return { state: "missing" as const };
  if (!isToken(token)) return broken("invalid", 403);
  const result = await context.get(appContext).api.subscriptions(token);
  if (!result.ok) {
    const state = refusal(result.status);
    if (state) return broken(state, result.status!);
    throw unavailable();
  }
  const { email, scope, lists } = result.data.data;
  return { state: "found" as const, token, email, scope, lists };
});

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(appContext);
  const form = await request.formData();
  const token = form.get("token");
  if (!isToken(token)) return data({ done: null, error: "invalid" as const }, { status: 403 });
  const result = form.get("intent") === "all" ? await api.unsubscribeAll(token) : await api.unsubscribe({ token });
  if (result.ok) return { done: result.data.data.stopped, error: null };
  return failed(result);
}

/** A refused token says why; anything else failed (the notice of its status says so too). */
function failed(result: FailedResult) {
  const status = result.status ?? 503;
  return data(
    {
      done: null,
      error: refusal(result.status) ?? ("failed" as const),
      serverMessage: status === 500 ? result.error?.message : undefined,
    },
    { status },
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "unsubscribe", {}, { indexable: false });

type Stopped = UnsubscribeResponse["data"]["stopped"];

/** What a scope's e-mails are, as the sentences of the page end ("alerts for the saved search “…”"). */
function useScopeText() {
  const { t } = useI18n();
  return (scope: Exclude<Stopped, { kind: "all" }>) => {
    if (scope.kind === "list") return t(`unsubscribe.scope.list.${scope.list}`);
    return scope.label === null
      ? t("unsubscribe.scope.savedSearchDeleted")
      : t("unsubscribe.scope.savedSearch", { label: scope.label });
  };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const scopeText = useScopeText();

  if (loaderData.state !== "found") {
    return (
      <div className={styles.page}>
        <PageIntro pageKey="unsubscribe" />
        <div className={styles.notice}>
          <h2>{t(`unsubscribe.${loaderData.state}.heading`)}</h2>
          <p>{t(`unsubscribe.${loaderData.state}.text`)}</p>
        </div>
      </div>
    );
  }

  const { token, email, scope, lists } = loaderData as Extract<typeof loaderData, { state: "found" }>;
  const action = `${lp(paths.page("unsubscribe"))}?token=${encodeURIComponent(token)}`;
  const scopeStopped = scope.kind === "list" ? !lists.find((l) => l.list === scope.list)?.subscribed : !scope.notify;
  const allStopped = lists.every((l) => !l.subscribed) && scopeStopped;
  const done: Stopped | null = actionData?.done ?? null;

  return (
    <div className={styles.page}>
      <PageIntro pageKey="unsubscribe" />
      <div aria-live="polite">
        {done ? (
          <div className={styles.done} role="status">
            <p>
              {done.kind === "all" ? t("unsubscribe.done.all") : t("unsubscribe.done.one", { what: scopeText(done) })}
            </p>
            <p>
              <Link to={lp(privatePaths.cabinet.savedSearches())}>{t("unsubscribe.manage")}</Link>
            </p>
          </div>
        ) : actionData?.error ? (
          <p className={styles.failed} role="alert">
            {t(actionData.error === "failed" ? "unsubscribe.failed" : `unsubscribe.${actionData.error}.text`)}
          </p>
        ) : null}
      </div>
      <p>{t("unsubscribe.address", { email })}</p>
      <section className={styles.choice} aria-labelledby="unsubscribe-scope">
        <h2 id="unsubscribe-scope">{t("unsubscribe.scope.heading")}</h2>
        <p>{scopeText(scope)}</p>
        {scopeStopped ? (
          <p className={styles.state}>{t("unsubscribe.stopped")}</p>
        ) : (
          <Form method="post" action={action}>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value="one" />
            <button type="submit" className={styles.buttonStrong}>
              {t("unsubscribe.stop")}
            </button>
          </Form>
        )}
      </section>
      <section className={styles.choice} aria-labelledby="unsubscribe-all">
        <h2 id="unsubscribe-all">{t("unsubscribe.all.heading")}</h2>
        <p>{t("unsubscribe.all.text")}</p>
        {allStopped ? (
          <p className={styles.state}>{t("unsubscribe.all.none")}</p>
        ) : (
          <Form method="post" action={action}>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value="all" />
            <button type="submit" className={styles.button}>
              {t("unsubscribe.all.button")}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
