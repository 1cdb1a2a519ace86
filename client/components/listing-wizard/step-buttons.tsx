import { Link, useNavigation } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./wizard.module.css";

/** A step's "Back" link (saved data stays) and its submit button, which shows that it is saving. */
export function StepButtons({ intent, back, label }: { intent: string; back?: string | null; label?: string }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <div className={styles.buttons}>
      <button
        type="submit"
        name="intent"
        value={intent}
        className={styles.primary}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        {busy ? t("wizard.saving") : (label ?? t("wizard.next"))}
      </button>
      {back ? (
        <Link to={back} className={styles.secondary} prefetch="none">
          {t("wizard.back")}
        </Link>
      ) : null}
    </div>
  );
}
