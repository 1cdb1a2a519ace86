import { useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { paths } from "#shared/paths.ts";
import { withAuthParams } from "#client/components/auth-dialog/auth-view.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { GUEST_PANEL_ID, type SavedSearchItem } from "./saved-search-state.ts";
import { SavedSearchSummary } from "./saved-search-summary.tsx";
import styles from "./saved-searches.module.css";

/**
 * A guest's saved searches on the favourites page (decision 041): kept in this browser's cookie, each
 * with its name, filters, a link that opens it and a form that removes it (posting to the page's action),
 * and the way to e-mail alerts — signing in, which moves them into the account.
 */
export function GuestSavedSearches({ items }: { items: SavedSearchItem[] }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState("");
  return (
    <section className={styles.panel} id={GUEST_PANEL_ID} aria-labelledby="guest-saved-searches">
      <h2 id="guest-saved-searches" ref={heading} tabIndex={-1} className={styles.panelHeading}>
        {t("savedSearches.guest.heading")}
      </h2>
      <p className={styles.note}>
        {items.length ? t("savedSearches.guest.note") : t("savedSearches.guest.empty")}{" "}
        {items.length ? (
          <Link to={withAuthParams(pathname, search, "signin")} preventScrollReset rel="nofollow">
            {t("savedSearches.guest.signIn")}
          </Link>
        ) : (
          <Link to={lp(paths.search())}>{t("savedSearches.guest.search")}</Link>
        )}
      </p>
      <p className="visually-hidden" role="status">
        {message}
      </p>
      {items.length ? (
        <ul className={styles.list}>
          {items.map((item, index) => (
            <li key={item.query}>
              <GuestSavedSearch
                item={item}
                id={`guest-search-${index}`}
                onRemove={() => {
                  setMessage(t("savedSearches.done.delete"));
                  heading.current?.focus();
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function GuestSavedSearch({ item, id, onRemove }: { item: SavedSearchItem; id: string; onRemove: () => void }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const fetcher = useFetcher();
  const action = lp(paths.page("favourites"));
  const named = (action: string) => t("savedSearches.named", { action, label: item.label });
  if (fetcher.state !== "idle") return null;
  return (
    <article className={styles.card} aria-labelledby={id} data-testid="guest-saved-search">
      <h3 id={id} className={styles.title}>
        {item.label}
      </h3>
      <SavedSearchSummary filters={item.filters} places={item.places} />
      <div className={styles.actions}>
        <Link to={lp(item.href)} className={styles.primary} aria-label={named(t("savedSearches.open"))}>
          {t("savedSearches.open")}
        </Link>
        <fetcher.Form
          method="post"
          action={action}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            form.delete("redirect_to");
            onRemove();
            void fetcher.submit(form, { method: "post", action });
          }}
        >
          <input type="hidden" name="intent" value="unsave-search" />
          <input type="hidden" name="query" value={item.query} />
          <input type="hidden" name="redirect_to" value={`${action}#${GUEST_PANEL_ID}`} />
          <button type="submit" className={styles.secondary} aria-label={named(t("savedSearches.delete"))}>
            {t("savedSearches.delete")}
          </button>
        </fetcher.Form>
      </div>
    </article>
  );
}
