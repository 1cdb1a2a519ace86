import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { privatePaths } from "#shared/private-paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { CheckStep } from "./check-step.tsx";
import { ConditionsStep } from "./conditions-step.tsx";
import { DescriptionStep } from "./description-step.tsx";
import { ParamsStep } from "./params-step.tsx";
import { PhotosStep } from "./photos-step.tsx";
import { TypeStep } from "./type-step.tsx";
import { WizardProgress } from "./wizard-progress.tsx";
import {
  isFieldStep,
  missingByStep,
  nextStep,
  previousStep,
  STEP_PARAM,
  stepOfField,
  stepTried,
  type WizardStep,
} from "./wizard-steps.ts";
import type { WizardData, WizardResult } from "./wizard-types.ts";
import styles from "./wizard.module.css";

/**
 * A step's section: its heading takes the focus when the step changes without a page load, so a
 * screen reader hears where it is (the document title names the step too); after a refused post the
 * first field with an error takes it.
 */
export function StepSection({
  step,
  result,
  children,
}: {
  step: WizardStep;
  /** A refused post: the focus goes to its first field with an error. */
  result?: WizardResult;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const shownStep = useRef<WizardStep | null>(null);
  // Rendered first in the browser (not hydrated from the server's HTML): the page came without a load.
  const navigated = useRef(useHydrated());
  useEffect(() => {
    const first = shownStep.current === null;
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (!first || navigated.current) heading.current?.focus();
  }, [step]);
  useEffect(() => {
    if (!result?.fields || result.step !== step) return;
    section.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result, step]);
  return (
    <section className={styles.step} aria-labelledby="wizard-step" ref={section}>
      <h2 id="wizard-step" ref={heading} tabIndex={-1}>
        {t(`wizard.step.${step}`)}
      </h2>
      {children}
    </section>
  );
}

/** `/listing/edit/{id}/`: the listing's state, the steps, and the step asked for. */
export function WizardPage({ data, result }: { data: WizardData; result?: WizardResult }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { id, listing, options, notice } = data;
  const step = result?.step ?? data.step;
  const href = (s: WizardStep) => `${lp(privatePaths.listing.edit(id))}?${STEP_PARAM}=${s}`;
  const required = options.listing.types.find((x) => x.id === listing.type_id)?.required ?? [];
  const missing = missingByStep(listing, required);
  // Steps the last post was refused for: a step's own fields, or on submitting, the steps of the missing ones.
  const refused = new Set(
    Object.keys(result?.fields ?? {}).map((f) => (result?.step === "check" ? stepOfField(f) : result!.step)),
  );
  const state = (s: WizardStep): "done" | "missing" | null => {
    if (refused.has(s)) return "missing";
    if (s === "type") return "done";
    if (s === "photos") return listing.photo_count > 0 ? "done" : null;
    if (s === "check") return listing.status === "draft" ? null : "done";
    if (!isFieldStep(s) || !stepTried(listing, s)) return null;
    return missing[s]?.length ? "missing" : "done";
  };
  const props = { listing, options, result: result?.step === step ? result : undefined };
  const previous = previousStep(step);
  const back = previous ? href(previous) : "";

  return (
    <>
      <div className={styles.status}>
        {listing.title ? <p>{listing.title}</p> : null}
        <p>{t("listingState.label", { status: listing.status })}</p>
        {listing.status === "rejected" && listing.rejection_reason ? (
          <p className={styles.error}>{t("wizard.rejected", { reason: listing.rejection_reason })}</p>
        ) : null}
        {listing.status === "active" ? <p className={styles.hint}>{t("wizard.activeHint")}</p> : null}
        {listing.revision?.status === "pending" ? (
          <p className={styles.hint} data-testid="changes-pending">
            {t("wizard.changesPending")}
          </p>
        ) : null}
        {listing.revision?.status === "rejected" ? (
          <p className={styles.error} data-testid="changes-rejected">
            {t("wizard.changesRejected", {
              reason:
                listing.revision.rejection_reason ??
                (listing.revision.rejection_code
                  ? t(`moderation.rejectionCode.${listing.revision.rejection_code}`)
                  : "—"),
            })}
          </p>
        ) : null}
        {notice ? (
          <p className={styles.notice} role="status">
            {t(`wizard.notice.${notice}`)}
          </p>
        ) : null}
      </div>
      <WizardProgress current={step} href={href} state={state} />
      <StepSection step={step} result={result}>
        {step === "type" ? (
          <TypeStep options={options} typeId={listing.type_id} result={props.result} changing />
        ) : step === "params" ? (
          <ParamsStep step={props} back={back} />
        ) : step === "description" ? (
          <DescriptionStep step={props} back={back} />
        ) : step === "conditions" ? (
          <ConditionsStep step={props} back={back} />
        ) : step === "photos" ? (
          <>
            <PhotosStep listingId={id} data={data.photos ?? { photos: [] }} result={result?.photos} />
            <div className={styles.buttons}>
              <Link to={href(nextStep("photos"))} className={styles.primary}>
                {t("wizard.next")}
              </Link>
              <Link to={back} className={styles.secondary}>
                {t("wizard.back")}
              </Link>
            </div>
          </>
        ) : (
          <CheckStep step={props} stepHref={href} photos={data.photos?.photos ?? []} />
        )}
      </StepSection>
    </>
  );
}
