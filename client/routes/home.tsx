import { Suspense } from "react";
import { Await, Form, Link } from "react-router";
import type { ApiCity } from "#shared/api-client.ts";
import { paths } from "#shared/paths.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import { requestContext } from "#worker/request-context.ts";
import type { Route } from "./+types/home";
import styles from "./home.module.css";

const POPULAR_CITY_COUNT = 12;

/** The city list is secondary: it streams in after the shell instead of holding it back. */
export function loader({ context }: Route.LoaderArgs) {
  const cities: Promise<ApiCity[] | null> = context
    .get(requestContext)
    .api.cities()
    .then((result) => (result.ok ? result.data.items.slice(0, POPULAR_CITY_COUNT) : null));
  return { cities };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "home");

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <>
      <PageIntro pageKey="home">
        <Form method="get" action={lp(paths.search())} role="search" className={styles.search}>
          <label htmlFor="home-q" className="visually-hidden">
            {t("home.searchLabel")}
          </label>
          <input id="home-q" name="q" type="search" placeholder={t("home.searchPlaceholder")} enterKeyHint="search" />
          <button type="submit">{t("home.searchButton")}</button>
        </Form>
      </PageIntro>
      <section aria-labelledby="popular-cities" className={styles.cities}>
        <h2 id="popular-cities">{t("home.popularCities")}</h2>
        <Suspense fallback={<p aria-busy="true">{t("common.loading")}</p>}>
          <Await resolve={loaderData.cities} errorElement={<p>{t("home.citiesUnavailable")}</p>}>
            {(cities) =>
              cities?.length ? (
                <ul data-testid="popular-cities">
                  {cities.map((city) => (
                    <li key={city.slug}>
                      <Link to={lp(paths.list("sale", "apartment", city.slug))}>{city.name}</Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t("home.citiesUnavailable")}</p>
              )
            }
          </Await>
        </Suspense>
      </section>
    </>
  );
}
