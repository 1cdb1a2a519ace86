import { useI18n } from "#client/i18n/intl.tsx";
import { dayBefore, dayOf, type KnownDays } from "./thread-state.ts";

/**
 * Times of messages in the page's language, in Serbia's time zone: the clock time of a message, a day's
 * name ("Today", "Yesterday", a date) and a conversation's last activity (a time today, a date before).
 * `now` is the loader's, so the server and the browser name the same day; `known`, the days the loader
 * worked out for the page's moments (`knownDays`).
 */
export function useMessageTimes(now: number, known?: KnownDays) {
  const { intl, t } = useI18n();
  const today = dayOf(now, known);
  const yesterday = dayBefore(today);
  const time = (at: string) => intl.formatDate(at, { hour: "2-digit", minute: "2-digit" });
  /** A calendar day (`YYYY-MM-DD`) as the thread's separator names it. */
  const day = (key: string, month: "long" | "short" = "long") =>
    key === today
      ? t("messages.day.today")
      : key === yesterday
        ? t("messages.day.yesterday")
        : intl.formatDate(`${key}T12:00:00Z`, {
            day: "numeric",
            month,
            ...(key.slice(0, 4) === today.slice(0, 4) ? {} : { year: "numeric" }),
          });
  return {
    time,
    day,
    /** When a conversation was last active, as its list shows it. */
    last: (at: string) => (dayOf(at, known) === today ? time(at) : day(dayOf(at, known), "short")),
  };
}
