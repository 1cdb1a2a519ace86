import { data, Form } from "react-router";
import * as v from "valibot";
import { type SubscriptionState, UnsubscribeToken } from "#shared/api/content.ts";
import { SUBSCRIPTION_LISTS, type SubscriptionList } from "#shared/api/limits.ts";
import { paths } from "#shared/paths.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import styles from "#client/components/static-page/unsubscribe.module.css";
import { unavailable } from "#client/http-errors.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import { appContext } from "#client/app-context.ts";
import type { Route } from "./+types/unsubscribe";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import { type FailedResult, formProblem } from "#client/api/form-problem.ts";

const isToken = (value: unknown): value is string => v.is(UnsubscribeToken, value);

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["unsubscribe"], "unsubscribe");

/**
 * `/unsubscribe/?token=…` (the link in every e-mail): the masked address and its lists, each left with
 * a form post, or all at once. No token, a malformed one or one we do not know is a page that says
 * what to do (404 for a token that names nothing), never an error screen.
 */
export const loader = withMessages(MESSAGES, async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  if (token === null || token === "") return { state: "missing" as const };
  if (!isToken(token)) return data({ state: "invalid" as const }, { status: 404 });
  const result = await context.get(appContext).api.subscriptions(token);
  if (!result.ok) {
    if (result.status === 404 || result.status === 400) return data({ state: "invalid" as const }, { status: 404 });
    throw unavailable();
  }
  return { state: "found" as const, token, email: result.data.data.email, lists: result.data.data.lists };
});

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(appContext);
  const form = await request.formData();
  const token = form.get("token");
  const list = form.get("list");
  if (!isToken(token)) return data({ done: null, error: "invalid" as const }, { status: 400 });
  if (form.get("intent") === "all") {
    const result = await api.unsubscribeAll(token);
    if (result.ok) return { done: "all" as const, error: null };
    return failed(result);
  }
  if (typeof list !== "string" || !(SUBSCRIPTION_LISTS as readonly string[]).includes(list)) {
    return data({ done: null, error: "invalid" as const }, { status: 400 });
  }
  const result = await api.unsubscribe({ token, list: list as SubscriptionList });
  if (result.ok) return { done: list as SubscriptionList, error: null };
  return failed(result);
}

/** An unknown token is an invalid link; anything else failed (the alert of its status says so too). */
function failed(result: FailedResult) {
  const { status, serverMessage } = formProblem(result, {});
  return data(
    { done: null, error: status === 404 ? ("invalid" as const) : ("failed" as const), serverMessage },
    { status },
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "unsubscribe", {}, { indexable: false });

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const action = lp(paths.page("unsubscribe"));

  if (loaderData.state !== "found") {
    return (
      <div className={styles.page}>
        <PageIntro pageKey="unsubscribe" />
        <div className={styles.notice}>
          <h2>{t(loaderData.state === "missing" ? "unsubscribe.missing.heading" : "unsubscribe.invalid.heading")}</h2>
          <p>{t(loaderData.state === "missing" ? "unsubscribe.missing.text" : "unsubscribe.invalid.text")}</p>
        </div>
      </div>
    );
  }

  const { token, email, lists } = loaderData;
  const subscribed = lists.filter((l: SubscriptionState) => l.subscribed);
  return (
    <div className={styles.page}>
      <PageIntro pageKey="unsubscribe" />
      {actionData?.done ? (
        <p className={styles.done} role="status">
          {actionData.done === "all"
            ? t("unsubscribe.done.all")
            : t("unsubscribe.done.one", { list: t(`unsubscribe.list.${actionData.done}.name`) })}
        </p>
      ) : actionData?.error ? (
        <p className={styles.failed} role="alert">
          {t(actionData.error === "invalid" ? "unsubscribe.invalid.text" : "unsubscribe.failed")}
        </p>
      ) : null}
      <p>{t("unsubscribe.address", { email })}</p>
      <ul className={styles.lists}>
        {lists.map((l: SubscriptionState) => (
          <li key={l.list}>
            <div>
              <h2 id={`list-${l.list}`}>{t(`unsubscribe.list.${l.list}.name`)}</h2>
              <p>{t(`unsubscribe.list.${l.list}.text`)}</p>
            </div>
            {l.subscribed ? (
              <Form method="post" action={`${action}?token=${encodeURIComponent(token)}`}>
                <input type="hidden" name="token" value={token} />
                <input type="hidden" name="list" value={l.list} />
                <button type="submit" className={styles.button} aria-describedby={`list-${l.list}`}>
                  {t("unsubscribe.leave")}
                </button>
              </Form>
            ) : (
              <p className={styles.state}>{t("unsubscribe.notSubscribed")}</p>
            )}
          </li>
        ))}
      </ul>
      {subscribed.length ? (
        <Form method="post" action={`${action}?token=${encodeURIComponent(token)}`} className={styles.all}>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="intent" value="all" />
          <button type="submit" className={styles.buttonStrong}>
            {t("unsubscribe.leaveAll")}
          </button>
        </Form>
      ) : (
        <p className={styles.state}>{t("unsubscribe.none")}</p>
      )}
    </div>
  );
}
