/**
 * The alerts' e-mails (decision 041), in the person's language (en, ru, sr), beside the
 * owners' (owner-mail.ts): the digest of new listings for saved searches and the "price reduced" notice of
 * favourites. Each is plain text that stands on its own plus an HTML part that shows the listings' photos;
 * every value put into the HTML is escaped (`escapeHtml`), every link and picture is absolute on the site's
 * origin. Like the owners' e-mails, both end with their unsubscribe link (worker/workflows/unsubscribe-links.ts).
 */
import type { Locale } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { type MailContext, siteUrl } from "./owner-mail.ts";

/** A listing as an alert shows it. */
export interface AlertListing {
  id: number;
  title: string;
  /** The price now (EUR). */
  price: number;
  /** The price before it dropped (price-drop notices). */
  oldPrice?: number;
  /** "Vračar, Belgrade". */
  place: string;
  /** The public page's locale-free path. */
  path: string;
  /** The cover picture's absolute URL, or null without one. */
  photo: string | null;
}

/** One saved search's part of a digest. */
export interface DigestGroup {
  /** Its name: the person's own, or made from its filters. */
  label: string;
  /** The search page's locale-free path and query. */
  searchPath: string;
  listings: AlertListing[];
  /** New listings of the search the e-mail has no room for ("and N more"). */
  more: number;
  /** The unsubscribe page for this search alone; null when the whole e-mail is about it. */
  stopPath: string | null;
}

export interface Digest {
  groups: DigestGroup[];
  /** The unsubscribe page's locale-free path with the e-mail's token. */
  unsubscribePath: string;
}

export interface PriceDrops {
  listings: AlertListing[];
  unsubscribePath: string;
}

export interface AlertLetter {
  subject: string;
  text: string;
  html: string;
}

/** Text put into HTML: markup characters as entities, so nothing a listing or a search says is markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The words of the alerts in each language. */
interface Words {
  digestSubjectOne: (label: string) => string;
  digestSubjectMany: (count: number) => string;
  digestIntro: string;
  more: (count: number) => string;
  openSearch: string;
  stopSearch: string;
  manageSearches: string;
  digestUnsubscribe: string;
  dropSubjectOne: (title: string) => string;
  dropSubjectMany: string;
  dropIntro: string;
  favourites: string;
  dropUnsubscribe: string;
  listingsCount: (count: number) => string;
}

/** The form of a counted word for `count` in Russian or Serbian (one, few, many/other). */
function counted(locale: "ru" | "sr", count: number, forms: { one: string; few: string; other: string }): string {
  const category = new Intl.PluralRules(locale).select(count);
  return `${count} ${category === "one" ? forms.one : category === "few" ? forms.few : forms.other}`;
}

const WORDS: Record<Locale, Words> = {
  en: {
    digestSubjectOne: (label) => `New listings: ${label}`,
    digestSubjectMany: (count) => `${count} new ${count === 1 ? "listing" : "listings"} for your saved searches`,
    digestIntro: "New listings that match your saved searches on Kvadrat:",
    more: (count) => `and ${count} more — see all`,
    openSearch: "Open the search",
    stopSearch: "Stop alerts for this search",
    manageSearches: "Manage your saved searches and alerts",
    digestUnsubscribe: "Unsubscribe from these alerts",
    dropSubjectOne: (title) => `Price reduced: ${title}`,
    dropSubjectMany: "Prices reduced in your favourites",
    dropIntro: "Good news: the price went down for listings in your favourites on Kvadrat:",
    favourites: "Your favourites",
    dropUnsubscribe: "No more e-mails about price drops",
    listingsCount: (count) => (count === 1 ? "1 listing" : `${count} listings`),
  },
  ru: {
    digestSubjectOne: (label) => `Новые объявления: ${label}`,
    digestSubjectMany: (count) =>
      `${counted("ru", count, { one: "новое объявление", few: "новых объявления", other: "новых объявлений" })} по вашим сохранённым поискам`,
    digestIntro: "Новые объявления по вашим сохранённым поискам на Kvadrat:",
    more: (count) => `и ещё ${count} — смотреть все`,
    openSearch: "Открыть поиск",
    stopSearch: "Отключить уведомления по этому поиску",
    manageSearches: "Управлять сохранёнными поисками и уведомлениями",
    digestUnsubscribe: "Отписаться от этих уведомлений",
    dropSubjectOne: (title) => `Цена снижена: ${title}`,
    dropSubjectMany: "Цены в вашем избранном снижены",
    dropIntro: "Хорошая новость: цена объявлений из вашего избранного на Kvadrat снизилась:",
    favourites: "Ваше избранное",
    dropUnsubscribe: "Отписаться от писем о снижении цен",
    listingsCount: (count) => counted("ru", count, { one: "объявление", few: "объявления", other: "объявлений" }),
  },
  sr: {
    digestSubjectOne: (label) => `Novi oglasi: ${label}`,
    digestSubjectMany: (count) =>
      `${counted("sr", count, { one: "novi oglas", few: "nova oglasa", other: "novih oglasa" })} za vaše sačuvane pretrage`,
    digestIntro: "Novi oglasi po vašim sačuvanim pretragama na Kvadratu:",
    more: (count) => `i još ${count} — pogledajte sve`,
    openSearch: "Otvorite pretragu",
    stopSearch: "Isključite obaveštenja za ovu pretragu",
    manageSearches: "Upravljajte sačuvanim pretragama i obaveštenjima",
    digestUnsubscribe: "Odjavite se od ovih obaveštenja",
    dropSubjectOne: (title) => `Cena snižena: ${title}`,
    dropSubjectMany: "Snižene cene u vašim omiljenim oglasima",
    dropIntro: "Dobre vesti: cena oglasa iz vaših omiljenih na Kvadratu je snižena:",
    favourites: "Vaši omiljeni oglasi",
    dropUnsubscribe: "Odjava od obaveštenja o sniženju cena",
    listingsCount: (count) => counted("sr", count, { one: "oglas", few: "oglasa", other: "oglasa" }),
  },
};

/** A price as the site writes it: euros without cents, in the letter's language. */
const money = (value: number, locale: Locale) =>
  textCatalog(locale).intl.formatNumber(value, {
    style: "currency",
    currency: "EUR",
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });

const priceText = (listing: AlertListing, locale: Locale) =>
  listing.oldPrice === undefined
    ? money(listing.price, locale)
    : `${money(listing.oldPrice, locale)} → ${money(listing.price, locale)}`;

/** A listing in the text part: title, price, place, link. */
const listingText = (listing: AlertListing, context: MailContext) =>
  [
    `• ${listing.title}`,
    `  ${priceText(listing, context.locale)} · ${listing.place}`,
    `  ${siteUrl(context, listing.path)}`,
  ].join("\n");

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#1f2328";
const LINK = "color:#0b57d0";

/** A listing in the HTML part: its photo beside its title, price and place, all linking to its page. */
function listingHtml(listing: AlertListing, context: MailContext): string {
  const url = escapeHtml(siteUrl(context, listing.path));
  const photo = listing.photo
    ? `<a href="${url}"><img src="${escapeHtml(listing.photo)}" width="160" alt="" style="display:block;width:160px;max-width:160px;height:auto;border-radius:6px;border:0"></a>`
    : "";
  const price =
    listing.oldPrice === undefined
      ? `<strong>${escapeHtml(money(listing.price, context.locale))}</strong>`
      : `<s style="color:#57606a">${escapeHtml(money(listing.oldPrice, context.locale))}</s> <strong>${escapeHtml(money(listing.price, context.locale))}</strong>`;
  return `<tr>
<td style="padding:8px 12px 8px 0;vertical-align:top;width:160px">${photo}</td>
<td style="padding:8px 0;vertical-align:top;${FONT}">
<a href="${url}" style="${LINK};font-size:16px;font-weight:bold;text-decoration:none">${escapeHtml(listing.title)}</a>
<div style="margin-top:4px;font-size:16px">${price}</div>
<div style="margin-top:2px;font-size:14px;color:#57606a">${escapeHtml(listing.place)}</div>
</td>
</tr>`;
}

const listingsHtml = (listings: readonly AlertListing[], context: MailContext) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%">${listings
    .map((listing) => listingHtml(listing, context))
    .join("")}</table>`;

const linkHtml = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" style="${LINK}">${escapeHtml(text)}</a>`;

/** The HTML document around an e-mail's body, with its unsubscribe link at the foot. */
function documentHtml(
  context: MailContext,
  subject: string,
  body: string,
  foot: { href: string; text: string }[],
): string {
  return `<!doctype html>
<html lang="${context.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;background:#ffffff;${FONT}">
<div style="max-width:600px;margin:0 auto">
${body}
<p style="margin-top:24px;font-size:13px;color:#57606a">${foot.map((link) => linkHtml(link.href, link.text)).join(" · ")}</p>
<p style="font-size:13px;color:#57606a">— Kvadrat</p>
</div>
</body>
</html>`;
}

/** The digest of new listings for a person's saved searches. */
export function digestLetter(digest: Digest, context: MailContext): AlertLetter {
  const words = WORDS[context.locale];
  const count = new Set(digest.groups.flatMap((group) => group.listings.map((listing) => listing.id))).size;
  const total = count + digest.groups.reduce((sum, group) => sum + group.more, 0);
  const subject =
    digest.groups.length === 1 ? words.digestSubjectOne(digest.groups[0]!.label) : words.digestSubjectMany(total);
  const manage = siteUrl(context, privatePaths.cabinet.savedSearches());
  const unsubscribe = siteUrl(context, digest.unsubscribePath);
  const text = [
    words.digestIntro,
    ...digest.groups.flatMap((group) => [
      "",
      `${group.label} (${words.listingsCount(group.listings.length + group.more)})`,
      "",
      ...group.listings.map((listing) => listingText(listing, context)),
      ...(group.more
        ? [`${words.more(group.more)}: ${siteUrl(context, group.searchPath)}`]
        : [`${words.openSearch}: ${siteUrl(context, group.searchPath)}`]),
      ...(group.stopPath ? [`${words.stopSearch}: ${siteUrl(context, group.stopPath)}`] : []),
    ]),
    "",
    `${words.manageSearches}: ${manage}`,
    `${words.digestUnsubscribe}: ${unsubscribe}`,
    "",
    "— Kvadrat",
  ].join("\n");
  const body = [
    `<p style="font-size:16px">${escapeHtml(words.digestIntro)}</p>`,
    ...digest.groups.map(
      (group) => `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(group.label)}</h2>
${listingsHtml(group.listings, context)}
<p style="font-size:14px">${linkHtml(siteUrl(context, group.searchPath), group.more ? words.more(group.more) : words.openSearch)}${
        group.stopPath ? ` · ${linkHtml(siteUrl(context, group.stopPath), words.stopSearch)}` : ""
      }</p>`,
    ),
  ].join("\n");
  const html = documentHtml(context, subject, body, [
    { href: manage, text: words.manageSearches },
    { href: unsubscribe, text: words.digestUnsubscribe },
  ]);
  return { subject, text, html };
}

/** The "price reduced" notice of a person's favourites. */
export function priceDropLetter(drops: PriceDrops, context: MailContext): AlertLetter {
  const words = WORDS[context.locale];
  const subject = drops.listings.length === 1 ? words.dropSubjectOne(drops.listings[0]!.title) : words.dropSubjectMany;
  const favourites = siteUrl(context, privatePaths.cabinet.favourites());
  const unsubscribe = siteUrl(context, drops.unsubscribePath);
  const text = [
    words.dropIntro,
    "",
    ...drops.listings.flatMap((listing) => [listingText(listing, context), ""]),
    `${words.favourites}: ${favourites}`,
    `${words.dropUnsubscribe}: ${unsubscribe}`,
    "",
    "— Kvadrat",
  ].join("\n");
  const body = `<p style="font-size:16px">${escapeHtml(words.dropIntro)}</p>
${listingsHtml(drops.listings, context)}`;
  const html = documentHtml(context, subject, body, [
    { href: favourites, text: words.favourites },
    { href: unsubscribe, text: words.dropUnsubscribe },
  ]);
  return { subject, text, html };
}
