import { Link } from "react-router";
import { type StaticPage, STATIC_PAGES } from "#shared/paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";

const FOOTER_PAGES: StaticPage[] = [
  "agencies",
  "about",
  "faq",
  "privacyPolicy",
  "userAgreement",
  "moderationAdvice",
  "adCreationPolicy",
  "safety",
  "trust",
];

/**
 * The footer's links and note: the same on every page, so its code loads after the first load. The note's
 * class comes from the footer, which keeps the stylesheet (and its class names) in the first load.
 */
export default function SiteFooterLinks({ noteClassName }: { noteClassName?: string }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <>
      <nav aria-label={t("nav.footer")}>
        <ul>
          {FOOTER_PAGES.map((page) => (
            <li key={page}>
              <Link to={lp(STATIC_PAGES[page])}>{t(`page.${page}.title`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className={noteClassName}>{t("footer.note", { year: new Date().getFullYear() })}</p>
    </>
  );
}
