import { useId } from "react";
import type { ApiStatisticsDay } from "#shared/api/cabinet.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import styles from "./stats-chart.module.css";

/** A counter of a day the chart draws. */
export type StatsSeries = Exclude<keyof ApiStatisticsDay, "day">;

/** Bar slots of the drawing's coordinate space: one per day, the bar a little narrower than its slot. */
const SLOT = 10;
const BAR = 8;
const HEIGHT = 40;

/** A `YYYY-MM-DD` UTC day in the page's language. */
export function useDayFormat() {
  const { intl } = useI18n();
  return (day: string, month: "short" | "long" = "short") =>
    intl.formatDate(`${day}T00:00:00Z`, { day: "numeric", month, timeZone: "UTC" });
}

/**
 * Small multiples of daily counts (decision 038): one row of bars per series, each scaled to its own
 * largest day, so a handful of messages reads beside hundreds of views. Plain SVG drawn on the server:
 * no script, no chart library; the drawing stretches to any width (320 px and up) and each row is an
 * image named by a summary of its numbers. The same numbers are in a table beside it (`StatsTable`).
 */
/** Any day's counts the chart and table draw (the owner's statistics, the back office's dashboard). */
type CountedDay = { day: string };
type CountOf<D> = { [K in keyof D]: D[K] extends number ? K : never }[keyof D] & string;

export function StatsChart<D extends CountedDay, K extends CountOf<D> = CountOf<D>>({
  days,
  series,
  labels,
  caption,
}: {
  days: D[];
  series: readonly K[];
  labels: Record<K, string>;
  /** What the drawing shows (the owner statistics' own words by default). */
  caption?: string;
}) {
  const { t } = useI18n();
  const f = useFormat();
  const date = useDayFormat();
  const from = date(days[0]!.day, "long");
  const to = date(days.at(-1)!.day, "long");
  const width = days.length * SLOT;

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.caption}>{caption ?? t("ownerStats.chart.caption", { from, to })}</figcaption>
      <ul className={styles.rows}>
        {series.map((key) => {
          const values = days.map((day) => day[key] as number);
          const total = values.reduce((sum, n) => sum + n, 0);
          const max = Math.max(...values);
          const peak = days[values.indexOf(max)]!.day;
          const summary =
            total === 0
              ? t("ownerStats.chart.none", { what: labels[key], from, to })
              : t("ownerStats.chart.summary", {
                  what: labels[key],
                  from,
                  to,
                  total: f.number(total),
                  max: f.number(max),
                  peak: date(peak, "long"),
                });
          return (
            <li key={key} className={styles.row} data-series={key}>
              <span className={styles.label} aria-hidden="true">
                {labels[key]} <span className={styles.total}>{f.number(total)}</span>
              </span>
              <svg
                role="img"
                aria-label={summary}
                viewBox={`0 0 ${width} ${HEIGHT}`}
                preserveAspectRatio="none"
                className={styles.bars}
              >
                <line x1="0" y1={HEIGHT - 0.5} x2={width} y2={HEIGHT - 0.5} className={styles.axis} />
                {values.map((value, i) => {
                  if (value === 0) return null;
                  // A day with anything at all shows at least a sliver.
                  const height = Math.max(2, Math.round((value / max) * HEIGHT));
                  return (
                    <rect
                      key={days[i]!.day}
                      x={i * SLOT + (SLOT - BAR) / 2}
                      y={HEIGHT - height}
                      width={BAR}
                      height={height}
                      className={styles.bar}
                    >
                      <title>{`${date(days[i]!.day)}: ${f.number(value)}`}</title>
                    </rect>
                  );
                })}
              </svg>
            </li>
          );
        })}
      </ul>
      <p className={styles.ends} aria-hidden="true">
        <span>{date(days[0]!.day)}</span>
        <span>{date(days.at(-1)!.day)}</span>
      </p>
    </figure>
  );
}

/** The chart's numbers, day by day, with the period's totals: what a screen reader or a printout reads. */
export function StatsTable<D extends CountedDay, K extends CountOf<D> = CountOf<D>>({
  days,
  series,
  labels,
  totals,
  caption,
  format,
}: {
  days: D[];
  series: readonly K[];
  labels: Record<K, string>;
  totals: Pick<D, K>;
  caption: string;
  /** How a column's numbers read (plain numbers by default). */
  format?: Partial<Record<K, (value: number) => string>>;
}) {
  const { t } = useI18n();
  const f = useFormat();
  const date = useDayFormat();
  const captionId = useId();
  return (
    // Scrolls sideways on its own on a narrow screen, not the page; reachable by keyboard to scroll.
    <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("ownerStats.table.date")}</th>
            {series.map((key) => (
              <th key={key} scope="col">
                {labels[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">
                <time dateTime={day.day}>{date(day.day)}</time>
              </th>
              {series.map((key) => (
                <td key={key}>{(format?.[key] ?? f.number)(day[key] as number)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("ownerStats.table.total")}</th>
            {series.map((key) => (
              <td key={key}>{(format?.[key] ?? f.number)(totals[key] as number)}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
