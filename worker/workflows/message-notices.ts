/**
 * The e-mail notice of an unread message (decision 039), sent by the Cron Trigger's run
 * (worker/scheduled.ts, every five minutes): the recipient of a message nobody has read for
 * MESSAGE_NOTICE_DELAY_MS is e-mailed once per conversation — not per message — and again only for a newer
 * message and not within MESSAGE_NOTICE_INTERVAL_MS of the last notice. Each conversation is claimed before
 * its e-mail is sent (worker/db/conversations.ts `claimNotices`), so overlapping runs never send twice; an
 * e-mail that fails is not retried (the claim stands, as for the expiry reminders).
 *
 * Only to a confirmed address that has not left the `messages` list; the e-mail carries a signed token of
 * that list for the one-click unsubscribe of RFC 8058 (`List-Unsubscribe`, `List-Unsubscribe-Post`) and for
 * the unsubscribe page (`sendOwnerMail`).
 */
import { MESSAGE_NOTICE_DELAY_MS, MESSAGE_NOTICE_INTERVAL_MS } from "#shared/constants.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { claimNotices, noticeTitle, type Role } from "#worker/db/conversations.ts";
import { siteOrigin } from "#worker/http/site-origin.ts";
import { mailLocale, sendOwnerMail } from "./owner-mail.ts";
import type { UnsubscribeSigner } from "./unsubscribe-links.ts";
import type { RequestEnv } from "#worker/app-env.ts";

/** Conversations one statement claims: a run that finds more goes on in batches. */
const NOTICE_BATCH = 100;
/**
 * A message still unread this long after it could first have been e-mailed is not e-mailed late (the runs
 * stopped for a day, say): it also bounds what each run looks at of the unread messages.
 */
const NOTICE_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** How much of the newest unread message an e-mail quotes. */
const EXCERPT_LENGTH = 200;

/**
 * The start of a message for an e-mail: its runs of blank space made one space, cut at a word's end within
 * `length` characters (code points, never half a character) with "…" when there was more.
 */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= length) return flat;
  const cut = chars.slice(0, length).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface NoticeRun {
  sent: number;
  /**
   * Claimed, but the recipient has no confirmed address, left the list or deleted their account, read it
   * meanwhile, or no origin is configured.
   */
  skipped: number;
}

/** E-mails the recipients of messages left unread (see the module's comment); what it did. */
export async function sendMessageNotices(env: RequestEnv, now: number, sign: UnsubscribeSigner): Promise<NoticeRun> {
  const origin = siteOrigin(env);
  const run: NoticeRun = { sent: 0, skipped: 0 };
  const window = {
    now,
    since: now - MESSAGE_NOTICE_DELAY_MS - NOTICE_LOOKBACK_MS,
    unreadBefore: now - MESSAGE_NOTICE_DELAY_MS,
    notifiedBefore: now - MESSAGE_NOTICE_INTERVAL_MS,
  };
  for (const role of ["owner", "visitor"] as Role[]) {
    for (;;) {
      const { claimed, rows } = await claimNotices(env.DB, role, window, NOTICE_BATCH);
      run.skipped += claimed - rows.length;
      for (const row of rows) {
        if (!row.email || row.email_verified_at === null || !origin || row.body === null) {
          run.skipped++;
          continue;
        }
        try {
          const locale = mailLocale(row.locale);
          const result = await sendOwnerMail(
            env,
            sign,
            { userId: row.recipient_id, email: row.email },
            "new_message",
            {
              sender: row.sender_name,
              listing: { id: row.listing_id, title: noticeTitle(row, locale) },
              excerpt: excerpt(row.body),
              conversationPath: `${privatePaths.cabinet.messages()}?c=${row.id}`,
            },
            { locale, origin },
            now,
          );
          run[result === "sent" ? "sent" : "skipped"]++;
        } catch (error) {
          // One recipient's failed e-mail stops no other; the conversation stays claimed (never two e-mails).
          console.error(`message notice of conversation ${row.id} not sent:`, error);
        }
      }
      if (claimed < NOTICE_BATCH) break;
    }
  }
  return run;
}
