import { useLocation, useNavigate } from "react-router";
import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from "#shared/constants.ts";
import { DEFAULT_LOCALE, type Locale, LOCALES, switchLocale } from "#shared/locales.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./language-switcher.module.css";

/** The `?locale=` choice the worker stores as the cookie (worker/middleware/locale.ts). */
const CHOICE_PARAM = "locale";

function targetOf(pathname: string, search: string, locale: Locale) {
  const query = new URLSearchParams(search);
  query.delete(CHOICE_PARAM);
  const qs = query.toString();
  return switchLocale(pathname, locale) + (qs ? `?${qs}` : "");
}

/**
 * Links to the current page in each language. Without JavaScript the English link carries
 * `?locale=en` so the worker replaces a stored ru/sr choice (prefixed URLs store theirs on arrival);
 * with JavaScript the click writes the cookie and navigates in place.
 */
export function LanguageSwitcher() {
  const { t, locale: current } = useI18n();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  return (
    <nav aria-label={t("nav.language")} className={styles.switcher}>
      <ul>
        {LOCALES.map((l) => {
          const target = targetOf(pathname, search, l.code);
          const href =
            l.code === DEFAULT_LOCALE
              ? `${target}${target.includes("?") ? "&" : "?"}${CHOICE_PARAM}=${l.code}`
              : target;
          return (
            <li key={l.code}>
              <a
                href={href}
                hrefLang={l.code}
                lang={l.code}
                aria-current={l.code === current ? "true" : undefined}
                title={l.nativeName}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  document.cookie = `${LOCALE_COOKIE_NAME}=${l.code}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
                  navigate(target);
                }}
              >
                <span aria-hidden="true">{l.code.toUpperCase()}</span>
                <span className="visually-hidden">{l.nativeName}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
