import { useState } from "react";
import { Link } from "react-router";
import { privatePaths } from "#shared/private-paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { useLiveChannel } from "#client/live/use-live-channel.ts";
import { useVisitor } from "#client/visitor.ts";
import styles from "./site-header.module.css";

/**
 * The signed-in person's unread messages on the header's account link (decision 039): rendered by the
 * server from the root data, then kept live by the person's channel (their count on every change). None
 * while there is nothing unread; it sits over the avatar's corner, so nothing moves when it comes.
 */
export default function UnreadBadge() {
  const { t } = useI18n();
  const lp = useLocalePath();
  const rendered = useVisitor().unreadMessages ?? 0;
  // The channel's count, until the root data is loaded again (after a form post): then that one.
  const [live, setLive] = useState({ from: rendered, unread: rendered });
  if (live.from !== rendered) setLive({ from: rendered, unread: rendered });
  useLiveChannel({
    onEvent: (event) => {
      if (event.type === "unread") setLive({ from: rendered, unread: event.unread });
    },
  });
  const unread = live.from === rendered ? live.unread : rendered;
  const label = t("messages.unread.label", { count: unread });
  // Styled by the header's stylesheet, which every page has: from the first paint, JavaScript or not.
  return unread > 0 ? (
    <Link
      to={lp(privatePaths.cabinet.messages())}
      className={styles.badge}
      aria-label={label}
      title={label}
      data-testid="unread-badge"
    >
      {unread}
    </Link>
  ) : null;
}
