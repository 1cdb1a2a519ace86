import { type FormEvent, useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import type { ApiModerationChanges, ApiModerationItem } from "#shared/api/cabinet.ts";
import type { ApiImage } from "#shared/api/realty.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { SignalList } from "#client/components/signals/signal-list.tsx";
import { RejectFields, type RejectField, type RejectValues } from "./reject-fields.tsx";
import styles from "./queue-card.module.css";

export type Decision = "approved" | "rejected";

/**
 * What the owner of a public listing changed (decision 053): each changed text as the public sees it and as
 * proposed, and the photos added, none of them public until approved.
 */
function ChangesSection({ changes, headingId }: { changes: ApiModerationChanges; headingId: string }) {
  const { t } = useI18n();
  const texts = (["title", "description", "lang"] as const).filter((name) => changes[name]);
  const shown = (value: string | null, lang?: boolean) =>
    value === null ? (
      <span className={styles.muted}>{t(lang ? "moderation.notGiven" : "moderation.changes.generated")}</span>
    ) : (
      value
    );
  return (
    <section className={styles.changes} aria-labelledby={headingId} data-testid="moderation-changes">
      <h3 id={headingId}>
        <span className={styles.badge}>{t("moderation.changesBadge")}</span> {t("moderation.changes.heading")}
      </h3>
      <p>{t("moderation.changes.note")}</p>
      {texts.map((name) => (
        <dl key={name} className={styles.change}>
          <div>
            <dt>
              {t(name === "description" ? "moderation.description" : `moderation.changes.${name}`)}:{" "}
              {t("moderation.changes.before")}
            </dt>
            <dd>
              <del>{shown(changes[name]!.before, name === "lang")}</del>
            </dd>
          </div>
          <div>
            <dt>
              {t(name === "description" ? "moderation.description" : `moderation.changes.${name}`)}:{" "}
              {t("moderation.changes.after")}
            </dt>
            <dd>
              <ins>{shown(changes[name]!.after, name === "lang")}</ins>
            </dd>
          </div>
        </dl>
      ))}
      {changes.added_images.length ? (
        <>
          <p>{t("moderation.changes.added", { count: changes.added_images.length })}</p>
          <Thumbs
            images={changes.added_images}
            alt={(n) => t("moderation.changes.photo", { n, count: changes.added_images.length })}
          />
        </>
      ) : null}
    </section>
  );
}

/** A card's photo thumbnails; `alt` names the n-th (from 1). */
function Thumbs({ images, alt }: { images: ApiImage[]; alt: (n: number) => string }) {
  return (
    <ul className={styles.thumbs}>
      {images.map((image, n) => (
        <li key={image.id}>
          <img
            src={image.url}
            srcSet={image.srcset ?? undefined}
            sizes={image.srcset ? "8rem" : undefined}
            width={image.width}
            height={image.height}
            alt={alt(n + 1)}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}

/** What a decision posted from the queue answered: done, or what was wrong (for this listing `id`). */
export type DecisionResult =
  | { id: number; done: Decision }
  | {
      id: number;
      intent?: "approve" | "reject";
      fields: Partial<Record<RejectField, string>>;
      error?: string;
      values?: RejectValues;
    };

/**
 * One pending listing in the moderation queue — or a public one whose changes wait — : its photos, facts,
 * owner and submission, the changes, visitors' reports, the duplicate check's finding, and the decision. Both decisions are forms posting to the queue; with
 * JavaScript they are sent in place and the queue hears of a decision made (`onDecided`).
 */
export function QueueCard({
  item,
  now,
  posted,
  onDecided,
}: {
  item: ApiModerationItem;
  now: number;
  /** The answer of a plain form post about this listing. */
  posted?: DecisionResult;
  onDecided: (id: number, decision: Decision) => void;
}) {
  const { t, intl } = useI18n();
  const format = useFormat();
  const lp = useLocalePath();
  const fetcher = useFetcher<DecisionResult>();
  const answer = fetcher.data ?? posted;
  const failed = answer && "fields" in answer ? answer : undefined;
  const busy = fetcher.state !== "idle";
  const headingId = `listing-${item.id}`;
  const preview = lp(privatePaths.admin.listingPreview(item.id));

  // Told as soon as the answer is here: the queue read again after it no longer has this card.
  const told = useRef(false);
  useEffect(() => {
    if (told.current || !fetcher.data || !("done" in fetcher.data)) return;
    told.current = true;
    onDecided(item.id, fetcher.data.done);
  }, [fetcher.data, item.id, onDecided]);

  // In place: the answer comes back here instead of a page going back to the queue.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.delete("redirect");
    void fetcher.submit(body, { method: "post" });
  };

  const date = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const place = [item.district?.name, item.city?.name].filter(Boolean).join(", ");
  const notGiven = <span className={styles.muted}>{t("moderation.notGiven")}</span>;

  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="moderation-item" data-id={item.id}>
      <h2 id={headingId} className={styles.title} tabIndex={-1} data-card-heading="">
        <Link to={preview} lang={item.title_lang}>
          {item.title ?? t("moderation.listingNo", { id: item.id })}
        </Link>{" "}
        <span className={styles.number}>{t("moderation.listingNo", { id: item.id })}</span>
      </h2>

      {item.images.length ? (
        <Thumbs images={item.images} alt={(n) => t("moderation.photo", { n, count: item.image_count })} />
      ) : (
        <p className={styles.muted}>{t("moderation.noPhotos")}</p>
      )}

      <dl className={styles.facts}>
        <div>
          <dt>{t("moderation.price")}</dt>
          <dd>
            {item.price === null
              ? notGiven
              : item.deal === "rent"
                ? t("card.perMonth", { price: format.price(item.price) })
                : format.price(item.price)}
          </dd>
        </div>
        <div>
          <dt>{t("detail.facts.area")}</dt>
          <dd>{item.area !== null ? format.area(item.area) : notGiven}</dd>
        </div>
        <div>
          <dt>{t("detail.facts.rooms")}</dt>
          <dd>{item.rooms !== null ? format.rooms(item.rooms) : notGiven}</dd>
        </div>
        <div>
          <dt>{t("moderation.place")}</dt>
          <dd>
            {place || notGiven}
            {item.address ? <span className={styles.address}>{item.address}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t("moderation.owner")}</dt>
          <dd>{item.owner.name}</dd>
        </div>
        <div>
          <dt>{t("moderation.submitted")}</dt>
          <dd>
            {item.submitted_at ? (
              <time dateTime={item.submitted_at}>
                {date(item.submitted_at)} ({format.ago(item.submitted_at, now)})
              </time>
            ) : (
              t("moderation.submittedUnknown")
            )}
          </dd>
        </div>
      </dl>

      {item.description ? (
        <details className={styles.description}>
          <summary>{t("moderation.description")}</summary>
          <p lang={item.lang ?? undefined}>{item.description}</p>
        </details>
      ) : null}

      <SignalList signals={item.signals} headingId={`${headingId}-signals`} />

      {item.changes ? <ChangesSection changes={item.changes} headingId={`${headingId}-changes`} /> : null}

      {item.reports.length || item.hidden_by_reports ? (
        <section className={styles.reports} aria-labelledby={`${headingId}-reports`} data-testid="moderation-reports">
          <h3 id={`${headingId}-reports`}>
            <span className={styles.badge}>{t("moderation.reportedBadge")}</span>{" "}
            {t("moderation.reported", { count: item.reports.length })}
          </h3>
          {item.hidden_by_reports ? <p>{t("moderation.hidden")}</p> : null}
          {item.reported_public ? <p>{t("moderation.reportedPublic")}</p> : null}
          <ul>
            {item.reports.map((report, n) => (
              <li key={n}>
                <strong>{t(`report.reason.${report.reason}`)}</strong>{" "}
                <time dateTime={report.created_at} className={styles.muted}>
                  {date(report.created_at)}
                </time>
                {report.guest ? <span className={styles.muted}> ({t("moderation.reportByGuest")})</span> : null}
                {report.text ? (
                  <q className={styles.quote}>{report.text}</q>
                ) : (
                  <span className={styles.muted}> — {t("moderation.reportNoText")}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {item.duplicate ? (
        <p className={styles.duplicate} data-testid="moderation-duplicate">
          {t(`moderation.duplicate.${item.duplicate.match}`, { id: item.duplicate.id })}{" "}
          <Link to={lp(privatePaths.admin.listingPreview(item.duplicate.id))}>
            {item.duplicate.title ?? t("moderation.listingNo", { id: item.duplicate.id })}
          </Link>{" "}
          ({t("listingState.label", { status: item.duplicate.status })})
        </p>
      ) : null}

      <p>
        <Link to={preview}>{t("moderation.preview")}</Link>
      </p>

      <div className={styles.decision} role="group" aria-label={t("moderation.decision", { id: item.id })}>
        {failed?.error ? (
          <p role="alert" className={styles.error}>
            {failed.error === "moderation.notPending" ? t(failed.error, { id: item.id }) : messageOf(t, failed.error)}
          </p>
        ) : null}
        <fetcher.Form method="post" onSubmit={submit}>
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="redirect" value="1" />
          <input type="hidden" name="intent" value="approve" />
          {item.changes ? <input type="hidden" name="revision" value={item.changes.updated_at} /> : null}
          <button type="submit" className={styles.approve} disabled={busy}>
            {t(item.reported_public ? "moderation.keep" : "moderation.approve")}
          </button>
        </fetcher.Form>
        <details className={styles.reject} open={failed?.intent === "reject" || undefined}>
          <summary>{t(item.reported_public ? "moderation.takeOffOpen" : "moderation.rejectOpen")}</summary>
          <fetcher.Form method="post" onSubmit={submit} className={styles.rejectForm}>
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="redirect" value="1" />
            <input type="hidden" name="intent" value="reject" />
            <RejectFields errors={failed?.fields} values={failed?.values} />
            <button type="submit" className={styles.danger} disabled={busy}>
              {t("moderation.reject")}
            </button>
          </fetcher.Form>
        </details>
      </div>
    </article>
  );
}
