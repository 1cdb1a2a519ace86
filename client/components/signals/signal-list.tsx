import { Link } from "react-router";
import type { ApiSignal, ApiSignalAccount } from "#shared/api/signals.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./signal-list.module.css";

/** Another account behind the same number, linked to its back-office page, with its state. */
function Account({ account }: { account: ApiSignalAccount }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const number = t("adminUsers.signal.account", { id: account.id });
  // A deleted account has no name left: its number stands in for it.
  const notes = [
    account.name ? number : null,
    account.blocked ? t("adminUsers.signal.blocked") : null,
    account.deleted ? t("adminUsers.signal.deleted") : null,
  ].filter(Boolean);
  return (
    <li>
      <Link to={lp(privatePaths.admin.user(account.id))}>{account.name || number}</Link>
      {notes.length ? <span className={styles.muted}> ({notes.join(", ")})</span> : null}
    </li>
  );
}

/** One signal: a short label, what it found, and links to what to look at. */
function Signal({ signal }: { signal: ApiSignal }) {
  const { t } = useI18n();
  const f = useFormat();
  const lp = useLocalePath();
  const label = <span className={styles.label}>{t(`adminUsers.signal.label.${signal.code}`)}:</span>;
  switch (signal.code) {
    case "many_places":
      return (
        <li data-signal={signal.code}>
          {label} {t("adminUsers.signal.many_places", { listings: signal.listings, places: signal.places })}
        </li>
      );
    case "shared_phone":
      return (
        <li data-signal={signal.code}>
          {label} {t("adminUsers.signal.shared_phone", { count: signal.count })}
          <ul className={styles.accounts}>
            {signal.accounts.map((account) => (
              <Account key={account.id} account={account} />
            ))}
          </ul>
        </li>
      );
    case "photo_match":
      return (
        <li data-signal={signal.code}>
          {label} {t("adminUsers.signal.photo_match", { photos: signal.photos })}{" "}
          <Link to={lp(signal.listing.path)}>{t("adminUsers.signal.listing", { id: signal.listing.id })}</Link>
        </li>
      );
    case "low_price":
      return (
        <li data-signal={signal.code}>
          {label}{" "}
          {t("adminUsers.signal.low_price", {
            price: f.pricePerM2(signal.price_m2),
            median: f.pricePerM2(signal.median_price_m2),
            count: signal.sample_size,
            scope: signal.scope,
          })}
        </li>
      );
  }
}

/**
 * What should make staff look twice at an account or a listing (decision 088), as a short labelled list;
 * nothing when there is nothing (`empty` says so instead, where the absence is worth stating). `headingId`:
 * its heading's id, unique on the page.
 */
export function SignalList({
  signals,
  headingId,
  level = 3,
  empty = false,
}: {
  signals: readonly ApiSignal[];
  headingId: string;
  level?: 2 | 3;
  empty?: boolean;
}) {
  const { t } = useI18n();
  if (!signals.length && !empty) return null;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    // Not a region: every card of the queue has one, and landmarks must differ by name.
    <div className={styles.signals} data-testid="signals">
      <Heading id={headingId}>{t("adminUsers.signal.heading")}</Heading>
      {signals.length ? (
        <ul className={styles.list}>
          {signals.map((signal) => (
            <Signal key={signal.code} signal={signal} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t("adminUsers.signal.none")}</p>
      )}
    </div>
  );
}
