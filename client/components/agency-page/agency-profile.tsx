import { Link } from "react-router";
import { agencyPath } from "#shared/agency-paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { AgencyView } from "./agency-view.ts";
import styles from "./agency-page.module.css";

const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/** A median wait in the unit that reads best: minutes under an hour, hours under two days, then days. */
function waitText(minutes: number, t: (id: string, values?: Record<string, number>) => string) {
  if (minutes < HOUR_MINUTES) return t("agency.response.minutes", { count: minutes });
  if (minutes < 2 * DAY_MINUTES) return t("agency.response.hours", { count: Math.round(minutes / HOUR_MINUTES) });
  return t("agency.response.days", { count: Math.round(minutes / DAY_MINUTES) });
}

/**
 * An agency's profile above its listings (decision 103): its name and the licence badge once a moderator
 * checked its number (087), the number then, how to reach it, the languages it speaks, how it answers
 * messages and the cities it offers listings in (each a link to its listings there). Plain markup.
 */
export function AgencyProfile({ agency }: { agency: AgencyView }) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const { response } = agency;
  const since = intl.formatDate(agency.since, { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <header className={styles.profile}>
      <div className={styles.heading}>
        <h1>{agency.name}</h1>
        {agency.licensed ? (
          <span className={styles.licensed} data-testid="agency-licensed">
            {t("agency.licensed")}
          </span>
        ) : null}
      </div>
      <p className={styles.muted}>
        {t("agency.summary", { listings: agency.active_listings, members: agency.members, since })}
      </p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t("agency.licence")}</dt>
          <dd data-testid="agency-licence">
            {agency.licence_number
              ? t("agency.licence.checked", { number: agency.licence_number })
              : t(`agency.licence.${agency.licence === "refused" ? "refused" : "unchecked"}`)}
          </dd>
        </div>
        {agency.address || agency.phones.length || agency.website ? (
          <div className={styles.fact}>
            <dt>{t("agency.contacts")}</dt>
            {agency.address ? <dd>{agency.address}</dd> : null}
            {agency.phones.map((phone) => (
              <dd key={phone}>
                <a href={`tel:${phone}`}>{phone}</a>
              </dd>
            ))}
            {agency.website ? (
              <dd>
                <a href={agency.website} rel="nofollow noopener ugc" target="_blank">
                  {new URL(agency.website).host}
                </a>
              </dd>
            ) : null}
          </div>
        ) : null}
        {agency.languages.length ? (
          <div className={styles.fact}>
            <dt>{t("agency.languages")}</dt>
            <dd>{intl.formatList(agency.languages)}</dd>
          </div>
        ) : null}
        <div className={styles.fact} data-testid="agency-response">
          <dt>{t("agency.response", { days: response.window_days })}</dt>
          {response.answered_share !== null ? (
            <>
              <dd>
                {t("agency.response.share", {
                  share: intl.formatNumber(response.answered_share, { style: "percent" }),
                  answered: response.answered,
                  conversations: response.conversations,
                })}
              </dd>
              <dd>
                {response.median_reply_minutes !== null
                  ? t("agency.response.median", { wait: waitText(response.median_reply_minutes, t) })
                  : t("agency.response.none")}
              </dd>
            </>
          ) : (
            <dd className={styles.muted}>
              {t("agency.response.notEnough", { conversations: response.conversations })}
            </dd>
          )}
        </div>
        {agency.cities.length ? (
          <div className={styles.fact}>
            <dt>{t("agency.cities")}</dt>
            <dd>
              <ul className={styles.cities}>
                {agency.cities.map((city) => (
                  <li key={city.slug}>
                    <Link to={lp(`${agencyPath(agency.slug)}?city=${encodeURIComponent(city.slug)}`)}>
                      {t("agency.city", { city: city.name, count: city.listings })}
                    </Link>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </header>
  );
}
