import type { ApiPricePoint } from "#shared/api/realty.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
// The detail page's own stylesheet, loaded with the page: this module's code comes later (decision 082).
import styles from "#client/routes/listing-detail.module.css";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The change from `before` to `after` as a share (−0.05 for a cut of 5 %). */
const change = (before: number, after: number) => (after - before) / before;

/** Days since the first publication, and how far the price is below its first one (null when it is not). */
export function priceStory(history: readonly ApiPricePoint[], now: number) {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last) return null;
  return {
    days: Math.max(0, Math.floor((now - Date.parse(first.at)) / DAY_MS)),
    cut: last.price < first.price ? -change(first.price, last.price) : null,
  };
}

/** Under the price: days on the market and the cut since the first publication. */
export function PriceStory({ history, now }: { history: readonly ApiPricePoint[]; now: number }) {
  const { t, intl } = useI18n();
  const story = priceStory(history, now);
  if (!story) return null;
  const percent = (share: number) => intl.formatNumber(share, { style: "percent", maximumFractionDigits: 0 });
  return (
    <p className={styles.priceStory} data-testid="detail-price-story">
      {story.cut !== null ? (
        <>
          <strong>{t("detail.priceHistory.sinceFirst", { percent: percent(story.cut) })}</strong>
          <br />
        </>
      ) : null}
      {t("detail.priceHistory.onMarket", { days: story.days })}
    </p>
  );
}

/** Every price the listing has shown, oldest first: date, price, and the change from the one before. */
export function PriceHistory({ history, rent }: { history: readonly ApiPricePoint[]; rent: boolean }) {
  const { t, intl } = useI18n();
  const f = useFormat();
  const percent = (share: number) => intl.formatNumber(Math.abs(share), { style: "percent", maximumFractionDigits: 1 });
  return (
    <ol className={styles.priceTimeline} data-testid="price-history">
      {history.map((point, i) => {
        const before = history[i - 1];
        const share = before ? change(before.price, point.price) : 0;
        const price = f.price(point.price);
        return (
          <li key={i}>
            <time dateTime={point.at}>{intl.formatDate(point.at, { dateStyle: "medium" })}</time>
            <strong>{rent ? t("card.perMonth", { price }) : price}</strong>
            <span className={before && share < 0 ? styles.priceCut : styles.priceRise}>
              {before
                ? t(share < 0 ? "detail.priceHistory.cut" : "detail.priceHistory.rise", { percent: percent(share) })
                : t("detail.priceHistory.first")}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
