import type { PageContent } from "#client/content/types.ts";

export default {
  updated: "2026-11-24",
  sections: [
    {
      id: "general",
      heading: "General rules",
      paragraphs: [
        "One listing describes one property that is available now, offered by its owner or by an agency the owner has authorised. These rules are part of the user agreement; listings that break them are not published or are removed.",
      ],
    },
    {
      id: "must-contain",
      heading: "A listing must contain",
      items: [
        "the correct deal (sale or rent) and property type;",
        "the city, district and address, and a map pin on the building or plot;",
        "the full price in euros — for rent, per month — and any commission, deposit or extra costs in the description;",
        "the area in square metres (for land, the plot area), and for flats and houses the number of rooms and the floor;",
        "at least three recent photos of this property;",
        "a description that matches the photos and the facts above.",
      ],
    },
    {
      id: "must-not-contain",
      heading: "A listing must not contain",
      items: [
        "a property that is sold, let or not really on offer, or a “bait” price;",
        "the same property more than once (another listing, deal or district), including from different accounts;",
        "several properties in one listing, except units of one new build described together;",
        "phone numbers, e-mail addresses, links or watermarks in the text or photos;",
        "photos of another property, stock images or images taken from other sites;",
        "offensive, discriminatory or misleading statements, such as refusing tenants by nationality;",
        "requests to pay a deposit or “reservation” before a viewing, or offers of anything other than property.",
      ],
    },
    {
      id: "agencies",
      heading: "Agencies",
      paragraphs: [
        "Agencies mark their listings as agency listings, show the commission and keep them up to date. An agency that advertises a property without the owner’s authorisation loses the right to publish.",
      ],
    },
    {
      id: "enforcement",
      heading: "What happens when rules are broken",
      paragraphs: [
        "A listing that breaks a rule is sent back with an explanation. Repeated or deliberate breaches — duplicates, bait prices, fraud — lead to removal of all the account’s listings and closure of the account. If a listing looks wrong to you, write to support@kvadrat.rs with its number; we look at every report.",
      ],
    },
  ],
} satisfies PageContent;
