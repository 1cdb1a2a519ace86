import { describe, expect, it } from "vitest";
import { REJECTION_CODES } from "#shared/api/cabinet.ts";
import { MESSAGE_NOTICE_DELAY_MS, MESSAGE_NOTICE_INTERVAL_MS } from "#shared/constants.ts";
import { LOCALES } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { mailLocale, OWNER_MAIL, type OwnerMailKind, ownerLetter } from "./owner-mail.ts";

const origin = "https://kvadrat.example";
const listing = { id: 42, title: "2-room apartment for sale, 58 m², Vračar, Belgrade" };
const unsubscribePath = "/unsubscribe/?token=tok_123";
const SAMPLES: { [K in OwnerMailKind]: Parameters<typeof ownerLetter<K>>[1] } = {
  listing_approved: { listing, path: "/buy/apartment/beograd/42/", unsubscribePath },
  listing_rejected: { listing, code: "photos", reason: "Please add photos of the rooms.", unsubscribePath },
  listing_hidden: { listing, reasons: ["sold", "fake"], unsubscribePath },
  changes_approved: { listing, path: "/buy/apartment/beograd/42/", unsubscribePath },
  changes_rejected: { listing, code: "rules", reason: "No payment details in the text.", unsubscribePath },
  expiry_reminder: {
    listing,
    expiresAt: Date.UTC(2026, 11, 3, 10),
    renewPath: "/listing/renew/42/?token=abc.def",
    unsubscribePath,
  },
  availability_question: {
    items: [
      { listing, deal: "sale", hidden: false, path: "/listing/availability/42/?token=abc.def" },
      { listing: { id: 43, title: null }, deal: "rent", hidden: true, path: "/listing/availability/43/?token=ghi.jkl" },
    ],
    unsubscribePath,
  },
  new_message: {
    sender: "Ana",
    listing,
    excerpt: "Is it still available?\nCan I see it on Saturday?",
    conversationPath: "/cabinet/messages/?c=9",
    unsubscribePath,
  },
};

describe("owner e-mails", () => {
  it.each(LOCALES.map((l) => l.code))("every template is written in %s, with absolute links", (locale) => {
    const prefix = locale === "en" ? "" : `/${locale}`;
    for (const kind of Object.keys(OWNER_MAIL) as OwnerMailKind[]) {
      const letter = ownerLetter(kind, SAMPLES[kind] as never, { locale, origin });
      expect(letter.purpose).toBe(kind);
      expect(letter.subject.trim()).not.toBe("");
      expect(letter.text).toContain(listing.title);
      expect(letter.text).toContain("42");
      // Every link is absolute, on the given origin, in the letter's language.
      const links = letter.text.match(/https?:\/\/\S+/g) ?? [];
      expect(links.length, kind).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${origin}${prefix}/`), link).toBe(true);
      // Every one ends with its way out (decision 041).
      expect(letter.text).toContain(`${origin}${prefix}/unsubscribe/?token=tok_123`);
    }
  });

  it("names a rejection's reason by the label the site shows, and the moderator's words", () => {
    for (const { code: locale } of LOCALES) {
      for (const code of REJECTION_CODES) {
        const letter = ownerLetter(
          "listing_rejected",
          { listing, code, reason: "", unsubscribePath },
          { locale, origin },
        );
        const label = textCatalog(locale).intl.formatMessage({ id: `moderation.rejectionCode.${code}` });
        expect(label).not.toBe(`moderation.rejectionCode.${code}`);
        expect(letter.text).toContain(label);
      }
      const words = ownerLetter(
        "listing_rejected",
        { listing, code: null, reason: "Too dark.", unsubscribePath },
        { locale, origin },
      );
      expect(words.text).toContain("Too dark.");
      expect(words.text).toContain(`${origin}${locale === "en" ? "" : `/${locale}`}/listing/edit/42/`);
    }
  });

  it("tells why reports took a listing off the site, by the labels visitors chose, and where to act", () => {
    for (const { code: locale } of LOCALES) {
      const letter = ownerLetter("listing_hidden", SAMPLES.listing_hidden, { locale, origin });
      for (const reason of ["sold", "fake"] as const) {
        const label = textCatalog(locale).intl.formatMessage({ id: `report.reason.${reason}` });
        expect(label).not.toBe(`report.reason.${reason}`);
        expect(letter.text).toContain(label);
      }
      const only = ownerLetter("listing_hidden", { listing, reasons: ["sold"], unsubscribePath }, { locale, origin });
      expect(only.text).not.toContain(textCatalog(locale).intl.formatMessage({ id: "report.reason.fake" }));
      expect(letter.text).toContain(`${origin}${locale === "en" ? "" : `/${locale}`}/cabinet/`);
    }
  });

  it("says when a listing expires in the owner's language and links to its renewal with the token", () => {
    const dates = { en: "3 December 2026", ru: "3 декабря 2026", sr: "3. decembar 2026" };
    for (const { code: locale } of LOCALES) {
      const letter = ownerLetter("expiry_reminder", SAMPLES.expiry_reminder, { locale, origin });
      expect(letter.text).toContain(dates[locale]);
      expect(letter.text).toContain(`${origin}${locale === "en" ? "" : `/${locale}`}/listing/renew/42/?token=abc.def`);
    }
  });

  it("asks about each listing with its one-click answers, the deal's own, and says which one is hidden", () => {
    const hidden = { en: "out of search", ru: "скрыто из поиска", sr: "sklonjen iz pretrage" };
    for (const { code: locale } of LOCALES) {
      const at = `${origin}${locale === "en" ? "" : `/${locale}`}/listing/availability/`;
      const { text } = ownerLetter("availability_question", SAMPLES.availability_question, { locale, origin });
      expect(text).toContain(`${at}42/?token=abc.def&outcome=available`);
      expect(text).toContain(`${at}42/?token=abc.def&outcome=sold`);
      expect(text).not.toContain(`${at}42/?token=abc.def&outcome=let`);
      expect(text).toContain(`${at}43/?token=ghi.jkl&outcome=let`);
      expect(text).not.toContain(`${at}43/?token=ghi.jkl&outcome=sold`);
      // Only the second listing is out of search.
      expect(text.split("\n").filter((line) => line.includes(hidden[locale]))).toHaveLength(1);
      expect(text.split("\n").find((line) => line.includes(hidden[locale]))).toContain("43");
    }
  });

  it("names a listing without a title by its number", () => {
    const letter = ownerLetter(
      "listing_approved",
      { listing: { id: 7, title: null }, path: "/realty/7/", unsubscribePath },
      { locale: "ru", origin },
    );
    expect(letter.text).toContain("№ 7");
  });

  it("writes in English when the person's language is not known", () => {
    expect(mailLocale(null)).toBe("en");
    expect(mailLocale("de")).toBe("en");
    expect(mailLocale("sr")).toBe("sr");
  });

  it("tells of a new message: who, about which listing, its words quoted, the conversation and the way out", () => {
    // The letters say "10 minutes" and "once an hour" in words.
    expect(MESSAGE_NOTICE_DELAY_MS).toBe(10 * 60 * 1000);
    expect(MESSAGE_NOTICE_INTERVAL_MS).toBe(60 * 60 * 1000);
    for (const { code: locale } of LOCALES) {
      const prefix = locale === "en" ? "" : `/${locale}`;
      const letter = ownerLetter("new_message", SAMPLES.new_message, { locale, origin });
      expect(letter.text).toContain("Ana");
      expect(letter.text).toContain("> Is it still available?\n> Can I see it on Saturday?");
      expect(letter.text).toContain(`${origin}${prefix}/cabinet/messages/?c=9`);
      expect(letter.text).toContain(`${origin}${prefix}/unsubscribe/?token=tok_123`);
      expect(letter.text).toContain("10");
      // Without a name (an account deleted since), the letter still reads.
      const anonymous = ownerLetter("new_message", { ...SAMPLES.new_message, sender: "" }, { locale, origin });
      expect(anonymous.text).not.toContain("Ana");
      expect(anonymous.text).toContain(listing.title);
    }
  });
});
