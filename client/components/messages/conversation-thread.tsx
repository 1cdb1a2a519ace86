import { type MouseEvent, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { ApiConversation, ApiMessage } from "#shared/api/messages.ts";
import { MESSAGE_MAX_LENGTH } from "#shared/constants.ts";
import { paths } from "#shared/paths.ts";
import { browserApi } from "#client/api/browser-api.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { useLiveChannel } from "#client/live/use-live-channel.ts";
import { listingTitle, otherName } from "./conversation-list.tsx";
import { MessageItem, type ShownMessage } from "./message-item.tsx";
import { messagesHref } from "./messages-href.ts";
import { ReplyBox } from "./reply-box.tsx";
import type { DoneIntent, ThreadFailure, ThreadResult } from "./thread-actions.ts";
import { ThreadSafety } from "./thread-safety.tsx";
import {
  byDay,
  type KnownDays,
  markOf,
  NO_NEWS,
  shownMessages,
  type ThreadNews,
  type ThreadUpdate,
  withUpdate,
} from "./thread-state.ts";
import { useMessageTimes } from "./use-message-times.ts";
import styles from "./messages.module.css";

/** A message this page is sending: shown at once, replaced by the stored one when the answer comes. */
interface Outgoing {
  key: string;
  text: string;
  created_at: string;
}

interface Props {
  conversation: ApiConversation;
  /** The loader's page of messages, oldest first. */
  messages: ApiMessage[];
  hasEarlier: boolean;
  /** The page shows the messages before this one (`?before=`), not the newest. */
  before: number | null;
  /** The signed-in person's id. */
  me: number;
  now: number;
  /** The loader's calendar days of `now` and its messages (`knownDays`). */
  days?: KnownDays;
  /** The page of the conversation list, kept in the thread's links. */
  page: number;
  /** What the last plain form post did. */
  done: DoneIntent | null;
  /** A plain form post about this conversation that the API refused. */
  refused: ThreadFailure | null;
}

/** Sends one message in place through the page's action; says once what came of it. */
function OutgoingSender({
  item,
  conversationId,
  actionUrl,
  onSettled,
}: {
  item: Outgoing;
  conversationId: number;
  actionUrl: string;
  onSettled: (item: Outgoing, answer: ThreadResult) => void;
}) {
  const fetcher = useFetcher<ThreadResult>();
  const started = useRef(false);
  const { submit } = fetcher;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void submit(
      { intent: "reply", conversation_id: String(conversationId), text: item.text },
      { method: "post", action: actionUrl },
    );
  }, [submit, conversationId, item.text, actionUrl]);
  // The answer, as soon as it is here (the page's data reloads after it, with the message in it).
  const answer = fetcher.data;
  useEffect(() => {
    if (answer) onSettled(item, answer);
  }, [answer, item, onSettled]);
  return null;
}

const newestOf = (messages: readonly ApiMessage[], mine: boolean) =>
  messages.reduce((newest, message) => (message.from_me === mine && message.id > newest ? message.id : newest), 0);

/** The message id a refused reply is explained by. */
const replyErrorOf = (failure: ThreadFailure | null) =>
  failure?.intent === "reply" ? (failure.fields.text ?? failure.error ?? "form.error.generic") : null;

/**
 * A conversation (decision 039): its listing, the messages oldest first in runs of a day with their
 * times and one's own marks, "Earlier messages" (a link; in place with JavaScript, the scroll kept), the
 * reply box, and the safety tools. With JavaScript a reply shows at once and is replaced by the stored
 * message (or rolls back, with the product §8 notice); new messages from the other side are announced politely
 * and marked read while the page is in view.
 */
export function ConversationThread(props: Props) {
  const { conversation, me, now, days, page, before, refused } = props;
  const { t, locale } = useI18n();
  const lp = useLocalePath();
  const times = useMessageTimes(now, days);
  const id = conversation.id;
  const name = otherName(t, conversation.other);
  const actionUrl = lp(messagesHref({ page, c: id }));

  // Everything beyond the loader's page: earlier pages, sent messages, and what the live channel says
  // (its events go to `update` as they come).
  const [news, update] = useReducer(
    (state: ThreadNews, change: ThreadUpdate) =>
      withUpdate(state, change, id, me, conversation.role === "owner" ? conversation.other.id : undefined),
    NO_NEWS,
  );
  const shown = useMemo(() => shownMessages(props.messages, news), [props.messages, news]);
  // The conversation's live channel: its new messages and the other side's marks as they come, and on a
  // reconnect whatever came after the newest shown. A page of earlier messages (`?before=`) is not live.
  useLiveChannel({ conversationId: id, after: shown.at(-1)?.id, onEvent: update, enabled: before === null });

  // The live region of what the page did (shown), and one only heard: new messages, an earlier page loaded.
  const [status, setStatus] = useState(() => {
    if (props.done) return t(`messages.done.${props.done}`, { name });
    if (!refused?.error || refused.intent === "report") return "";
    // A refused reply is told at its box; here when there is no box any more (the conversation is blocked).
    return refused.intent === "reply" && !conversation.blocked && !conversation.closed ? "" : t(refused.error);
  });
  const [heard, setHeard] = useState("");

  // Earlier messages, loaded in place.
  const [earlierLeft, setEarlierLeft] = useState<boolean | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const hasEarlier = earlierLeft ?? props.hasEarlier;
  const oldest = shown[0]?.id ?? null;
  const scroller = useRef<HTMLDivElement>(null);
  /** What the earlier page's arrival must keep: the message then first, where it was in the box. */
  const keep = useRef<{ id: number; top: number; focus: number | null } | null>(null);
  const offsetOf = (messageId: number) => {
    const box = scroller.current;
    const element = document.getElementById(`message-${messageId}`);
    return box && element ? element.getBoundingClientRect().top - box.getBoundingClientRect().top : null;
  };
  const loadEarlier = async (event: MouseEvent) => {
    event.preventDefault();
    if (loadingEarlier || oldest === null) return;
    setLoadingEarlier(true);
    const api = await browserApi(locale);
    const result = await api.conversationMessages(id, { before: oldest });
    setLoadingEarlier(false);
    // A failure shows its product §8 notice (browserApi); the link stays to try again.
    if (!result.ok) return;
    const { items, has_earlier } = result.data;
    const top = offsetOf(oldest);
    keep.current = top === null ? null : { id: oldest, top, focus: items[0]?.id ?? null };
    update({ type: "earlier", messages: items });
    setEarlierLeft(has_earlier);
    // Said, not shown: a line appearing above the thread would move what is being read.
    setHeard(t("messages.thread.loadedEarlier", { count: items.length }));
  };
  // Before the page paints the older messages above: the view scrolls by what they added, so the message
  // read last stays where it was, and the newest of them takes the focus without moving it.
  useLayoutEffect(() => {
    const kept = keep.current;
    const box = scroller.current;
    if (!kept || !box) return;
    keep.current = null;
    const top = offsetOf(kept.id);
    if (top !== null) box.scrollTop += top - kept.top;
    if (kept.focus !== null) document.getElementById(`message-${kept.focus}`)?.focus({ preventScroll: true });
  }, [shown]);

  // Replies: shown at once, sent one by one through the page's action.
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [text, setText] = useState(() => (refused?.intent === "reply" ? (refused.text ?? "") : ""));
  const [replyError, setReplyError] = useState<string | null>(() => replyErrorOf(refused));
  const sentCount = useRef(0);
  const send = (value: string) => {
    if (!value.trim()) {
      setReplyError("validation.required");
      return;
    }
    sentCount.current += 1;
    const item = { key: String(sentCount.current), text: value, created_at: new Date().toISOString() };
    setOutgoing((list) => [...list, item]);
    setText("");
    setReplyError(null);
  };
  const settled = useCallback((item: Outgoing, answer: ThreadResult) => {
    setOutgoing((list) => list.filter((other) => other.key !== item.key));
    if (answer.ok) {
      if (answer.intent === "reply") update({ type: "sent", message: answer.message });
      return;
    }
    // Rolled back: the words go back into the box (unless the visitor is typing the next message).
    setText((current) => (current.trim() ? current : item.text));
    setReplyError(replyErrorOf(answer));
  }, []);

  // The block as the post on its way will leave it.
  const [blocking, setBlocking] = useState<ApiConversation["blocked"] | undefined>(undefined);
  const blocked = blocking === undefined ? conversation.blocked : blocking;
  const safetyAnswer = useCallback(
    (answer: ThreadResult) => {
      if (answer.ok) setStatus(t(`messages.done.${answer.intent}`, { name }));
      else if (answer.intent !== "report") setStatus(t(answer.error ?? "form.error.generic"));
    },
    [t, name],
  );

  // New messages from the other side: announced, and read while the page is in view.
  const newestTheirs = newestOf(shown, false);
  const announcedUpTo = useRef(newestTheirs);
  useEffect(() => {
    const fresh = shown.filter((message) => !message.from_me && message.id > announcedUpTo.current);
    if (!fresh.length) return;
    announcedUpTo.current = fresh.at(-1)!.id;
    setHeard(
      fresh.length === 1
        ? t("messages.thread.incoming", { name, text: fresh[0]!.text })
        : t("messages.thread.incomingMany", { name, count: fresh.length }),
    );
  }, [shown, t, name]);
  // The loader read what it showed; what came later is read once the page is looked at.
  const readUpTo = useRef(newestTheirs);
  useEffect(() => {
    const read = () => {
      if (document.visibilityState !== "visible" || newestTheirs <= readUpTo.current) return;
      readUpTo.current = newestTheirs;
      void browserApi(locale).then((api) => api.markDelivered(id, newestTheirs));
    };
    read();
    document.addEventListener("visibilitychange", read);
    return () => document.removeEventListener("visibilitychange", read);
  }, [newestTheirs, id, locale]);

  // Opening a conversation puts the focus in its reply box (or on its heading while it is blocked).
  const textarea = useRef<HTMLTextAreaElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    (textarea.current ?? heading.current)?.focus();
  }, []);

  const items: ShownMessage[] = [
    ...shown.map((message) => ({
      domId: `message-${message.id}`,
      text: message.text,
      created_at: message.created_at,
      mine: message.from_me,
      mark: message.from_me ? markOf(message) : null,
      warning: message.from_me ? null : message.warning,
    })),
    ...outgoing.map((item) => ({
      domId: `outgoing-${item.key}`,
      text: item.text,
      created_at: item.created_at,
      mine: true,
      mark: "sending" as const,
      warning: null,
    })),
  ];
  const title = listingTitle(t, conversation.listing);
  const { listing } = conversation;
  const safetyPath = lp(paths.page("safety"));

  return (
    <section className={styles.thread} aria-labelledby="thread-heading" data-testid="thread" data-id={id}>
      <header className={styles.threadHead}>
        <Link to={lp(messagesHref({ page }))} className={styles.back} data-testid="back">
          <span aria-hidden="true">‹ </span>
          {t("messages.thread.back")}
        </Link>
        <div className={styles.threadListing}>
          <span className={styles.thumb}>
            {listing.image ? (
              <img
                src={listing.image.url}
                width={listing.image.width}
                height={listing.image.height}
                alt=""
                decoding="async"
              />
            ) : null}
          </span>
          <div className={styles.threadTitles}>
            <h2 id="thread-heading" ref={heading} tabIndex={-1} className={styles.threadHeading}>
              {t("messages.thread.heading", { name })}
            </h2>
            <p className={styles.threadListingTitle}>
              {listing.path ? (
                <Link
                  to={lp(listing.path)}
                  lang={listing.title ? listing.title_lang : undefined}
                  data-testid="listing-link"
                >
                  {title}
                </Link>
              ) : (
                <>
                  <span lang={listing.title ? listing.title_lang : undefined}>{title}</span>{" "}
                  <span className={styles.muted}>{t("messages.thread.notPublic")}</span>
                </>
              )}
            </p>
          </div>
        </div>
        <ThreadSafety
          conversation={{ ...conversation, blocked }}
          actionUrl={actionUrl}
          refused={refused}
          onAnswer={safetyAnswer}
          onBlocking={setBlocking}
        />
      </header>
      <p className={status ? styles.status : "visually-hidden"} role="status" data-testid="thread-status">
        {status}
      </p>
      <div
        ref={scroller}
        className={styles.scroller}
        role="region"
        aria-label={t("messages.thread.messages", { name })}
        aria-busy={loadingEarlier || undefined}
        // A scrolling box is reached by keyboard too.
        tabIndex={0}
      >
        <div className={styles.scrolled}>
          {hasEarlier && oldest !== null ? (
            <p className={styles.earlier}>
              <Link
                to={lp(messagesHref({ page, c: id, before: oldest }))}
                onClick={(event) => void loadEarlier(event)}
                data-testid="earlier"
              >
                {t("messages.thread.earlier")}
              </Link>
            </p>
          ) : null}
          {items.length ? (
            byDay(items, days).map((run) => (
              <div key={run.day} className={styles.day}>
                <h3 className={styles.dayName}>{times.day(run.day)}</h3>
                <ol className={styles.messages}>
                  {run.items.map((item) => (
                    <MessageItem
                      key={item.domId}
                      message={item}
                      otherName={name}
                      time={times.time(item.created_at)}
                      safetyPath={safetyPath}
                    />
                  ))}
                </ol>
              </div>
            ))
          ) : (
            <p className={styles.muted}>{t("messages.thread.empty")}</p>
          )}
          {before ? (
            <p className={styles.earlier}>
              <Link to={lp(messagesHref({ page, c: id }))} data-testid="newest">
                {t("messages.thread.newest")}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="thread-heard">
        {heard}
      </p>
      {conversation.closed ? (
        <p className={styles.blocked} data-testid="closed">
          {t("messages.closed")}
        </p>
      ) : blocked ? (
        <p className={styles.blocked} data-testid="blocked">
          {blocked.by_me ? t("messages.blocked.byMe", { name }) : t("messages.blocked.byOther", { name })}
        </p>
      ) : (
        <ReplyBox
          conversationId={id}
          actionUrl={actionUrl}
          text={text}
          onText={setText}
          onSend={send}
          error={replyError}
          errorValues={{ max: MESSAGE_MAX_LENGTH }}
          textarea={textarea}
        />
      )}
      {outgoing.map((item) => (
        <OutgoingSender key={item.key} item={item} conversationId={id} actionUrl={actionUrl} onSettled={settled} />
      ))}
    </section>
  );
}
