import type { ApiTrustFigures } from "#shared/api/trust.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./trust.module.css";

/** One figure: its name, its value (or "not enough data yet" and why), what it means, how it is measured. */
function Figure({
  id,
  label,
  value,
  unknown,
  detail,
  means,
  measured,
}: {
  id: string;
  label: string;
  /** null: too little data for the figure to mean anything. */
  value: string | null;
  /** Why there is no value, for a figure that may have none. */
  unknown?: string;
  detail?: string;
  means: string;
  measured: string;
}) {
  const { t } = useI18n();
  return (
    <div className={styles.figure} data-figure={id}>
      <dt>{label}</dt>
      {value === null ? (
        <>
          <dd className={styles.unknown}>{t("trust.notEnough")}</dd>
          {unknown ? <dd className={styles.note}>{unknown}</dd> : null}
        </>
      ) : (
        <dd className={styles.value}>{value}</dd>
      )}
      {value !== null && detail ? <dd className={styles.detail}>{detail}</dd> : null}
      <dd>{means}</dd>
      <dd className={styles.note}>{measured}</dd>
    </div>
  );
}

/**
 * The four figures of `/trust/` (decision 089) as a definition list, each large and plain with one
 * sentence of what it means and one of how it is measured, and the time they were computed.
 */
export function TrustFigures({ figures }: { figures: ApiTrustFigures }) {
  const { t, intl } = useI18n();
  const number = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1 });
  const days = { days: figures.confirmed_days };
  const window = { days: figures.window_days };
  const fewListings = t("trust.notEnoughListings", { min: figures.min_sample });
  return (
    <section aria-labelledby="trust-figures">
      <h2 id="trust-figures">{t("trust.figures")}</h2>
      <p className={styles.asOf}>
        {t("trust.asOf", {
          time: intl.formatDate(figures.as_of, { dateStyle: "long", timeStyle: "short" }),
        })}
      </p>
      <dl className={styles.figures}>
        <Figure
          id="confirmed"
          label={t("trust.confirmed.label", days)}
          value={
            figures.confirmed_7d_share === null
              ? null
              : intl.formatNumber(figures.confirmed_7d_share, { style: "percent", maximumFractionDigits: 0 })
          }
          unknown={fewListings}
          detail={t("trust.confirmed.detail", { confirmed: figures.confirmed_7d, active: figures.active_listings })}
          means={t("trust.confirmed.means", days)}
          measured={t("trust.confirmed.measured")}
        />
        <Figure
          id="age"
          label={t("trust.age.label")}
          value={
            figures.median_days_since_confirmation === null
              ? null
              : t("trust.age.value", { days: figures.median_days_since_confirmation })
          }
          unknown={fewListings}
          means={t("trust.age.means")}
          measured={t("trust.age.measured")}
        />
        <Figure
          id="reports"
          label={t("trust.reports.label", window)}
          value={number(figures.taken_down_after_reports_30d)}
          detail={
            figures.taken_down_after_reports_30d
              ? t("trust.reports.detail", {
                  hidden: figures.hidden_by_reports_30d,
                  upheld: figures.upheld_by_moderators_30d,
                })
              : undefined
          }
          means={t("trust.reports.means")}
          measured={t("trust.reports.measured")}
        />
        <Figure
          id="moderation"
          label={t("trust.moderation.label")}
          value={
            figures.median_hours_to_moderation === null
              ? null
              : t("trust.moderation.value", { hours: figures.median_hours_to_moderation })
          }
          unknown={t("trust.notEnoughDecisions", { min: figures.min_sample, days: figures.window_days })}
          means={t("trust.moderation.means")}
          measured={t("trust.moderation.measured", window)}
        />
      </dl>
      <p className={styles.note}>{t("trust.caveat")}</p>
    </section>
  );
}
