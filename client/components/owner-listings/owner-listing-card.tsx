import { useEffect, type MouseEvent, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { paymentHref } from "#client/components/payment/payment-links.ts";
import { expectedListing, MOVING_INTENTS, type CardIntent, type CardResult } from "./owner-listing-state.ts";
import styles from "./owner-listings.module.css";
import { useEachAnswer } from "#client/use-each-answer.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The card's photo is at most 14rem wide beside the text, the full width of a phone above it. */
const PHOTO_SIZES = "(min-width: 40rem) 14rem, 100vw";

type Translate = ReturnType<typeof useI18n>["t"];

/** A listing's title, or its number while it has none (a draft without facts). */
export const titleOf = (t: Translate, listing: Pick<ApiOwnerListing, "id" | "title">) =>
  listing.title ?? t("myListings.untitled", { id: listing.id });

interface Props {
  listing: ApiOwnerListing;
  now: number;
  /** The days the totals cover (OWNER_STATS_DAYS, from the loader: the constant stays out of every page's code). */
  statsDays: number;
  /** The page the card's forms post to (and, without JavaScript, return to). */
  actionUrl: string;
  /** Without JavaScript a deletion is confirmed on the card itself: this card asks now. */
  confirming: boolean;
  confirmHref: string;
  cancelHref: string;
  /** The page's plain form post about this card that the API refused. */
  refused: Extract<CardResult, { ok: false }> | null;
  eager: boolean;
  /** An action of this card was answered. */
  onSettled: (result: CardResult) => void;
  /** With JavaScript: asks to confirm the deletion, then calls `submit`. */
  onDelete: (listing: ApiOwnerListing, submit: () => void) => void;
  /** A post of this card is on its way (`intent`), or none is (null): the page's counts follow it. */
  onMoving: (id: number, intent: CardIntent | null) => void;
}

/**
 * A listing on its owner's cabinet page: photo, state, title, price, place, the run and the last check,
 * what it drew in 30 days, a rejection's reason, and the actions its state allows. Each action is a form
 * of its own; with JavaScript it posts in the background and the card shows the outcome at once.
 */
export function OwnerListingCard(props: Props) {
  const { listing, now, actionUrl, refused, onSettled, onMoving } = props;
  const { t } = useI18n();
  const f = useFormat();
  const lp = useLocalePath();
  const fetcher = useFetcher<CardResult>();

  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("intent") as CardIntent | undefined;
  const answer = fetcher.data;
  const shown: ApiOwnerListing | null = !busy
    ? listing
    : answer?.ok && answer.listing
      ? answer.listing
      : pending
        ? expectedListing(listing, pending, now)
        : listing;
  const failure = !busy && answer && !answer.ok ? answer : refused;

  const moving = busy && pending ? pending : null;
  useEffect(() => {
    onMoving(listing.id, moving);
    // A card that leaves the tab unmounts with its post settled: it is on its way no more.
    return () => onMoving(listing.id, null);
  }, [listing.id, moving, onMoving]);

  // Each answer once, for the page's live region and focus.
  useEachAnswer(answer, onSettled);

  const id = `owner-listing-${listing.id}`;
  const submit = (intent: CardIntent) => {
    // The button pressed may not exist in the new state: the card's heading keeps the focus meanwhile.
    if (MOVING_INTENTS.includes(intent)) document.getElementById(id)?.focus();
    void fetcher.submit({ id: String(listing.id), intent }, { method: "post", action: actionUrl });
  };

  const title = titleOf(t, listing);
  const state = shown ?? listing;
  const named = (action: string) => t("myListings.named", { action, title });
  const price =
    state.price === null
      ? t("myListings.noPrice")
      : state.deal === "rent"
        ? t("card.perMonth", { price: f.price(state.price) })
        : f.price(state.price);
  const place = [state.district?.name, state.city?.name].filter(Boolean).join(", ");
  const checkedDays =
    state.checked_at === null ? null : Math.max(0, Math.floor((now - Date.parse(state.checked_at)) / DAY_MS));

  /** An action as a form post: one button, named with the listing. */
  const action = (intent: CardIntent, label: string, variant: "primary" | "secondary" = "secondary") => (
    <fetcher.Form
      method="post"
      action={actionUrl}
      className={styles.actionForm}
      onSubmit={(event) => {
        event.preventDefault();
        submit(intent);
      }}
    >
      <input type="hidden" name="id" value={listing.id} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirect_to" value={actionUrl} />
      <button
        type="submit"
        className={variant === "primary" ? styles.primary : styles.secondary}
        aria-label={named(label)}
        data-intent={intent}
      >
        {label}
      </button>
    </fetcher.Form>
  );
  const link = (to: string, label: string): ReactNode => (
    <Link to={to} className={styles.link} aria-label={named(label)}>
      {label}
    </Link>
  );
  const can = (name: ApiOwnerListing["actions"][number]) => shown !== null && shown.actions.includes(name);

  return (
    <article
      className={shown ? styles.card : `${styles.card} ${styles.gone}`}
      aria-labelledby={id}
      aria-busy={busy || undefined}
      data-testid="owner-listing"
      data-id={listing.id}
      data-status={shown ? shown.status : "deleted"}
    >
      <div className={styles.media}>
        {state.image ? (
          <img
            src={state.image.url}
            srcSet={state.image.srcset ?? undefined}
            sizes={state.image.srcset ? PHOTO_SIZES : undefined}
            width={state.image.width}
            height={state.image.height}
            alt=""
            loading={props.eager ? "eager" : "lazy"}
            decoding="async"
          />
        ) : (
          <span className={styles.noPhoto}>{t("card.noPhoto")}</span>
        )}
        {state.image_count > 1 ? (
          <span className={styles.photoCount}>{t("card.photos", { count: state.image_count })}</span>
        ) : null}
      </div>
      <div className={styles.body}>
        <p className={styles.badges}>
          <span className={`${styles.badge} ${styles[shown ? shown.status : "deleted"] ?? ""}`}>
            {shown ? t("myListings.status", { status: shown.status }) : t("myListings.deleted")}
          </span>
          {shown?.hidden_by_reports ? (
            <span className={`${styles.badge} ${styles.rejected}`}>{t("myListings.hiddenBadge")}</span>
          ) : null}
          {/* Archived as let or sold from the availability question (decision 084). */}
          {shown?.status === "archived" && shown.archive_reason ? (
            <span className={styles.badge} data-testid="archive-reason">
              {t(`listing.taken.${shown.archive_reason}`)}
            </span>
          ) : null}
          {shown?.status === "active" && shown.unconfirmed_at ? (
            <span className={`${styles.badge} ${styles.rejected}`}>{t("myListings.availability.hidden")}</span>
          ) : null}
          {shown?.changes ? (
            <span
              className={`${styles.badge} ${styles[shown.changes.status === "pending" ? "pending" : "rejected"] ?? ""}`}
              data-testid="changes-badge"
            >
              {t(shown.changes.status === "pending" ? "myListings.changesBadge" : "myListings.changesRejectedBadge")}
            </span>
          ) : null}
        </p>
        <h3
          id={id}

          tabIndex={-1}
          className={styles.title}
          lang={listing.title ? listing.title_lang : undefined}
        >
          {title}
        </h3>
        <p className={styles.price}>
          <strong>{price}</strong>
        </p>
        {place ? <p className={styles.muted}>{place}</p> : null}
        {shown?.status === "active" && shown.days_left !== null ? (
          <p className={shown.days_left <= 3 ? styles.soon : undefined}>
            {t("myListings.expires", { days: shown.days_left })}
          </p>
        ) : null}
        {shown?.status === "active" && checkedDays !== null ? (
          <p className={styles.muted}>{t("myListings.checked", { days: checkedDays })}</p>
        ) : null}
        {shown && (shown.status === "active" || shown.status === "archived") ? (
          <p className={styles.muted}>
            {t("myListings.totals", {
              days: props.statsDays,
              views: t("myListings.views", { count: shown.totals.views }),
              contacts: t("myListings.contacts", { count: shown.totals.contacts }),
            })}
          </p>
        ) : null}
        {shown?.status === "rejected" ? (
          <div className={styles.rejection} data-testid="rejection">
            {shown.rejection_code || shown.rejection_reason ? (
              <p>
                <strong>{t("myListings.rejected")}</strong>{" "}
                {shown.rejection_code ? t(`moderation.rejectionCode.${shown.rejection_code}`) : null}
              </p>
            ) : (
              <p>
                <strong>{t("myListings.rejectedNoReason")}</strong>
              </p>
            )}
            {shown.rejection_reason ? (
              <blockquote className={styles.reason}>{shown.rejection_reason}</blockquote>
            ) : null}
          </div>
        ) : null}
        {shown?.hidden_by_reports ? <p className={styles.note}>{t("myListings.hidden")}</p> : null}
        {shown?.hidden_by_staff ? (
          <div className={styles.rejection} data-testid="hidden-by-staff">
            <p>
              <strong>{t("adminListings.owner.hidden")}</strong>
            </p>
            {shown.hidden_by_staff.reason ? (
              <blockquote className={styles.reason}>{shown.hidden_by_staff.reason}</blockquote>
            ) : null}
          </div>
        ) : null}
        {shown?.changes?.status === "pending" ? <p className={styles.note}>{t("myListings.changesPending")}</p> : null}
        {shown?.changes?.status === "rejected" ? (
          <div className={styles.rejection} data-testid="changes-rejection">
            <p>
              <strong>{t("myListings.changesRejected")}</strong>{" "}
              {shown.changes.rejection_code ? t(`moderation.rejectionCode.${shown.changes.rejection_code}`) : null}
            </p>
            {shown.changes.rejection_reason ? (
              <blockquote className={styles.reason}>{shown.changes.rejection_reason}</blockquote>
            ) : null}
          </div>
        ) : null}
        {failure ? (
          <div className={styles.failure} data-testid="card-failure">
            <p>
              {t(failure.error)}
              {failure.duplicate ? (
                <>
                  {" "}
                  <Link to={lp(privatePaths.listing.preview(failure.duplicate.id))}>
                    {failure.duplicate.title ?? t("myListings.untitled", { id: failure.duplicate.id })}
                  </Link>
                </>
              ) : null}
            </p>
            {failure.duplicate || failure.incomplete ? (
              <div className={styles.actions}>
                {failure.duplicate && can("submit") ? action("force", t("myListings.action.force"), "primary") : null}
                {link(`${lp(privatePaths.listing.edit(listing.id))}?step=check`, t("myListings.action.check"))}
              </div>
            ) : null}
          </div>
        ) : null}
        {props.confirming && can("delete") ? (
          <div
            className={styles.confirm}
            id={`confirm-${listing.id}`}
            role="group"
            aria-labelledby={`confirm-${listing.id}-text`}
          >
            <p id={`confirm-${listing.id}-text`}>
              <strong>{t("myListings.confirm.heading")}</strong> {t("myListings.confirm.text", { title })}
            </p>
            <div className={styles.actions}>
              <fetcher.Form
                method="post"
                action={actionUrl}
                className={styles.actionForm}
                onSubmit={(event) => {
                  event.preventDefault();
                  submit("delete");
                }}
              >
                <input type="hidden" name="id" value={listing.id} />
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="redirect_to" value={actionUrl} />
                <button type="submit" className={styles.danger} aria-label={named(t("myListings.confirm.delete"))}>
                  {t("myListings.confirm.delete")}
                </button>
              </fetcher.Form>
              {link(props.cancelHref, t("myListings.confirm.cancel"))}
            </div>
          </div>
        ) : null}
        {shown ? (
          <div className={styles.actions} role="group" aria-label={t("myListings.actionsFor", { title })}>
            {/* What the state asks for first; the rest in a menu — a <details>, no JavaScript needed. */}
            {can("submit") ? action("submit", t("myListings.action.submit"), "primary") : null}
            {can("renew") ? action("renew", t("myListings.action.renew", { days: LISTING_RUN_DAYS }), "primary") : null}
            {can("relevant") ? action("relevant", t("myListings.action.relevant")) : null}
            {can("restore") ? action("restore", t("myListings.action.restore"), "primary") : null}
            {can("edit") ? link(lp(privatePaths.listing.edit(listing.id)), t("myListings.action.edit")) : null}
            {shown.status === "active"
              ? link(lp(paymentHref({ listingId: listing.id })), t("myListings.action.promote"))
              : null}
            {can("preview") || shown.path || can("statistics") || can("archive") || can("delete") ? (
              <details className={styles.more}>
                <summary aria-label={t("myListings.moreFor", { title })}>{t("myListings.more")}</summary>
                <div className={styles.moreList}>
                  {can("preview")
                    ? link(lp(privatePaths.listing.preview(listing.id)), t("myListings.action.preview"))
                    : null}
                  {shown.path ? link(lp(shown.path), t("myListings.action.publicPage")) : null}
                  {can("statistics")
                    ? link(lp(privatePaths.cabinet.statistics(listing.id)), t("myListings.action.statistics"))
                    : null}
                  {can("archive") ? action("archive", t("myListings.action.archive")) : null}
                  {can("delete") ? (
                    <Link
                      to={props.confirmHref}
                      className={styles.deleteLink}
                      aria-label={named(t("myListings.action.delete"))}
                      onClick={(event: MouseEvent) => {
                        event.preventDefault();
                        props.onDelete(listing, () => submit("delete"));
                      }}
                    >
                      {t("myListings.action.delete")}
                    </Link>
                  ) : null}
                </div>
              </details>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
