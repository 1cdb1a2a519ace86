import { Link } from "react-router";
import { agencyPath } from "#shared/agency-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import styles from "#client/components/agency-page/agency-page.module.css";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/agencies";

/**
 * `/agencies/`: the agencies with listings on the site, by the cities they have them in (`GET
 * /api/agencies`, decision 103), each linked to its page — that city's listings of it. Plain links.
 */
export const loader = withTexts(
  pageTextScopes(["agencies"], "agencies", "agency.licensed"),
  async function loader({ context }: Route.LoaderArgs) {
    const result = await context.get(appContext).api.agencyDirectory();
    if (!result.ok) throw unavailable();
    return { cities: result.data.data.cities };
  },
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, "agencies");

export default function Agencies({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { cities } = loaderData;
  return (
    <div className={styles.directory}>
      <PageIntro pageKey="agencies" />
      {cities.length === 0 ? <p>{t("agencies.none")}</p> : null}
      {cities.map((city) => (
        <section key={city.slug} className={styles.city} aria-labelledby={`city-${city.slug}`}>
          <h2 id={`city-${city.slug}`}>{city.name}</h2>
          <ul className={styles.agencies}>
            {city.agencies.map((agency) => (
              <li key={agency.slug} className={styles.agency}>
                <Link to={lp(`${agencyPath(agency.slug)}?city=${encodeURIComponent(city.slug)}`)}>{agency.name}</Link>
                {agency.licensed ? <span className={styles.licensed}> {t("agency.licensed")}</span> : null}
                <p className={styles.muted}>{t("agencies.listings", { count: agency.listings })}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
