import { useEffect, useRef, useState } from "react";
import { data, Link, useActionData, useFetcher } from "react-router";
import { REPORT_REASONS, type ReportReason } from "#shared/api/cabinet.ts";
import { REPORT_TEXT_MAX } from "#shared/constants.ts";
import { appContext } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { idPageMeta } from "#client/components/page-intro/id-page.ts";
import { pageId } from "#client/components/page-intro/id-page.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { useHydrated } from "#client/use-hydrated.ts";
import type { Route } from "./+types/report";
import styles from "./report.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["listingReport"], "report", "validation");
/** The least "other" needs (shared/api/cabinet.ts ReportBody), for the messages that name it. */
const TEXT_MIN = 3;

/**
 * Decision 038: a visitor — a guest too — tells the moderators what is wrong with a public listing.
 * A listing that is not public is the 404 page, as a missing one is. The form is a plain post to this
 * page (no JavaScript needed); with JavaScript it is sent in place and the thanks take its place.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const id = pageId(args);
  const { api, user } = args.context.get(appContext);
  const result = await api.listing(id);
  if (!result.ok) throw result.status === 404 ? notFound(args.url) : unavailable();
  const listing = result.data.data;
  // Its owner is told at once that there is nothing to report (the API would refuse it).
  const own = user !== null && user.id === listing.owner.id;
  return { id, title: listing.title, titleLang: listing.title_lang, path: listing.path, own };
});
export const meta = idPageMeta("listingReport");

type Field = "reason" | "text";
type ReportResult =
  { done: true } | { fields: Partial<Record<Field, string>>; error?: string; values: { reason: string; text: string } };

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const id = parseId(args.params.id);
  if (!id) throw notFound(url);
  const form = await args.request.formData();
  const values = { reason: String(form.get("reason") ?? ""), text: String(form.get("text") ?? "") };
  const result = await args.context.get(appContext).api.reportListing(id, {
    reason: (values.reason || undefined) as ReportReason,
    text: values.text,
  });
  if (result.ok) return { done: true } satisfies ReportResult;
  if (result.status === 404) throw notFound(url);
  if (result.status === 409) {
    return data<ReportResult>({ fields: {}, error: "report.error.ownListing", values }, { status: 409 });
  }
  const problem = formProblem<Field>(
    result,
    { reason: "reason", text: "text" },
    { rateLimited: "report.error.rateLimited" },
  );
  return data<ReportResult>({ fields: problem.fields, error: problem.error, values }, { status: problem.status });
}

/** "123 / 1 000" as the visitor types; without JavaScript the hint states the limit. */
function Counter({ count }: { count: number }) {
  const { t } = useI18n();
  if (!useHydrated()) return null;
  return (
    <p className={styles.counter} aria-hidden="true">
      {t("report.textCounter", { count, max: REPORT_TEXT_MAX })}
    </p>
  );
}

export default function ListingReport({ loaderData }: Route.ComponentProps) {
  const { id, title, titleLang, path, own } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  const fetcher = useFetcher<typeof action>();
  const posted = useActionData<typeof action>();
  const answer = (fetcher.data ?? posted) as ReportResult | undefined;
  const sending = fetcher.state !== "idle";
  const failed = answer && "fields" in answer ? answer : undefined;
  const [count, setCount] = useState(failed?.values.text.length ?? 0);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  // After an answer in place, focus goes where the visitor must look: the thanks, or the first problem.
  useEffect(() => {
    if (!answer) return;
    if ("done" in answer) {
      doneRef.current?.focus();
      return;
    }
    const form = formRef.current;
    const first = answer.fields.reason
      ? form?.querySelector<HTMLElement>('input[name="reason"]')
      : answer.fields.text
        ? form?.querySelector<HTMLElement>('textarea[name="text"]')
        : form?.querySelector<HTMLElement>("[data-form-error]");
    first?.focus();
  }, [answer]);

  /** A field's message id from the API, worded with the limits it names. */
  const fieldError = (id: string | undefined) => {
    if (!id) return undefined;
    const text = t(id, { max: REPORT_TEXT_MAX, min: TEXT_MIN });
    return text === id ? t("form.error.generic") : text;
  };
  const reasonError = fieldError(failed?.fields.reason);
  const textError = fieldError(failed?.fields.text);

  return (
    <>
      <PageIntro pageKey="listingReport" values={{ id }} />
      <p className={styles.listing}>
        {t("report.listing")}:{" "}
        {path ? (
          <Link to={lp(path)} lang={titleLang} data-testid="report-listing">
            {title}
          </Link>
        ) : (
          <span lang={titleLang}>{title}</span>
        )}
      </p>
      {own ? (
        <p className={styles.formError} data-testid="report-own">
          {t("report.error.ownListing")}
        </p>
      ) : answer && "done" in answer ? (
        <div className={styles.done}>
          <p role="status" tabIndex={-1} ref={doneRef} data-testid="report-done">
            {t("report.done")}
          </p>
          {path ? <Link to={lp(path)}>{t("report.back")}</Link> : null}
        </div>
      ) : (
        <fetcher.Form method="post" ref={formRef} className={styles.form} data-testid="report-form">
          {failed?.error ? (
            <p className={styles.formError} role="alert" tabIndex={-1} data-form-error="">
              {messageOf(t, failed.error)}
            </p>
          ) : null}
          <fieldset className={styles.reasons} aria-describedby={reasonError ? "report-reason-error" : undefined}>
            <legend>{t("report.reason.legend")}</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className={styles.choice}>
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  required
                  defaultChecked={failed?.values.reason === reason}
                />
                {t(`report.reason.${reason}`)}
              </label>
            ))}
            {reasonError ? (
              <p id="report-reason-error" className={styles.error}>
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <div className={styles.field}>
            <label htmlFor="report-text">{t("report.text")}</label>
            <textarea
              className={styles.input}
              id="report-text"
              name="text"
              rows={5}
              maxLength={REPORT_TEXT_MAX}
              defaultValue={failed?.values.text}
              onInput={(event) => setCount(event.currentTarget.value.length)}
              aria-invalid={textError ? true : undefined}
              aria-describedby={["report-text-hint", textError ? "report-text-error" : ""].filter(Boolean).join(" ")}
            />
            <p id="report-text-hint" className={styles.hint}>
              {t("report.textHint", { max: REPORT_TEXT_MAX })}
            </p>
            <Counter count={count} />
            {textError ? (
              <p id="report-text-error" className={styles.error}>
                {textError}
              </p>
            ) : null}
          </div>
          <button type="submit" className={styles.submit} disabled={sending}>
            {sending ? t("report.sending") : t("report.submit")}
          </button>
        </fetcher.Form>
      )}
    </>
  );
}
