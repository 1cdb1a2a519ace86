import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { paths } from "#shared/paths.ts";
import { ConfirmDialog } from "#client/components/confirm-dialog/confirm-dialog.tsx";
import { ListingCard } from "#client/components/listing-card/listing-card.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { favouritesHref, type FavouriteIntent, type FavouriteItem, type FavouriteResult } from "./favourite-items.ts";
import styles from "./my-favourites.module.css";
import { useEachAnswer } from "#client/use-each-answer.ts";

interface Props {
  now: number;
  page: number;
  lastPage: number;
  total: number;
  items: FavouriteItem[];
  /** Removing them all is being confirmed without JavaScript (`?confirm=all`). */
  confirm: boolean;
  /** What the last plain form post did (`?done=`). */
  done: FavouriteIntent | null;
  /** A plain form post the API refused (the action's answer). */
  refused: Extract<FavouriteResult, { ok: false }> | null;
}

/**
 * The signed-in person's favourites (decision 041): the cards of `/favourites/`, those taken off the site
 * as "no longer available" cards, each with a button that removes it, and "Remove all" after a confirmation.
 * Every action is a plain form post without JavaScript (the confirmation a step of the page); with it the
 * card leaves at once, the focus goes to its neighbour, the confirmation is a modal dialog, and a live
 * region says what happened.
 */
export function MyFavourites(props: Props) {
  const { now, page, lastPage, total, items, confirm, done, refused } = props;
  const { t } = useI18n();
  const lp = useLocalePath();
  const actionUrl = lp(favouritesHref(page));
  const heading = useRef<HTMLHeadingElement>(null);
  // The cards on their way out (each says when its removal starts and ends), or all of them.
  const [leaving, setLeaving] = useState<ReadonlySet<number>>(new Set());
  const onLeaving = useCallback(
    (id: number, going: boolean) =>
      setLeaving((current) => {
        if (current.has(id) === going) return current;
        const next = new Set(current);
        if (going) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const clearer = useFetcher<FavouriteResult>();
  const clearing = clearer.state !== "idle";
  const shown = clearing ? [] : items.filter((item) => !leaving.has(item.id));
  const count = clearing ? 0 : Math.max(0, total - (items.length - shown.length));

  const [message, setMessage] = useState(() =>
    done ? t(`myFavourites.done.${done}`) : refused ? t(refused.error) : "",
  );
  const settled = useCallback(
    (result: FavouriteResult) => setMessage(result.ok ? t(`myFavourites.done.${result.intent}`) : t(result.error)),
    [t],
  );

  // A card on its way out takes the focus with it: its neighbour's button (or the list's heading) takes it.
  const handOver = (item: HTMLElement | null) => {
    const next = [item?.nextElementSibling, item?.previousElementSibling].find(
      (element): element is HTMLElement => element instanceof HTMLElement && !element.hidden,
    );
    (next?.querySelector<HTMLElement>("[data-remove]") ?? heading.current)?.focus();
  };

  useEachAnswer(clearer.data, settled);
  const [asking, setAsking] = useState(false);
  const confirmHref = `${lp(favouritesHref(page, { confirm: "all" }))}#confirm-clear`;

  return (
    <section className={styles.section} aria-labelledby="my-favourites">
      <div className={styles.bar}>
        <h2 id="my-favourites" ref={heading} tabIndex={-1} className={styles.heading}>
          {t("favourites.count", { count })}
        </h2>
        {shown.length ? (
          <Link
            to={confirmHref}
            className={styles.clear}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              setAsking(true);
            }}
          >
            {t("favourites.clear")}
          </Link>
        ) : null}
      </div>
      <p className={message ? styles.message : "visually-hidden"} role="status" data-testid="favourites-status">
        {message}
      </p>
      {confirm && shown.length ? (
        <div className={styles.confirm} id="confirm-clear" role="group" aria-labelledby="confirm-clear-text">
          <p id="confirm-clear-text">
            <strong>{t("myFavourites.confirm.heading")}</strong> {t("myFavourites.confirm.text", { count })}
          </p>
          <div className={styles.buttons}>
            <clearer.Form method="post" action={actionUrl}>
              <input type="hidden" name="intent" value="clear" />
              <input type="hidden" name="redirect_to" value={actionUrl} />
              <button type="submit" className={styles.danger}>
                {t("myFavourites.confirm.clear")}
              </button>
            </clearer.Form>
            <Link to={actionUrl} className={styles.cancel}>
              {t("myFavourites.confirm.cancel")}
            </Link>
          </div>
        </div>
      ) : null}
      {/* Kept while its cards leave: each one's answer is still to come. */}
      {items.length ? (
        <ul className={styles.grid}>
          {items.map((item, index) => (
            <Entry
              key={item.id}
              item={item}
              now={now}
              eager={index < 2}
              hidden={clearing}
              actionUrl={actionUrl}
              onLeaving={onLeaving}
              onHandOver={handOver}
              onSettled={settled}
            />
          ))}
        </ul>
      ) : null}
      {shown.length ? null : (
        <div className={styles.empty}>
          <p>{t("favourites.empty")}</p>
          <Link to={lp(paths.search())} className={styles.browse}>
            {t("favourites.browse")}
          </Link>
        </div>
      )}
      <Pagination page={page} lastPage={lastPage} hasNext={page < lastPage} hrefFor={(p) => lp(favouritesHref(p))} />
      <ConfirmDialog
        open={asking}
        id="confirm-clear-heading"
        heading={t("myFavourites.confirm.heading")}
        cancel={t("myFavourites.confirm.cancel")}
        confirm={t("myFavourites.confirm.clear")}
        onConfirm={() => {
          // The focus is back on the page: the list's heading takes it.
          heading.current?.focus();
          void clearer.submit({ intent: "clear" }, { method: "post", action: actionUrl });
        }}
        onClose={() => setAsking(false)}
      >
        <p>{t("myFavourites.confirm.text", { count })}</p>
      </ConfirmDialog>
    </section>
  );
}

interface EntryProps {
  item: FavouriteItem;
  now: number;
  eager: boolean;
  /** All are on their way out. */
  hidden: boolean;
  actionUrl: string;
  /** Its removal is on its way (`going`), or no more. */
  onLeaving: (id: number, going: boolean) => void;
  /** Its removal starts: the list item it is in hands the focus on. */
  onHandOver: (item: HTMLElement | null) => void;
  /** Its removal was answered. */
  onSettled: (result: FavouriteResult) => void;
}

/** One favourite in the list, with the form that removes it. */
function Entry({ item, now, eager, hidden, actionUrl, onLeaving, onHandOver, onSettled }: EntryProps) {
  const { t } = useI18n();
  const f = useFormat();
  const fetcher = useFetcher<FavouriteResult>();
  // On its way out: kept (its answer is still to come) but not shown; back if the removal fails.
  const going = fetcher.state !== "idle";
  useEffect(() => {
    onLeaving(item.id, going);
    return () => onLeaving(item.id, false);
  }, [item.id, going, onLeaving]);
  // Each answer once, for the page's live region.
  useEachAnswer(fetcher.data, onSettled);

  const title = item.available ? item.listing.title : item.title;
  const remove = (
    <fetcher.Form
      method="post"
      action={actionUrl}
      className={styles.removeForm}
      onSubmit={(event) => {
        event.preventDefault();
        onHandOver(event.currentTarget.closest("li"));
        void fetcher.submit({ id: String(item.id), intent: "remove" }, { method: "post", action: actionUrl });
      }}
    >
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="redirect_to" value={actionUrl} />
      <button
        type="submit"
        className={styles.secondary}
        aria-label={t("myFavourites.removeNamed", { title })}
        data-remove
      >
        {t("myFavourites.remove")}
      </button>
    </fetcher.Form>
  );
  return (
    <li hidden={hidden || going} data-testid="favourite" data-id={item.id} data-available={item.available}>
      {item.available ? (
        <ListingCard
          listing={item.listing}
          now={now}
          eager={eager}
          priceNote={
            item.priceReducedFrom !== null ? (
              <p className={styles.reduced}>
                {t("myFavourites.priceReduced", { price: f.price(item.priceReducedFrom) })}
              </p>
            ) : null
          }
          footer={remove}
        />
      ) : (
        <UnavailableCard item={item} footer={remove} />
      )}
    </li>
  );
}

/**
 * A favourite taken off the site: what it was (its title, last price and place), marked as no longer
 * available, with no link to its page (there is none) but one to listings like it.
 */
function UnavailableCard({ item, footer }: { item: Extract<FavouriteItem, { available: false }>; footer: ReactNode }) {
  const { t } = useI18n();
  const f = useFormat();
  const lp = useLocalePath();
  const price = f.price(item.price);
  const place = [item.district?.name, item.city.name].filter(Boolean).join(", ");
  return (
    <article className={styles.gone} aria-labelledby={`favourite-${item.id}-title`}>
      <div className={styles.goneMedia}>
        <span className={styles.goneBadge} data-testid="favourite-gone">
          {item.archive_reason ? t(`listing.taken.${item.archive_reason}`) : t("myFavourites.unavailable")}
        </span>
      </div>
      <div className={styles.body}>
        <p className={styles.price}>
          <strong>{item.deal === "rent" ? t("card.perMonth", { price }) : price}</strong>{" "}
          <span className={styles.muted}>{t("myFavourites.lastPrice")}</span>
        </p>
        <h3 id={`favourite-${item.id}-title`} className={styles.title} lang={item.title_lang}>
          {item.title}
        </h3>
        <p className={styles.muted}>{place}</p>
        <p>{t("myFavourites.unavailableNote")}</p>
        <Link to={lp(paths.list(item.deal, item.type, item.city.slug))} className={styles.similar}>
          {t("myFavourites.similar")}
        </Link>
        {footer}
      </div>
    </article>
  );
}
