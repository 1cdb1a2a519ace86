import { useId } from "react";
import { Form } from "react-router";
import { type ApiAgencyFeed, type ApiFeedRun, FEED_URL_MAX } from "#shared/api/agency-feeds.ts";
import { FEED_NEW_LISTINGS_PER_DAY, FEED_NEW_LISTINGS_PER_DAY_CHECKED } from "#shared/feed-limits.ts";
import { FEEDS_PER_AGENCY } from "#shared/constants.ts";
import { Field } from "#client/components/auth-dialog/form-parts.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./agency.module.css";

/** What the feeds' form posts answered, as the agency page's action returns it. */
export interface FeedsResult {
  ok: boolean;
  intent: string | null;
  error?: string;
  fields?: Record<string, string | undefined>;
  values?: Record<string, string>;
}

/** A feed with its newest runs, newest first. */
type FeedWithRuns = ApiAgencyFeed & { runs: ApiFeedRun[] };

/**
 * One run's report (decisions 100 and 101): its outcome, why the feed was not read, the offers, the listings
 * written from them, each refusal.
 */
function RunReport({ run }: { run: ApiFeedRun }) {
  const { t, intl } = useI18n();
  const captionId = useId();
  return (
    <div data-testid="feed-run" data-outcome={run.outcome}>
      <p className={styles.current}>
        <time dateTime={new Date(run.started_at).toISOString()}>
          {intl.formatDate(run.started_at, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Belgrade" })}
        </time>
        : <strong>{t(`cabinetAgency.feeds.outcome.${run.outcome}`)}</strong>
      </p>
      {run.problem ? (
        <p role="note" className={styles.lead} data-testid="feed-problem">
          {t(run.problem.message, run.problem.args)}
        </p>
      ) : null}
      {run.outcome === "unchanged" ? null : (
        <p className={styles.lead} data-testid="feed-counts">
          {t("cabinetAgency.feeds.counts", {
            read: run.offers_read,
            valid: run.offers_valid,
            refused: run.refusals_count,
          })}
        </p>
      )}
      {run.outcome === "fetched" ? (
        <p className={styles.lead} data-testid="feed-written">
          {t("cabinetAgency.feeds.written", {
            created: run.created,
            updated: run.updated,
            archived: run.archived,
            unchanged: run.unchanged,
          })}
          {run.importing ? ` ${t("cabinetAgency.feeds.importing")}` : ""}
        </p>
      ) : null}
      {run.outcome === "fetched" && run.waiting > 0 ? (
        <p className={styles.lead} data-testid="feed-waiting">
          {t("cabinetAgency.feeds.offersWaiting", {
            count: run.waiting,
            max: FEED_NEW_LISTINGS_PER_DAY,
            maxChecked: FEED_NEW_LISTINGS_PER_DAY_CHECKED,
          })}
        </p>
      ) : null}
      {run.refusals.length > 0 ? (
        // A region of its own, focusable, so that a keyboard scrolls what is wider than the screen.
        <div className={styles.tableBox} role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className={styles.table} data-testid="feed-refusals">
            <caption id={captionId}>
              {run.refusals.length < run.refusals_count
                ? t("cabinetAgency.feeds.refusalsSome", { shown: run.refusals.length, count: run.refusals_count })
                : t("cabinetAgency.feeds.refusals")}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("cabinetAgency.feeds.refusal.id")}</th>
                <th scope="col">{t("cabinetAgency.feeds.refusal.line")}</th>
                <th scope="col">{t("cabinetAgency.feeds.refusal.reason")}</th>
              </tr>
            </thead>
            <tbody>
              {run.refusals.map((refusal, i) => (
                <tr key={i}>
                  <td>{refusal.internal_id ?? "—"}</td>
                  <td>{refusal.line}</td>
                  <td>
                    {t(refusal.message, refusal.args)}
                    {refusal.reason ? ` ${t(refusal.reason, refusal.args)}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The agency's feeds on its cabinet page (decision 100): each with its last run's report; managers add a
 * feed by its address and remove one. Plain form posts to the page's action (`add_feed`, `remove_feed`).
 */
export function AgencyFeeds({
  feeds,
  manager,
  result,
}: {
  feeds: FeedWithRuns[];
  manager: boolean;
  result: FeedsResult | undefined;
}) {
  const { t } = useI18n();
  const add = result?.intent === "add_feed" ? result : undefined;
  return (
    <section className={styles.section} aria-labelledby="agency-feeds">
      <h2 id="agency-feeds">{t("cabinetAgency.feeds.heading")}</h2>
      <p className={styles.lead}>{t("cabinetAgency.feeds.lead", { max: FEEDS_PER_AGENCY })}</p>
      {result?.intent === "remove_feed" && !result.ok && result.error ? (
        <p role="alert" className={styles.lead}>
          {t(result.error)}
        </p>
      ) : null}
      {feeds.length === 0 ? <p className={styles.lead}>{t("cabinetAgency.feeds.none")}</p> : null}
      <ul className={styles.feeds} data-testid="agency-feeds">
        {feeds.map((feed) => (
          <li key={feed.id} data-id={feed.id}>
            <p className={styles.current}>
              <code>{feed.url}</code>
            </p>
            {feed.runs[0] ? (
              <RunReport run={feed.runs[0]} />
            ) : (
              <p className={styles.lead}>{t("cabinetAgency.feeds.waiting")}</p>
            )}
            {feed.runs.length > 1 ? (
              <details data-testid="feed-earlier-runs">
                <summary>{t("cabinetAgency.feeds.earlier", { count: feed.runs.length - 1 })}</summary>
                {feed.runs.slice(1).map((run) => (
                  <RunReport key={run.id} run={run} />
                ))}
              </details>
            ) : null}
            {manager ? (
              <Form method="post">
                <input type="hidden" name="feed_id" value={feed.id} />
                <button type="submit" name="intent" value="remove_feed" className={styles.secondary}>
                  {t("cabinetAgency.feeds.remove")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {manager ? (
        <Form method="post" className={styles.form}>
          {add && !add.ok && add.error && !add.fields?.url ? (
            <p role="alert" className={styles.lead}>
              {t(add.error)}
            </p>
          ) : null}
          <Field label={t("cabinetAgency.feeds.url")} error={add?.fields?.url}>
            {(props) => (
              <input
                {...props}
                className={styles.input}
                type="url"
                name="url"
                required
                maxLength={FEED_URL_MAX}
                autoComplete="off"
                placeholder="https://"
                defaultValue={add?.values?.url ?? ""}
              />
            )}
          </Field>
          <button type="submit" name="intent" value="add_feed" className={styles.primary}>
            {t("cabinetAgency.feeds.add")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
