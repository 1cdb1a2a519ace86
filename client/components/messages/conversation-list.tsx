import { Link } from "react-router";
import type { ApiConversation } from "#shared/api/messages.ts";
import { paths } from "#shared/paths.ts";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { messagesHref } from "./messages-href.ts";
import { firstLine, type KnownDays } from "./thread-state.ts";
import { useMessageTimes } from "./use-message-times.ts";
import styles from "./messages.module.css";

type Translate = ReturnType<typeof useI18n>["t"];

/** A conversation's listing title, or its number while it has none. */
export const listingTitle = (t: Translate, listing: ApiConversation["listing"]) =>
  listing.title ?? t("messages.untitled", { id: listing.id });

/** The other person's name; a deleted account has none. */
export const otherName = (t: Translate, other: ApiConversation["other"]) => other.name || t("messages.deletedAccount");

interface Props {
  conversations: ApiConversation[];
  page: number;
  lastPage: number;
  /** The conversation open beside the list. */
  openId: number | null;
  now: number;
  /** The loader's calendar days of `now` and the conversations' last activity (`knownDays`). */
  days?: KnownDays;
}

/**
 * The signed-in person's conversations, newest activity first (decision 039): the listing's photo and
 * title, the other person, the last message's first line and time, the unread count; paged by links.
 */
export function ConversationList({ conversations, page, lastPage, openId, now, days }: Props) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const times = useMessageTimes(now, days);
  return (
    <section className={styles.list} aria-labelledby="conversations">
      <h2 id="conversations" className={styles.listHeading}>
        {t("messages.list.heading")}
      </h2>
      {conversations.length ? (
        <ul className={styles.conversations}>
          {conversations.map((conversation) => {
            const title = listingTitle(t, conversation.listing);
            const last = conversation.last_message;
            return (
              <li key={conversation.id}>
                <Link
                  to={lp(messagesHref({ page, c: conversation.id }))}
                  className={conversation.unread ? `${styles.conversation} ${styles.unread}` : styles.conversation}
                  aria-current={conversation.id === openId ? "page" : undefined}
                  data-testid="conversation"
                  data-id={conversation.id}
                >
                  <span className={styles.thumb}>
                    {conversation.listing.image ? (
                      <img
                        src={conversation.listing.image.url}
                        width={conversation.listing.image.width}
                        height={conversation.listing.image.height}
                        alt=""
                        loading="lazy"
                        decoding="async"
                      />
                    ) : null}
                  </span>
                  <span className={styles.summary}>
                    <span className={styles.summaryHead}>
                      <span className={styles.otherName}>{otherName(t, conversation.other)}</span>
                      <time className={styles.when} dateTime={conversation.last_message_at}>
                        {times.last(conversation.last_message_at)}
                      </time>
                    </span>
                    <span
                      className={styles.listingTitle}
                      lang={conversation.listing.title ? conversation.listing.title_lang : undefined}
                    >
                      {title}
                    </span>
                    <span className={styles.summaryFoot}>
                      <span className={styles.preview}>
                        {last
                          ? last.from_me
                            ? t("messages.list.mine", { text: firstLine(last.text) })
                            : firstLine(last.text)
                          : t("messages.list.noMessages")}
                      </span>
                      {conversation.unread ? (
                        <span className={styles.badge} data-testid="unread">
                          <span aria-hidden="true">{intl.formatNumber(conversation.unread)}</span>
                          <span className="visually-hidden">
                            {t("messages.list.unread", { count: conversation.unread })}
                          </span>
                        </span>
                      ) : null}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className={styles.empty} data-testid="conversations-empty">
          <p>{t("messages.list.empty")}</p>
          <Link to={lp(paths.home())}>{t("messages.list.find")}</Link>
        </div>
      )}
      <Pagination
        page={page}
        lastPage={lastPage}
        hasNext={page < lastPage}
        hrefFor={(p) => lp(messagesHref({ page: p, c: openId }))}
      />
    </section>
  );
}
