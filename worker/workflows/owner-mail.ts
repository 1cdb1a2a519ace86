/**
 * What the site e-mails owners about their listings (decision 038), in the owner's language
 * (`users.locale`, en by default): a moderator's approval or rejection (of a listing, or of changes to a
 * public one: decision 053), visitors' reports taking a listing off the site for review (decision 047), the
 * expiry reminder, the availability question (decision 084); and to either
 * side of a conversation, a message left unread (`new_message`, decision 039). Every
 * template is plain text in en, ru and sr and takes the site's origin, since the scheduled handler has no
 * request to read it from. A new e-mail is one more entry in OWNER_MAIL; `sendOwnerMail` sends any of them.
 *
 * Each is on a list (OWNER_MAIL_LIST, decision 041): not sent to an address that left it, and it carries
 * that list's unsubscribe links — the RFC 8058 headers and a link in the body (worker/workflows/unsubscribe-links.ts).
 */
import type { RejectionCode, ReportReason } from "#shared/api/cabinet.ts";
import { CONFIRM_CYCLE_DAYS, CONFIRM_HIDE_CYCLES, LISTING_RUN_DAYS } from "#shared/constants.ts";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import type { SubscriptionList } from "#shared/subscription-lists.ts";
import { isSubscribed } from "#worker/db/subscriptions.ts";
import { sendMail } from "#worker/adapters/mailer.ts";
import { type UnsubscribeSigner, unsubscribeParts } from "./unsubscribe-links.ts";
import type { RequestEnv } from "#worker/app-env.ts";

/** What every template is given besides its own data. */
export interface MailContext {
  locale: Locale;
  /** The site's absolute origin, `https://kvadrat.rs`. */
  origin: string;
}

export interface Letter {
  subject: string;
  text: string;
}

/** A listing as an e-mail names it: its title in the owner's language (or its number when it has none). */
interface MailListing {
  id: number;
  title: string | null;
}

type Template<D> = (data: D, context: MailContext) => Letter;

/** The absolute URL of a locale-free site path in the context's language. */
export const siteUrl = (context: MailContext, path: string) =>
  new URL(localizePath(path, context.locale), context.origin).href;

/** The quotation marks and "No." of each language. */
const TYPOGRAPHY: Record<Locale, { quote: (text: string) => string; no: string }> = {
  en: { quote: (text) => `“${text}”`, no: "No." },
  ru: { quote: (text) => `«${text}»`, no: "№" },
  sr: { quote: (text) => `„${text}“`, no: "br." },
};

/** “Two-room flat, Vračar” (No. 123): the listing as the letter names it. */
const named = (listing: MailListing, locale: Locale) => {
  const { quote, no } = TYPOGRAPHY[locale];
  return listing.title ? `${quote(listing.title)} (${no} ${listing.id})` : `${no} ${listing.id}`;
};

/** "Reason" and "the moderator's note" of each language. */
const REJECTION_WORDS: Record<Locale, { reason: string; note: string }> = {
  en: { reason: "Reason", note: "The moderator's note" },
  ru: { reason: "Причина", note: "Комментарий модератора" },
  sr: { reason: "Razlog", note: "Napomena moderatora" },
};

/** Why a moderator refused: the reason's label the owner sees on the site, and their own words, if any. */
const rejectionLines = (code: RejectionCode | null, reason: string, locale: Locale) => {
  const words = REJECTION_WORDS[locale];
  const label = code && textCatalog(locale).intl.formatMessage({ id: `moderation.rejectionCode.${code}` });
  return [...(label ? [`${words.reason}: ${label}`] : []), ...(reason ? [`${words.note}: ${reason}`] : [])];
};

/** What every owner e-mail is given for its way out, which `ownerLetter` writes below its text. */
interface Leavable {
  /** The unsubscribe page's locale-free path with the token (`/unsubscribe/?token=…`). */
  unsubscribePath: string;
}

interface Approved extends Leavable {
  listing: MailListing;
  /** The public page's locale-free path. */
  path: string;
}

interface Rejected extends Leavable {
  listing: MailListing;
  code: RejectionCode | null;
  /** The moderator's own words, or "". */
  reason: string;
}

const listingApproved: Record<Locale, Template<Approved>> = {
  en: ({ listing, path }, context) => ({
    subject: "Your listing is published",
    text: [
      `A moderator has approved your listing ${named(listing, context.locale)}. It is on the site for the next ${LISTING_RUN_DAYS} days:`,
      siteUrl(context, path),
      "",
      `Renew, archive or edit it under “My listings”: ${siteUrl(context, paths.cabinet.main())}`,
    ].join("\n"),
  }),
  ru: ({ listing, path }, context) => ({
    subject: "Ваше объявление опубликовано",
    text: [
      `Модератор одобрил ваше объявление ${named(listing, context.locale)}. Оно будет на сайте ближайшие ${LISTING_RUN_DAYS} дней:`,
      siteUrl(context, path),
      "",
      `Продлить, перенести в архив или изменить его можно в разделе «Мои объявления»: ${siteUrl(context, paths.cabinet.main())}`,
    ].join("\n"),
  }),
  sr: ({ listing, path }, context) => ({
    subject: "Vaš oglas je objavljen",
    text: [
      `Moderator je odobrio vaš oglas ${named(listing, context.locale)}. Na sajtu je narednih ${LISTING_RUN_DAYS} dana:`,
      siteUrl(context, path),
      "",
      `Obnovite ga, arhivirajte ili izmenite u delu „Moji oglasi“: ${siteUrl(context, paths.cabinet.main())}`,
    ].join("\n"),
  }),
};

const listingRejected: Record<Locale, Template<Rejected>> = {
  en: ({ listing, code, reason }, context) => ({
    subject: "Your listing was not published",
    text: [
      `A moderator has not published your listing ${named(listing, context.locale)}.`,
      "",
      ...rejectionLines(code, reason, context.locale),
      "",
      "Correct the listing and submit it for review again:",
      siteUrl(context, privatePaths.listing.edit(listing.id)),
    ].join("\n"),
  }),
  ru: ({ listing, code, reason }, context) => ({
    subject: "Ваше объявление не опубликовано",
    text: [
      `Модератор не опубликовал ваше объявление ${named(listing, context.locale)}.`,
      "",
      ...rejectionLines(code, reason, context.locale),
      "",
      "Исправьте объявление и снова отправьте его на проверку:",
      siteUrl(context, privatePaths.listing.edit(listing.id)),
    ].join("\n"),
  }),
  sr: ({ listing, code, reason }, context) => ({
    subject: "Vaš oglas nije objavljen",
    text: [
      `Moderator nije objavio vaš oglas ${named(listing, context.locale)}.`,
      "",
      ...rejectionLines(code, reason, context.locale),
      "",
      "Ispravite oglas i ponovo ga pošaljite na proveru:",
      siteUrl(context, privatePaths.listing.edit(listing.id)),
    ].join("\n"),
  }),
};

interface Hidden extends Leavable {
  listing: MailListing;
  /** What the reports that took it off said (HIDING_REPORT_REASONS). */
  reasons: ReportReason[];
}

/** A report's reason in the letter's language, as visitors chose it on the site. */
const reportLabel = (reason: ReportReason, locale: Locale) =>
  textCatalog(locale).intl.formatMessage({ id: `report.reason.${reason}` });

const listingHidden: Record<Locale, Template<Hidden>> = {
  en: ({ listing, reasons }, context) => ({
    subject: "Your listing is off the site until a moderator checks it",
    text: [
      `Several visitors reported your listing ${named(listing, context.locale)}, so it is off the site until a moderator checks it. They said:`,
      ...reasons.map((reason) => `– ${reportLabel(reason, context.locale)}`),
      "",
      `Still available and correct? You need not do anything: once a moderator approves it, it is back on the site for ${LISTING_RUN_DAYS} days. Sold or rented? Archive it under “My listings”:`,
      siteUrl(context, paths.cabinet.main()),
    ].join("\n"),
  }),
  ru: ({ listing, reasons }, context) => ({
    subject: "Ваше объявление снято с сайта до проверки модератором",
    text: [
      `Несколько посетителей пожаловались на ваше объявление ${named(listing, context.locale)}, поэтому оно снято с сайта до проверки модератором. Причины жалоб:`,
      ...reasons.map((reason) => `– ${reportLabel(reason, context.locale)}`),
      "",
      `Объявление актуально и верно? Ничего делать не нужно: когда модератор его одобрит, оно вернётся на сайт на ${LISTING_RUN_DAYS} дней. Продано или сдано? Перенесите его в архив в разделе «Мои объявления»:`,
      siteUrl(context, paths.cabinet.main()),
    ].join("\n"),
  }),
  sr: ({ listing, reasons }, context) => ({
    subject: "Vaš oglas je sklonjen sa sajta dok ga moderator ne proveri",
    text: [
      `Više posetilaca je prijavilo vaš oglas ${named(listing, context.locale)}, pa je sklonjen sa sajta dok ga moderator ne proveri. Razlozi prijava:`,
      ...reasons.map((reason) => `– ${reportLabel(reason, context.locale)}`),
      "",
      `Oglas je aktuelan i tačan? Ne morate ništa da radite: kada ga moderator odobri, vraća se na sajt na ${LISTING_RUN_DAYS} dana. Prodato ili izdato? Arhivirajte ga u delu „Moji oglasi“:`,
      siteUrl(context, paths.cabinet.main()),
    ].join("\n"),
  }),
};

/** A moderator's decision on changes to a listing that stayed on the site meanwhile (decision 053). */
const changesApproved: Record<Locale, Template<Approved>> = {
  en: ({ listing, path }, context) => ({
    subject: "Your changes are published",
    text: [
      `A moderator has approved your changes to the listing ${named(listing, context.locale)}. Visitors see them now:`,
      siteUrl(context, path),
    ].join("\n"),
  }),
  ru: ({ listing, path }, context) => ({
    subject: "Ваши изменения опубликованы",
    text: [
      `Модератор одобрил изменения в объявлении ${named(listing, context.locale)}. Посетители уже видят их:`,
      siteUrl(context, path),
    ].join("\n"),
  }),
  sr: ({ listing, path }, context) => ({
    subject: "Vaše izmene su objavljene",
    text: [
      `Moderator je odobrio izmene oglasa ${named(listing, context.locale)}. Posetioci ih sada vide:`,
      siteUrl(context, path),
    ].join("\n"),
  }),
};

const changesRejected: Record<Locale, Template<Rejected>> = {
  en: ({ listing, code, reason }, context) => ({
    subject: "Your changes were not published",
    text: [
      `A moderator has not published your changes to the listing ${named(listing, context.locale)}. Visitors still see the version approved before.`,
      "",
      ...rejectionLines(code, reason, context.locale),
      "",
      "Correct the changes and save them to send them for review again:",
      siteUrl(context, privatePaths.listing.edit(listing.id)),
    ].join("\n"),
  }),
  ru: ({ listing, code, reason }, context) => ({
    subject: "Ваши изменения не опубликованы",
    text: [
      `Модератор не опубликовал изменения в объявлении ${named(listing, context.locale)}. Посетители по-прежнему видят одобренную ранее версию.`,
      "",
      ...rejectionLines(code, reason, context.locale),
      "",
      "Исправьте изменения и сохраните их, чтобы снова отправить на проверку:",
      siteUrl(context, privatePaths.listing.edit(listing.id)),
    ].join("\n"),
  }),
  sr: ({ listing, code, reason }, context) => ({
    subject: "Vaše izmene nisu objavljene",
    text: [
      `Moderator nije objavio izmene oglasa ${named(listing, context.locale)}. Posetioci i dalje vide ranije odobrenu verziju.`,
      "",
      ...rejectionLines(code, reason, context.locale),
      "",
      "Ispravite izmene i sačuvajte ih da biste ih ponovo poslali na proveru:",
      siteUrl(context, privatePaths.listing.edit(listing.id)),
    ].join("\n"),
  }),
};

interface ExpiryReminder extends Leavable {
  listing: MailListing;
  /** When it leaves the site (ms). */
  expiresAt: number;
  /** The renewal page's locale-free path with its signed token (`/listing/renew/7/?token=…`). */
  renewPath: string;
}

/** The day a listing leaves the site, in the letter's language and the site's time zone. */
const day = (at: number, locale: Locale) => textCatalog(locale).intl.formatDate(at, { dateStyle: "long" });

const expiryReminder: Record<Locale, Template<ExpiryReminder>> = {
  en: ({ listing, expiresAt, renewPath }, context) => ({
    subject: "Your listing expires soon",
    text: [
      `Your listing ${named(listing, context.locale)} leaves the site on ${day(expiresAt, context.locale)}.`,
      "",
      `Still available? Renew it for ${LISTING_RUN_DAYS} more days with one click (no need to sign in):`,
      siteUrl(context, renewPath),
      "",
      `Sold or rented? Nothing to do: it goes to the archive of “My listings” by itself: ${siteUrl(context, paths.cabinet.main())}`,
    ].join("\n"),
  }),
  ru: ({ listing, expiresAt, renewPath }, context) => ({
    subject: "Срок вашего объявления скоро истекает",
    text: [
      `Ваше объявление ${named(listing, context.locale)} будет снято с сайта ${day(expiresAt, context.locale)}.`,
      "",
      `Ещё актуально? Продлите его ещё на ${LISTING_RUN_DAYS} дней одним нажатием (входить не нужно):`,
      siteUrl(context, renewPath),
      "",
      `Продано или сдано? Ничего делать не нужно: оно само перейдёт в архив раздела «Мои объявления»: ${siteUrl(context, paths.cabinet.main())}`,
    ].join("\n"),
  }),
  sr: ({ listing, expiresAt, renewPath }, context) => ({
    subject: "Vaš oglas uskoro ističe",
    text: [
      `Vaš oglas ${named(listing, context.locale)} ističe ${day(expiresAt, context.locale)}.`,
      "",
      `Još je aktuelan? Obnovite ga na još ${LISTING_RUN_DAYS} dana jednim klikom (bez prijavljivanja):`,
      siteUrl(context, renewPath),
      "",
      `Prodato ili izdato? Ne morate ništa da radite: oglas sam prelazi u arhivu u delu „Moji oglasi“: ${siteUrl(context, paths.cabinet.main())}`,
    ].join("\n"),
  }),
};

/** One listing of the availability question, with its one-click answers. */
interface AvailabilityItem {
  listing: MailListing;
  deal: "sale" | "rent";
  /** Left out of search for want of an answer (two cycles unanswered). */
  hidden: boolean;
  /** The link's locale-free path with its signed token, without `&outcome=`: each answer adds its own. */
  path: string;
}

interface AvailabilityQuestion extends Leavable {
  items: AvailabilityItem[];
}

/** The one-click answers of a listing: still available, and rented or sold as its deal has it. */
const answers = (
  item: AvailabilityItem,
  context: MailContext,
  words: { available: string; let: string; sold: string },
) => {
  const taken = item.deal === "rent" ? "let" : "sold";
  return [
    `  ${words.available}: ${siteUrl(context, `${item.path}&outcome=available`)}`,
    `  ${words[taken]}: ${siteUrl(context, `${item.path}&outcome=${taken}`)}`,
  ];
};

const availabilityLines = (
  items: AvailabilityItem[],
  context: MailContext,
  words: { available: string; let: string; sold: string; hidden: string },
) =>
  items.flatMap((item) => [
    `– ${named(item.listing, context.locale)}${item.hidden ? ` — ${words.hidden}` : ""}`,
    ...answers(item, context, words),
    "",
  ]);

const availabilityQuestion: Record<Locale, Template<AvailabilityQuestion>> = {
  en: ({ items }, context) => ({
    subject: items.length > 1 ? "Are your listings still available?" : "Is your listing still available?",
    text: [
      `Visitors trust listings whose owners confirm them. Flats to let are confirmed every ${CONFIRM_CYCLE_DAYS.rent} days, homes for sale every ${CONFIRM_CYCLE_DAYS.sale}; a listing left unconfirmed for ${CONFIRM_HIDE_CYCLES} of them leaves search until you confirm it. One click each, no need to sign in:`,
      "",
      ...availabilityLines(items, context, {
        available: "Still available",
        let: "Rented",
        sold: "Sold",
        hidden: "out of search until you confirm it",
      }),
      `Or answer under “My listings”: ${siteUrl(context, paths.cabinet.main())}`,
    ].join("\n"),
  }),
  ru: ({ items }, context) => ({
    subject: items.length > 1 ? "Ваши объявления ещё актуальны?" : "Ваше объявление ещё актуально?",
    text: [
      `Посетители доверяют объявлениям, актуальность которых подтверждает владелец. Аренду подтверждают каждые ${CONFIRM_CYCLE_DAYS.rent} дней, продажу — каждые ${CONFIRM_CYCLE_DAYS.sale}; объявление без подтверждения ${CONFIRM_HIDE_CYCLES} таких срока подряд исчезает из поиска, пока вы его не подтвердите. Одно нажатие, входить не нужно:`,
      "",
      ...availabilityLines(items, context, {
        available: "Ещё актуально",
        let: "Сдано",
        sold: "Продано",
        hidden: "скрыто из поиска до подтверждения",
      }),
      `Или ответьте в разделе «Мои объявления»: ${siteUrl(context, paths.cabinet.main())}`,
    ].join("\n"),
  }),
  sr: ({ items }, context) => ({
    subject: items.length > 1 ? "Da li su vaši oglasi još aktuelni?" : "Da li je vaš oglas još aktuelan?",
    text: [
      `Posetioci veruju oglasima čiju aktuelnost vlasnik potvrđuje. Izdavanje se potvrđuje na svakih ${CONFIRM_CYCLE_DAYS.rent} dana, prodaja na svakih ${CONFIRM_CYCLE_DAYS.sale}; oglas nepotvrđen ${CONFIRM_HIDE_CYCLES} takva roka zaredom nestaje iz pretrage dok ga ne potvrdite. Jedan klik, bez prijavljivanja:`,
      "",
      ...availabilityLines(items, context, {
        available: "Još je aktuelan",
        let: "Izdato",
        sold: "Prodato",
        hidden: "sklonjen iz pretrage do potvrde",
      }),
      `Ili odgovorite u delu „Moji oglasi“: ${siteUrl(context, paths.cabinet.main())}`,
    ].join("\n"),
  }),
};

interface NewMessage extends Leavable {
  /** Who wrote, as they show themselves ("" for an account deleted since). */
  sender: string;
  listing: MailListing;
  /** The start of the newest unread message (`excerpt`), as typed. */
  excerpt: string;
  /** The conversation's locale-free path (`/cabinet/messages/?c=7`). */
  conversationPath: string;
}

/** The message quoted as e-mail quotes are: every line after "> ". */
const quoted = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

const newMessage: Record<Locale, Template<NewMessage>> = {
  en: ({ sender, listing, excerpt, conversationPath }, context) => ({
    subject: "You have a new message on Kvadrat",
    text: [
      sender
        ? `${sender} wrote to you about the listing ${named(listing, context.locale)}:`
        : `You have a message about the listing ${named(listing, context.locale)}:`,
      "",
      quoted(excerpt),
      "",
      `Read and answer: ${siteUrl(context, conversationPath)}`,
      "",
      "We write when a message has waited unread for 10 minutes, at most once an hour for each conversation.",
    ].join("\n"),
  }),
  ru: ({ sender, listing, excerpt, conversationPath }, context) => ({
    subject: "Новое сообщение на Kvadrat",
    text: [
      sender
        ? `Вам пришло сообщение от ${sender} об объявлении ${named(listing, context.locale)}:`
        : `Вам пришло сообщение об объявлении ${named(listing, context.locale)}:`,
      "",
      quoted(excerpt),
      "",
      `Прочитать и ответить: ${siteUrl(context, conversationPath)}`,
      "",
      "Мы пишем, когда сообщение остаётся непрочитанным 10 минут, не чаще раза в час по каждой переписке.",
    ].join("\n"),
  }),
  sr: ({ sender, listing, excerpt, conversationPath }, context) => ({
    subject: "Nova poruka na Kvadratu",
    text: [
      sender
        ? `Stigla vam je poruka od korisnika ${sender} o oglasu ${named(listing, context.locale)}:`
        : `Stigla vam je poruka o oglasu ${named(listing, context.locale)}:`,
      "",
      quoted(excerpt),
      "",
      `Pročitajte i odgovorite: ${siteUrl(context, conversationPath)}`,
      "",
      "Javljamo se kada poruka ostane nepročitana 10 minuta, najviše jednom na sat za svaki razgovor.",
    ].join("\n"),
  }),
};

/** Every owner e-mail by its purpose (the outbox's and the logs' name for it). */
export const OWNER_MAIL = {
  listing_approved: listingApproved,
  listing_rejected: listingRejected,
  listing_hidden: listingHidden,
  changes_approved: changesApproved,
  changes_rejected: changesRejected,
  expiry_reminder: expiryReminder,
  availability_question: availabilityQuestion,
  new_message: newMessage,
};
export type OwnerMailKind = keyof typeof OWNER_MAIL;
export type OwnerMailData<K extends OwnerMailKind> = Parameters<(typeof OWNER_MAIL)[K]["en"]>[0];

/** The list each owner e-mail is on: what its unsubscribe links stop, and what stops it. */
const OWNER_MAIL_LIST = {
  listing_approved: "listing_updates",
  listing_rejected: "listing_updates",
  listing_hidden: "listing_updates",
  changes_approved: "listing_updates",
  changes_rejected: "listing_updates",
  expiry_reminder: "listing_updates",
  availability_question: "listing_updates",
  new_message: "messages",
} as const satisfies Record<OwnerMailKind, SubscriptionList>;

/** The way out of each list every letter on it ends with, before the signature. */
const LEAVE_LIST: Record<(typeof OWNER_MAIL_LIST)[OwnerMailKind], Record<Locale, string>> = {
  listing_updates: {
    en: "No more e-mails about your listings",
    ru: "Отписаться от писем о ваших объявлениях",
    sr: "Odjava od obaveštenja o vašim oglasima",
  },
  messages: {
    en: "No more e-mails about messages",
    ru: "Отписаться от писем о сообщениях",
    sr: "Odjava od obaveštenja o porukama",
  },
};

/** The language a person's e-mails are in: their `users.locale`, else the site's default. */
export const mailLocale = (locale: string | null | undefined): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

/** One owner e-mail, written in the context's language. */
export function ownerLetter<K extends OwnerMailKind>(
  kind: K,
  data: OwnerMailData<K>,
  context: MailContext,
): Letter & { purpose: K } {
  const template = OWNER_MAIL[kind][context.locale] as Template<OwnerMailData<K>>;
  const { subject, text } = template(data, context);
  const leave = `${LEAVE_LIST[OWNER_MAIL_LIST[kind]][context.locale]}: ${siteUrl(context, data.unsubscribePath)}`;
  return { subject, text: [text, "", leave, "", "— Kvadrat"].join("\n"), purpose: kind };
}

/** Whom an e-mail goes to: the person (their unsubscribe token names them) at their confirmed address. */
export interface Recipient {
  userId: number;
  email: string;
}

/**
 * Writes and sends one owner e-mail (through the adapter: the dev outbox in development) with its list's
 * unsubscribe links (signed by `sign`); `left` (nothing sent) when the address has left the list.
 */
export async function sendOwnerMail<K extends OwnerMailKind>(
  env: RequestEnv,
  sign: UnsubscribeSigner,
  to: Recipient,
  kind: K,
  data: Omit<OwnerMailData<K>, "unsubscribePath">,
  context: MailContext,
  now: number,
): Promise<"sent" | "left"> {
  const list = OWNER_MAIL_LIST[kind];
  if (!(await isSubscribed(env.DB, to.email, list))) return "left";
  const { unsubscribePath, headers } = await unsubscribeParts(
    sign,
    context.origin,
    to.userId,
    { kind: "list", list },
    now,
  );
  const letter = ownerLetter(kind, { ...data, unsubscribePath } as OwnerMailData<K>, context);
  await sendMail(env, { to: to.email, ...letter, headers }, now);
  return "sent";
}
