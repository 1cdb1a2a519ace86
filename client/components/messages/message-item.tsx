import { Link } from "react-router";
import type { MessageWarning } from "#shared/message-warning.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { MessageText } from "./message-text.tsx";
import type { MessageMark } from "./thread-state.ts";
import styles from "./messages.module.css";

/** A message of the thread: the other person's, or one's own (with its mark; "sending" while on its way). */
export interface ShownMessage {
  /** The element's id: `message-{id}`, or `outgoing-{key}` for one on its way. */
  domId: string;
  text: string;
  created_at: string;
  mine: boolean;
  mark: MessageMark | null;
  /** What its recipient is warned of (decision 083); never set on one's own. */
  warning: MessageWarning | null;
}

/** The marks' shapes: a clock while sending, one tick when stored, two when delivered, two filled when read. */
function MarkIcon({ mark }: { mark: MessageMark }) {
  return (
    <svg className={styles.markIcon} viewBox="0 0 20 12" width="20" height="12" aria-hidden="true" focusable="false">
      {mark === "sending" ? (
        <>
          <circle cx="10" cy="6" r="5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10 3.5V6l1.75 1.25" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </>
      ) : (
        <>
          <path d="M1.5 6.5 5 10l6.5-8" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          {mark === "sent" ? null : (
            <path d="M8 9.25 9 10l6.5-8" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          )}
        </>
      )}
    </svg>
  );
}

/**
 * One message in the thread's list: who wrote it and when in words for screen readers (the visible time
 * repeats it), the text rendered inert with its line breaks, and one's own message's mark as an icon with
 * its word; under the other person's message that asks for money ahead or to move to another messenger, a
 * calm warning and the link to the safety advice.
 */
export function MessageItem({
  message,
  otherName,
  time,
  safetyPath,
}: {
  message: ShownMessage;
  otherName: string;
  /** The clock time shown. */
  time: string;
  /** The safety advice's page in the reader's language. */
  safetyPath: string;
}) {
  const { t } = useI18n();
  const { mark } = message;
  return (
    <li
      id={message.domId}
      tabIndex={-1}
      className={message.mine ? `${styles.message} ${styles.mine}` : `${styles.message} ${styles.theirs}`}
      data-testid="message"
      data-mine={message.mine || undefined}
      data-mark={mark ?? undefined}
    >
      <span className="visually-hidden">
        {message.mine ? t("messages.thread.mine", { time }) : t("messages.thread.theirs", { name: otherName, time })}
      </span>
      <p className={styles.text}>
        <MessageText text={message.text} />
      </p>
      {message.warning ? (
        <p className={styles.warning} data-testid="message-warning" data-warning={message.warning}>
          {t(`messages.warning.${message.warning}`)} <Link to={safetyPath}>{t("messages.warning.more")}</Link>
        </p>
      ) : null}
      <p className={styles.meta}>
        <time dateTime={message.created_at} aria-hidden="true">
          {time}
        </time>
        {mark ? (
          <span className={`${styles.mark} ${styles[mark] ?? ""}`} data-testid="mark">
            <MarkIcon mark={mark} />
            <span className="visually-hidden">{t(`messages.mark.${mark}`)}</span>
          </span>
        ) : null}
      </p>
    </li>
  );
}
