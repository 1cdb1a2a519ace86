import { Form, useLocation } from "react-router";
import { AUTH_ROUTE_PATH, withoutAuthParams } from "#client/components/auth-dialog/auth-view.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { forgetVisitor } from "#client/visitor-answer.ts";
import styles from "./site-header.module.css";

/** The header's sign-out button: a form posting to the auth route, back to this page afterwards. */
export default function SignOutForm() {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action={lp(AUTH_ROUTE_PATH)} className={styles.signOutForm} onSubmit={forgetVisitor}>
      <input type="hidden" name="intent" value="signout" />
      <input type="hidden" name="return_to" value={withoutAuthParams(pathname, search)} />
      <button type="submit" className={styles.signOut} title={t("auth.header.signout")}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 8l-4 4 4 4M6 12h10"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden">{t("auth.header.signout")}</span>
      </button>
    </Form>
  );
}
