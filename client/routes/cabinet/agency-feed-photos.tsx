import { useId } from "react";
import type { ApiFeedPhotoProblem, ApiFeedPhotoProblems } from "#shared/api/agency-feeds.ts";
import { FEED_PHOTO_TRIES } from "#shared/feed-limits.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./agency.module.css";

/**
 * The photos the agency's feeds name that could not be fetched (decision 102): the listing, the photo's
 * address, why (`feedPhoto.problem.*`), when it was last tried and when it will be tried again (decision
 * 108). Shown only while there are some.
 */
export function FeedPhotoProblems({ problems }: { problems: ApiFeedPhotoProblems }) {
  const { t, intl } = useI18n();
  const captionId = useId();
  if (problems.count === 0) return null;
  const when = (at: number) =>
    intl.formatDate(at, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Belgrade" });
  return (
    <section className={styles.section} aria-labelledby="agency-feed-photos" data-testid="feed-photo-problems">
      <h2 id="agency-feed-photos">{t("cabinetAgency.feedPhotos.heading")}</h2>
      <p className={styles.lead}>{t("cabinetAgency.feedPhotos.lead", { tries: FEED_PHOTO_TRIES })}</p>
      {/* A region of its own, focusable, so that a keyboard scrolls the long addresses into view. */}
      <div className={styles.tableBox} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionId}>
            {problems.items.length < problems.count
              ? t("cabinetAgency.feedPhotos.some", { shown: problems.items.length, count: problems.count })
              : t("cabinetAgency.feedPhotos.all", { count: problems.count })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("cabinetAgency.feedPhotos.listing")}</th>
              <th scope="col">{t("cabinetAgency.feedPhotos.url")}</th>
              <th scope="col">{t("cabinetAgency.feedPhotos.reason")}</th>
              <th scope="col">{t("cabinetAgency.feedPhotos.tried")}</th>
              <th scope="col">{t("cabinetAgency.feedPhotos.next")}</th>
            </tr>
          </thead>
          <tbody>
            {problems.items.map((problem) => (
              <tr key={`${problem.listing_id} ${problem.url}`}>
                <td>
                  <ListingName problem={problem} />
                </td>
                <td>
                  <code>{problem.url}</code>
                </td>
                <td>{t(problem.message, problem.args)}</td>
                <td>
                  <time dateTime={new Date(problem.tried_at).toISOString()}>{when(problem.tried_at)}</time>
                </td>
                <td>
                  {problem.next_try_at === null ? (
                    t("cabinetAgency.feedPhotos.noMoreTries", { tries: problem.tries })
                  ) : (
                    <>
                      {t("cabinetAgency.feedPhotos.nextTry")}{" "}
                      <time dateTime={new Date(problem.next_try_at).toISOString()}>{when(problem.next_try_at)}</time>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Stands for the title in the message: a private-use character, in no text. */
const TITLE_SLOT = "\uE000";

/**
 * "No. {id}: {title}" in the page's language, the title in an element of its own marked with its language
 * (an owner's title is in the listing's).
 */
function ListingName({ problem }: { problem: ApiFeedPhotoProblem }) {
  const { t } = useI18n();
  const [before, after = ""] = t("cabinetAgency.feedPhotos.listingName", {
    id: problem.listing_id,
    title: TITLE_SLOT,
  }).split(TITLE_SLOT);
  return (
    <>
      {before}
      <span lang={problem.listing_title_lang}>{problem.listing_title ?? "—"}</span>
      {after}
    </>
  );
}
