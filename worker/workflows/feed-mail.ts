/**
 * The e-mail to an agency's managers after a run of its feed refused offers (decision 101): plain text in
 * each manager's language (`users.locale`, en by default), the refusals as the cabinet's report words them
 * (`feed.refusal.*`, first FEED_MAIL_REFUSALS of them) and a link to the full report.
 */
import type { ApiFeedRefusal } from "#shared/api/agency-feeds.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#shared/locales.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { sendMail } from "#worker/adapters/mailer.ts";
import type { FeedRunRow } from "#worker/db/agency-feeds.ts";
import { feedManagers } from "#worker/db/feed-listings.ts";
import { siteOrigin } from "#worker/http/site-origin.ts";
import type { FeedCheckEnv } from "./feed-check.ts";
import { type Letter, type MailContext, siteUrl } from "./owner-mail.ts";

/** The refusals an e-mail lists; the cabinet's report has the rest. */
const FEED_MAIL_REFUSALS = 20;

interface RefusalReport {
  url: string;
  count: number;
  refusals: ApiFeedRefusal[];
}

function feedRefusalsLetter({ url, count, refusals }: RefusalReport, context: MailContext): Letter {
  const intl = textCatalog(context.locale).intl;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const lines = refusals
    .slice(0, FEED_MAIL_REFUSALS)
    .map((r) => `- ${t(r.message, r.args)}${r.reason ? ` ${t(r.reason, r.args)}` : ""}`);
  return {
    subject: t("feedMail.subject", { count }),
    text: [
      t("feedMail.lead", { count, url }),
      "",
      ...lines,
      ...(count > lines.length ? [t("feedMail.more", { count: count - lines.length })] : []),
      "",
      `${t("feedMail.report")} ${siteUrl(context, privatePaths.cabinet.agency())}`,
      "",
      "— Kvadrat",
    ].join("\n"),
  };
}

/** Mails the run's refusals to each manager of the feed's agency with a verified address. */
export async function mailFeedRefusals(env: FeedCheckEnv, feedId: number, run: FeedRunRow, now: number) {
  const origin = siteOrigin(env);
  if (!origin) return;
  const refusals = JSON.parse(run.refusals) as ApiFeedRefusal[];
  for (const manager of await feedManagers(env.DB, feedId)) {
    const locale: Locale = manager.locale && isLocale(manager.locale) ? manager.locale : DEFAULT_LOCALE;
    const letter = feedRefusalsLetter({ url: manager.url, count: run.refusals_count, refusals }, { locale, origin });
    await sendMail(env, { to: manager.email, ...letter, purpose: "feed_refusals" }, now);
  }
}
