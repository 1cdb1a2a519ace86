import { useFetcher, useLocation } from "react-router";
import { paths } from "#shared/paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { useVisitor } from "#client/visitor.ts";
import styles from "./favourite-button.module.css";

/**
 * Saves a listing to favourites or removes it. A form posting to the favourites page, so it works
 * without JavaScript (the action sends the visitor back here); with JavaScript it posts in the
 * background and shows the new state at once.
 */
export function FavouriteButton({
  listingId,
  variant = "overlay",
}: {
  listingId: number;
  variant?: "overlay" | "inline";
}) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  const { favourites } = useVisitor();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent");
  const saved = pending ? pending === "add" : favourites.includes(listingId);
  const label = saved ? t("favourites.remove") : t("favourites.add");

  return (
    <fetcher.Form
      method="post"
      action={lp(paths.page("favourites"))}
      className={styles.form}
      // A kept page's hearts are written in at the edge for a browser without JavaScript (decision 094).
      data-favourite={listingId}
      onSubmit={(event) => {
        // In the background: without `redirect_to` the action answers instead of sending us back.
        event.preventDefault();
        fetcher.submit(
          { id: listingId, intent: saved ? "remove" : "add" },
          { method: "post", action: lp(paths.page("favourites")) },
        );
      }}
    >
      <input type="hidden" name="id" value={listingId} />
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="redirect_to" value={pathname + search} />
      <button
        type="submit"
        className={variant === "overlay" ? styles.overlay : styles.inline}
        aria-pressed={saved}
        aria-label={variant === "overlay" ? label : undefined}
        title={label}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
            fill={saved ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {/* The edge may have written the visitor's label; the app renders the same once it has their state. */}
        {variant === "inline" ? <span suppressHydrationWarning>{label}</span> : null}
      </button>
    </fetcher.Form>
  );
}
