import { type FormEvent, useEffect, useRef } from "react";
import { Form, useFetcher, type FetcherWithComponents } from "react-router";
import { CONVERSATION_REPORT_REASONS, type ApiConversation } from "#shared/api/messages.ts";
import { REPORT_TEXT_MAX } from "#shared/constants.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { otherName } from "./conversation-list.tsx";
import type { ThreadFailure, ThreadResult } from "./thread-actions.ts";
import styles from "./messages.module.css";

/** A form's post made in place: its fields without the page a plain post returns to (the answer comes back). */
function submitInPlace<T>(fetcher: FetcherWithComponents<T>, event: FormEvent<HTMLFormElement>, action: string) {
  event.preventDefault();
  const data = new FormData(event.currentTarget);
  data.delete("redirect_to");
  void fetcher.submit(data, { method: "post", action });
}

/** Each answer of a fetcher once. */
function useAnswer(fetcher: FetcherWithComponents<ThreadResult>, heard: (answer: ThreadResult) => void) {
  const last = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && fetcher.data !== last.current) {
      last.current = fetcher.data;
      heard(fetcher.data);
    }
  }, [fetcher.state, fetcher.data, heard]);
}

interface Props {
  conversation: ApiConversation;
  actionUrl: string;
  /** A plain form post of these forms that the API refused (the action's answer). */
  refused: ThreadFailure | null;
  /** What a post in place did, or why it was refused, for the thread's live region. */
  onAnswer: (answer: ThreadResult) => void;
  /** The block as it will be once the post on its way is answered (shown at once). */
  onBlocking: (blocked: ApiConversation["blocked"] | undefined) => void;
}

/**
 * A participant's safety tools (decision 039): block the other person (or lift one's own block) and
 * report the conversation with a reason. Plain form posts without JavaScript; in place with it.
 */
export function ThreadSafety({ conversation, actionUrl, refused, onAnswer, onBlocking }: Props) {
  const { t } = useI18n();
  const block = useFetcher<ThreadResult>();
  const report = useFetcher<ThreadResult>();
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);

  const pending = block.state !== "idle" ? block.formData?.get("intent") : null;
  useEffect(() => {
    onBlocking(pending === "block" ? { by_me: true } : pending === "unblock" ? null : undefined);
  }, [pending, onBlocking]);
  useAnswer(block, onAnswer);
  useAnswer(report, (answer) => {
    onAnswer(answer);
    // Reported: the form closes and the focus goes back to what opened it.
    if (answer.ok && details.current) {
      details.current.open = false;
      summary.current?.focus();
    }
  });

  const reportFailure =
    report.state === "idle" && report.data && !report.data.ok
      ? report.data
      : refused?.intent === "report"
        ? refused
        : null;
  const fieldError = (id: string | undefined) => (id ? t(id, { max: REPORT_TEXT_MAX }) : null);
  const reasonError = fieldError(reportFailure?.fields.reason);
  const textError = fieldError(reportFailure?.fields.text);
  const blocked = pending === "block" ? { by_me: true } : pending === "unblock" ? null : conversation.blocked;
  const name = otherName(t, conversation.other);
  // Only the one who blocked can lift the block; a closed conversation takes no messages anyway.
  const intent = blocked ? (blocked.by_me ? "unblock" : null) : conversation.closed ? null : "block";

  return (
    <div className={styles.safety}>
      {intent ? (
        <Form method="post" action={actionUrl} onSubmit={(event) => submitInPlace(block, event, actionUrl)}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="conversation_id" value={conversation.id} />
          <input type="hidden" name="redirect_to" value={actionUrl} />
          <button type="submit" className={styles.tool} data-testid={intent}>
            {t(`messages.action.${intent}`, { name })}
          </button>
        </Form>
      ) : null}
      <details ref={details} className={styles.report} open={Boolean(reportFailure) || undefined}>
        <summary ref={summary} className={styles.tool} data-testid="report">
          {t("messages.action.report")}
        </summary>
        <Form
          method="post"
          action={actionUrl}
          className={styles.reportForm}
          onSubmit={(event) => submitInPlace(report, event, actionUrl)}
          data-testid="report-form"
        >
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="conversation_id" value={conversation.id} />
          <input type="hidden" name="redirect_to" value={actionUrl} />
          {reportFailure?.error ? (
            <p className={styles.error} role="alert">
              {t(reportFailure.error)}
            </p>
          ) : null}
          <fieldset className={styles.reasons} aria-describedby={reasonError ? "report-reason-error" : undefined}>
            <legend>{t("messages.report.legend")}</legend>
            {CONVERSATION_REPORT_REASONS.map((reason) => (
              <label key={reason} className={styles.choice}>
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  required
                  defaultChecked={reportFailure?.reason === reason}
                />
                {t(`messages.report.reason.${reason}`)}
              </label>
            ))}
            {reasonError ? (
              <p id="report-reason-error" className={styles.error}>
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <label htmlFor="report-text">{t("messages.report.text")}</label>
          <textarea
            id="report-text"
            name="text"
            rows={3}
            maxLength={REPORT_TEXT_MAX}
            defaultValue={reportFailure?.text}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? "report-text-error" : undefined}
          />
          {textError ? (
            <p id="report-text-error" className={styles.error}>
              {textError}
            </p>
          ) : null}
          <button type="submit" className={styles.tool} disabled={report.state !== "idle"}>
            {t("messages.report.send")}
          </button>
        </Form>
      </details>
    </div>
  );
}
