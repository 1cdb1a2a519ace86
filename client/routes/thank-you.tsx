import { Link, useSearchParams } from "react-router";
import { paths } from "#shared/paths.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import styles from "#client/components/static-page/static-page.module.css";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import type { Route } from "./+types/thank-you";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["thankYou"], "static");
export const loader = withTexts(MESSAGES, () => ({}));

/** `/thank-you/`: where a sent form lands (`?sent=question` from the question form). Not indexed. */
export const meta: Route.MetaFunction = (args) => pageMeta(args, "thankYou", {}, { indexable: false });

export default function ThankYou() {
  const { t } = useI18n();
  const lp = useLocalePath();
  const [params] = useSearchParams();
  const question = params.get("sent") === "question";
  return (
    <div className={styles.page}>
      <PageIntro pageKey="thankYou" />
      <div className={styles.text}>
        <p role="status">{question ? t("static.thankYou.question") : t("static.thankYou.generic")}</p>
        <h2>{t("static.thankYou.next")}</h2>
        <ul>
          <li>
            <Link to={lp(paths.search())}>{t("static.thankYou.search")}</Link>
          </li>
          <li>
            <Link to={lp(paths.media())}>{t("static.thankYou.media")}</Link>
          </li>
          <li>
            <Link to={lp(paths.page("faq"))}>{t("static.thankYou.faq")}</Link>
          </li>
          <li>
            <Link to={lp(paths.home())}>{t("static.thankYou.home")}</Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
