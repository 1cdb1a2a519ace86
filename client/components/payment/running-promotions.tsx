import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { ApiListingOptions } from "#shared/api/payments.ts";
import type { Placement } from "#shared/products.ts";
import { ConfirmDialog } from "#client/components/confirm-dialog/confirm-dialog.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { paymentHref } from "./payment-links.ts";
import { usePaymentText } from "./payment-text.ts";
import styles from "./payment.module.css";

/** What the page's action answered to stopping a placement: done, or why not (a message id). */
export interface StopAnswer {
  stop: { placement: Placement | null; done: boolean; error?: string };
}

type Run = ApiListingOptions["active"][number];

/**
 * The placements running now for one's own listing, each with a way to stop it early (decision 040).
 * Without JavaScript "Stop" opens a confirmation on the page (`?stop=`) whose form posts to the page's
 * action; with it a modal dialog asks and a fetcher stops it in place, the page's data then reloading.
 */
export function RunningPromotions({
  listingId,
  active,
  currency,
  stopping,
  answer,
}: {
  listingId: number;
  active: Run[];
  currency: string;
  stopping: Placement | null;
  answer: StopAnswer["stop"] | null;
}) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const text = usePaymentText();
  const fetcher = useFetcher<StopAnswer>();
  const [asking, setAsking] = useState<Run | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const formAction = lp(paymentHref({ listingId }));
  // The answer of the in-place stop when there is one, else that of the page's own post.
  const result = fetcher.data?.stop ?? answer;
  const busy = fetcher.state !== "idle";

  // The stopped placement's button is gone: the focus goes to the section, where the status is read.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.stop.done) heading.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const stop = (placement: Placement) =>
    void fetcher.submit({ realty_id: String(listingId), stop: placement }, { method: "post", action: formAction });

  return (
    <section aria-labelledby="payment-running" className={styles.section}>
      <h2 id="payment-running" ref={heading} tabIndex={-1} className={styles.runningHeading}>
        {t("payment.running.heading")}
      </h2>
      <div role="status" className={styles.stopStatus} data-testid="payment-stop-status">
        {result?.done && result.placement
          ? t("payment.stop.done", { placement: text.placement(result.placement) })
          : null}
      </div>
      {result?.error ? (
        <p className={styles.error} role="alert" data-testid="payment-stop-refused">
          {t(result.error)}
        </p>
      ) : null}
      {active.length ? (
        <ul className={styles.running} data-testid="payment-running">
          {active.map((run) => {
            const placement = text.placement(run.placement);
            return (
              <li key={run.placement} data-placement={run.placement}>
                {t("payment.running.until", { placement, date: text.dateTime(run.ends_at) })}
                {stopping === run.placement ? (
                  <div
                    className={styles.stopConfirm}
                    id={`stop-${run.placement}`}
                    role="group"
                    aria-labelledby={`stop-${run.placement}-heading`}
                    data-testid="payment-stop-confirm"
                  >
                    <p id={`stop-${run.placement}-heading`}>
                      <strong>{t("payment.stop.heading", { placement })}</strong>
                    </p>
                    <StopTerms run={run} currency={currency} />
                    <div className={styles.stopActions}>
                      <Form method="post" action={formAction}>
                        <input type="hidden" name="realty_id" value={listingId} />
                        <input type="hidden" name="stop" value={run.placement} />
                        <button type="submit" className={styles.danger} disabled={busy}>
                          {t("payment.stop.confirm")}
                        </button>
                      </Form>
                      <Link to={formAction} className={styles.stopLink}>
                        {t("payment.stop.cancel")}
                      </Link>
                    </div>
                  </div>
                ) : (
                  <Link
                    to={`${lp(paymentHref({ listingId, stop: run.placement }))}#stop-${run.placement}`}
                    className={styles.stopLink}
                    data-testid="payment-stop"
                    onClick={(event: MouseEvent) => {
                      event.preventDefault();
                      setAsking(run);
                    }}
                  >
                    {t("payment.stop.action", { placement })}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p data-testid="payment-running-none">{t("payment.running.none")}</p>
      )}
      <p className={styles.note}>{t("payment.running.stack")}</p>
      <ConfirmDialog
        open={asking !== null}
        id="stop-promotion"
        heading={asking ? t("payment.stop.heading", { placement: text.placement(asking.placement) }) : null}
        cancel={t("payment.stop.cancel")}
        confirm={t("payment.stop.confirm")}
        onConfirm={() => {
          if (asking) stop(asking.placement);
        }}
        onClose={() => setAsking(null)}
      >
        {asking ? <StopTerms run={asking} currency={currency} /> : null}
      </ConfirmDialog>
    </section>
  );
}

/** What stopping means: it ends now, not at its end, and what comes back. */
function StopTerms({ run, currency }: { run: Run; currency: string }) {
  const { t } = useI18n();
  const text = usePaymentText();
  return (
    <>
      <p>{t("payment.stop.ends", { placement: text.placement(run.placement), date: text.dateTime(run.ends_at) })}</p>
      <p data-testid="payment-stop-refund">
        {run.refund > 0
          ? t("payment.stop.refund", { amount: text.money(Math.round(run.refund * 100), currency) })
          : t("payment.stop.noRefund")}
      </p>
    </>
  );
}
