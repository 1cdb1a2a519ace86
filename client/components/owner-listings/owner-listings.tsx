import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ApiOwnerListing, CabinetCounts } from "#shared/api/cabinet.ts";
import { CABINET_TABS, type CabinetTab } from "#shared/listing-states.ts";
import { paths } from "#shared/paths.ts";
import { ConfirmDialog } from "#client/components/confirm-dialog/confirm-dialog.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { OwnerListingCard, titleOf } from "./owner-listing-card.tsx";
import {
  cabinetHref,
  doneNote,
  expectedListing,
  tabOfStatus,
  type CardIntent,
  type CardResult,
  type DoneNote,
} from "./owner-listing-state.ts";
import styles from "./owner-listings.module.css";

interface Props {
  tab: CabinetTab;
  page: number;
  perPage: number;
  total: number;
  counts: CabinetCounts;
  listings: ApiOwnerListing[];
  /** The listing whose deletion is being confirmed without JavaScript (`?confirm=`). */
  confirm: number | null;
  /** What the last plain form post did (`?done=`). */
  done: DoneNote | null;
  now: number;
  /** The days the cards' totals cover. */
  statsDays: number;
  /** A plain form post the API refused (the action's answer). */
  refused: Extract<CardResult, { ok: false }> | null;
}

/** The counts with the posts on their way applied: a listing that leaves its tab counts in its new one. */
function shownCounts(
  counts: CabinetCounts,
  listings: ApiOwnerListing[],
  moving: Record<number, CardIntent>,
  now: number,
): CabinetCounts {
  const shown = { ...counts };
  for (const listing of listings) {
    const intent = moving[listing.id];
    if (!intent) continue;
    const from = tabOfStatus(listing.status);
    const next = expectedListing(listing, intent, now);
    const to = next ? tabOfStatus(next.status) : null;
    if (from === to) continue;
    shown[from] = Math.max(0, shown[from] - 1);
    if (to) shown[to] += 1;
  }
  return shown;
}

/**
 * "My listings" (decision 038): the tabs with their counts as links (`?tab=`), the tab's cards with
 * the actions each state allows, paging, an empty state that leads to posting a listing. Every action is a
 * plain form post without JavaScript; with it the card changes at once, a card that leaves the tab hands
 * the focus to its neighbour, and a live region says what happened.
 */
export function OwnerListings(props: Props) {
  const { tab, page, perPage, total, counts, listings, confirm, done, now, refused } = props;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  // The cards' posts on their way (the cards say when one starts and ends), for the counts.
  const [moving, setMoving] = useState<Record<number, CardIntent>>({});
  const onMoving = useCallback(
    (id: number, intent: CardIntent | null) =>
      setMoving((current) => {
        if ((current[id] ?? null) === intent) return current;
        const next = { ...current };
        if (intent) next[id] = intent;
        else delete next[id];
        return next;
      }),
    [],
  );
  const counted = shownCounts(counts, listings, moving, now);
  const heading = useRef<HTMLHeadingElement>(null);
  const actionUrl = lp(cabinetHref(tab, page));

  // What the last action did (or why it was refused), in the live region; a plain post's arrives in the URL.
  const [message, setMessage] = useState(() => (done ? t(`myListings.done.${done}`) : refused ? t(refused.error) : ""));
  const leaving = useRef<{ id: number; index: number } | null>(null);
  const settled = useCallback(
    (listing: ApiOwnerListing, index: number, result: CardResult) => {
      if (!result.ok) {
        setMessage(t(result.error));
        return;
      }
      const next = result.listing ?? expectedListing(listing, result.intent, Date.now());
      setMessage(t(`myListings.done.${doneNote(result.intent, next)}`));
      if (!next || tabOfStatus(next.status) !== tab) leaving.current = { id: listing.id, index };
    },
    [t, tab],
  );
  // A card that left the tab took the focus with it: its neighbour (or the list's heading) takes it.
  useEffect(() => {
    const gone = leaving.current;
    if (!gone || listings.some((listing) => listing.id === gone.id)) return;
    leaving.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const next = listings[Math.min(gone.index, listings.length - 1)];
    const target = next ? document.getElementById(`owner-listing-${next.id}`) : heading.current;
    target?.focus();
  }, [listings]);

  // With JavaScript a deletion is confirmed in a modal dialog; without it, on the card (`?confirm=`).
  const [deleting, setDeleting] = useState<{ title: string; submit: () => void } | null>(null);
  const askDelete = (listing: ApiOwnerListing, submit: () => void) =>
    setDeleting({ title: titleOf(t, listing), submit });

  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return (
    <section className={styles.section} aria-labelledby="my-listings">
      <div className={styles.head}>
        <h2 id="my-listings" ref={heading} tabIndex={-1} className={styles.heading}>
          {t("myListings.heading")}
        </h2>
        <Link to={lp(paths.listing.create())} className={styles.post}>
          {t("myListings.post")}
        </Link>
      </div>
      <nav aria-label={t("myListings.tabs")}>
        <ul className={styles.tabs}>
          {CABINET_TABS.map((name) => (
            <li key={name}>
              <Link
                to={lp(cabinetHref(name))}
                className={styles.tab}
                aria-current={name === tab ? "page" : undefined}
                data-testid={`tab-${name}`}
              >
                {t(`myListings.tab.${name}`)}{" "}
                <span className={styles.count} data-testid={`count-${name}`}>
                  {intl.formatNumber(counted[name])}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className={message ? styles.message : "visually-hidden"} role="status" data-testid="my-listings-status">
        {message}
      </p>
      {listings.length ? (
        <ul className={styles.cards}>
          {listings.map((listing, index) => (
            <li key={listing.id}>
              <OwnerListingCard
                listing={listing}
                now={now}
                statsDays={props.statsDays}
                actionUrl={actionUrl}
                confirming={confirm === listing.id}
                confirmHref={`${lp(cabinetHref(tab, page, { confirm: listing.id }))}#confirm-${listing.id}`}
                cancelHref={actionUrl}
                refused={refused && refused.id === listing.id ? refused : null}
                eager={index < 2}
                onSettled={(result) => settled(listing, index, result)}
                onDelete={askDelete}
                onMoving={onMoving}
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.empty}>
          <p>{t(`myListings.empty.${tab}`)}</p>
          <Link to={lp(paths.listing.create())} className={styles.post}>
            {t("myListings.post")}
          </Link>
        </div>
      )}
      <Pagination page={page} lastPage={lastPage} hasNext={page < lastPage} hrefFor={(p) => lp(cabinetHref(tab, p))} />
      <ConfirmDialog
        open={deleting !== null}
        id="delete-listing"
        heading={t("myListings.confirm.heading")}
        cancel={t("myListings.confirm.cancel")}
        confirm={t("myListings.confirm.delete")}
        // The focus is back on the page, where the card's heading then takes it.
        onConfirm={() => deleting?.submit()}
        onClose={() => setDeleting(null)}
      >
        <p>{deleting ? t("myListings.confirm.text", { title: deleting.title }) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
