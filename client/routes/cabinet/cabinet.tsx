import { Form, Link } from "react-router";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { AUTH_ROUTE_PATH } from "#client/components/auth-dialog/auth-view.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireUser } from "#client/guards.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/cabinet";
import styles from "./cabinet.module.css";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";

/** The messages this page shows beyond the site-wide ones: it names every section by its heading and lead. */
const MESSAGES = pageScopes(["cabinet", "cabinetPersonal", "cabinetFavourites"], "cabinet");

/** SPEC §6: signed-in users only. The cabinet's front page: who is signed in and the way to each section. */
export const loader = withMessages(MESSAGES, function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return { name: user.name, phoneVerified: user.phone_verified };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "cabinet", {}, { indexable: false });

// Only sections with content: the favourites page shows a signed-in visitor's account favourites.
const SECTIONS = [
  { key: "cabinetPersonal", to: privatePaths.cabinet.personal() },
  { key: "cabinetFavourites", to: paths.page("favourites") },
] as const;

export default function Cabinet({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <>
      <PageIntro pageKey="cabinet">
        <p className={styles.greeting}>
          {loaderData.name ? t("cabinet.greeting", { name: loaderData.name }) : t("cabinet.greetingNoName")}
        </p>
      </PageIntro>
      {!loaderData.phoneVerified ? (
        <p className={styles.notice}>
          {t("cabinet.verifyPhoneNotice")}{" "}
          <Link to={`${lp(privatePaths.cabinet.personal())}?verify=phone`}>{t("cabinet.verifyPhoneLink")}</Link>
        </p>
      ) : null}
      <nav aria-label={t("cabinet.sections")}>
        <ul className={styles.sections}>
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <Link to={lp(section.to)} className={styles.section}>
                <span className={styles.sectionTitle}>{t(`page.${section.key}.heading`)}</span>
                <span className={styles.sectionLead}>{t(`page.${section.key}.lead`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" action={lp(AUTH_ROUTE_PATH)} className={styles.signOut}>
        <input type="hidden" name="intent" value="signout" />
        <button type="submit" className={styles.signOutButton}>
          {t("auth.header.signout")}
        </button>
      </Form>
    </>
  );
}
