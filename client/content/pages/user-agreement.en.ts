import type { PageContent } from "#client/content/types.ts";

export default {
  updated: "2026-11-24",
  sections: [
    {
      id: "acceptance",
      heading: "About this agreement",
      paragraphs: [
        "This agreement sets the terms on which Kvadrat d.o.o., Belgrade (“Kvadrat”, “we”) lets you use the kvadrat.rs website. By browsing the site you accept the parts that apply to visitors; by creating an account you accept the whole agreement.",
      ],
    },
    {
      id: "service",
      heading: "The service",
      paragraphs: [
        "Kvadrat is a place where owners and agencies publish property listings and visitors find them. We are not a party to any sale or rental agreed through the site, we do not act as an agent, and we do not guarantee that a property or a deal is as described.",
      ],
    },
    {
      id: "accounts",
      heading: "Accounts",
      items: [
        "You must be at least 18 years old to open an account.",
        "You give true contact details and keep your password to yourself; you are responsible for what is done with your account.",
        "Listings are accepted only from accounts with a verified phone number.",
        "You may have your account deleted at any time: write to support@kvadrat.rs.",
      ],
    },
    {
      id: "listings",
      heading: "Listings",
      paragraphs: [
        "You may only advertise a property you own or are authorised to offer. You are responsible for the accuracy of the listing: price, area, location, photos and description. Listings follow the listing rules and pass moderation before publication; we may refuse, edit the category of, or remove a listing that breaks them.",
      ],
    },
    {
      id: "paid-services",
      heading: "Paid services",
      paragraphs: [
        "Some features are paid, such as revealing an owner’s phone number. The price is shown before you pay and includes VAT. A paid service starts as soon as the payment is confirmed; if we cannot provide it because of our error, we refund the payment.",
      ],
    },
    {
      id: "conduct",
      heading: "What is not allowed",
      items: [
        "publishing false, misleading or duplicate listings, or listings of properties that are not available;",
        "using contact details from the site for advertising, spam or anything other than the listing;",
        "collecting data from the site automatically, or disrupting its work;",
        "impersonating another person or agency, or offering payment outside the site in advance to “reserve” a property.",
      ],
    },
    {
      id: "content",
      heading: "Your content",
      paragraphs: [
        "You keep the rights to the texts and photos you publish. You allow us to show, resize and translate them on the site and in its promotion for as long as the listing exists. Do not publish photos you have no right to use.",
      ],
    },
    {
      id: "liability",
      heading: "Liability",
      paragraphs: [
        "We keep the site running and check listings with care, but we cannot be liable for the content of listings, for agreements between users or for interruptions we could not prevent. Nothing in this agreement limits liability that cannot be limited under Serbian law or your rights as a consumer.",
      ],
    },
    {
      id: "termination",
      heading: "Suspension and termination",
      paragraphs: [
        "We may suspend or close an account that seriously or repeatedly breaks this agreement, after telling its owner why, except where a warning would help fraud continue.",
      ],
    },
    {
      id: "law",
      heading: "Law, disputes and changes",
      paragraphs: [
        "This agreement is governed by the law of the Republic of Serbia. We try to resolve every complaint by agreement first (support@kvadrat.rs); otherwise the competent court in Belgrade decides, unless consumer law gives you the right to go to the court where you live.",
        "We may change this agreement. Account holders are told about changes by e-mail at least 15 days before they take effect.",
      ],
    },
  ],
} satisfies PageContent;
