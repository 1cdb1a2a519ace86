import { type FormEvent, type KeyboardEvent, type Ref, useState } from "react";
import { Form } from "react-router";
import { MESSAGE_MAX_LENGTH } from "#shared/constants.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import styles from "./messages.module.css";

/** How close to the limit the counter speaks up: from 100 characters left, 20, none. */
const BANDS = [100, 20, 0];

interface Props {
  conversationId: number;
  /** The page the form posts to (and, without JavaScript, returns to). */
  actionUrl: string;
  text: string;
  onText: (text: string) => void;
  /** With JavaScript: sends the text in place (the box is emptied by the thread). */
  onSend: (text: string) => void;
  /** A message id: why the last message was refused. */
  error: string | null;
  /** The values the error's message names (the limit). */
  errorValues?: Record<string, string | number>;
  textarea: Ref<HTMLTextAreaElement>;
}

/**
 * The reply box (decision 039): 1–MESSAGE_MAX_LENGTH characters with a counter, Enter for a new line and
 * Ctrl/Cmd+Enter to send, and a send button. A plain form post without JavaScript; with it the thread sends
 * in place.
 */
export function ReplyBox({ conversationId, actionUrl, text, onText, onSend, error, errorValues, textarea }: Props) {
  const { t, intl } = useI18n();
  const hydrated = useHydrated();
  const left = MESSAGE_MAX_LENGTH - text.length;

  // The counter speaks when the text gets near the limit, once per step, not at every key.
  const band = BANDS.findLastIndex((limit) => left <= limit);
  const [spoken, setSpoken] = useState({ band: -1, notice: "" });
  if (spoken.band !== band) {
    setSpoken({ band, notice: band < 0 ? "" : t("messages.reply.left", { count: Math.max(0, left) }) });
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend(text);
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };
  const describedBy = ["reply-limit", hydrated ? "reply-keys" : null, error ? "reply-error" : null].filter(Boolean);

  return (
    <Form method="post" action={actionUrl} className={styles.reply} onSubmit={submit} data-testid="reply">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="conversation_id" value={conversationId} />
      <input type="hidden" name="redirect_to" value={actionUrl} />
      <label htmlFor="reply-text" className={styles.replyLabel}>
        {t("messages.reply.label")}
      </label>
      <textarea
        id="reply-text"
        ref={textarea}
        name="text"
        required
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        value={text}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={keyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.join(" ")}
        className={styles.replyText}
      />
      {error ? (
        <p id="reply-error" className={styles.error} role="alert">
          {t(error, errorValues)}
        </p>
      ) : null}
      <div className={styles.replyFoot}>
        <p className={styles.hint}>
          {hydrated ? (
            <>
              <span id="reply-keys" className={styles.keys}>
                {t("messages.reply.keys")}
              </span>{" "}
              <span aria-hidden="true" className={left <= BANDS[0]! ? styles.near : undefined} data-testid="counter">
                {t("messages.reply.counter", {
                  count: intl.formatNumber(text.length),
                  max: intl.formatNumber(MESSAGE_MAX_LENGTH),
                })}
              </span>
            </>
          ) : null}
          <span id="reply-limit" className={hydrated ? "visually-hidden" : undefined}>
            {t("messages.reply.limit", { max: intl.formatNumber(MESSAGE_MAX_LENGTH) })}
          </span>
        </p>
        <button type="submit" className={styles.send}>
          {t("messages.reply.send")}
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {spoken.notice}
      </p>
    </Form>
  );
}
