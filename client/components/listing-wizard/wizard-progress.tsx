import { Link } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import { WIZARD_STEPS, type WizardStep } from "./wizard-steps.ts";
import styles from "./wizard.module.css";

/**
 * Every step in order, each a link once the listing exists (the current one `aria-current="step"`),
 * marked done or with missing required fields.
 */
export function WizardProgress({
  current,
  href,
  state,
}: {
  current: WizardStep;
  /** A step's address; null before the listing exists. */
  href: ((step: WizardStep) => string) | null;
  state: (step: WizardStep) => "done" | "missing" | null;
}) {
  const { t } = useI18n();
  return (
    <nav className={styles.progress} aria-label={t("wizard.progress")}>
      <ol>
        {WIZARD_STEPS.map((step) => {
          const mark = state(step);
          const name = t(`wizard.step.${step}`);
          const note = mark ? (
            <span className={mark === "done" ? styles.done : styles.missing}>
              {" "}
              <span aria-hidden="true">{mark === "done" ? "✓" : "!"}</span>
              <span className="visually-hidden">{t(`wizard.progress.${mark}`)}</span>
            </span>
          ) : null;
          return (
            <li key={step}>
              {href ? (
                <Link to={href(step)} aria-current={step === current ? "step" : undefined}>
                  {name}
                </Link>
              ) : (
                <span aria-current={step === current ? "step" : undefined}>{name}</span>
              )}
              {note}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
