import type { PageContent } from "#client/content/types.ts";

export default {
  updated: "2026-11-24",
  sections: [
    {
      id: "controller",
      heading: "Who is responsible for your data",
      paragraphs: [
        "The controller of personal data processed on Kvadrat is Kvadrat d.o.o., Belgrade, Serbia (privacy@kvadrat.rs). We process personal data under the Serbian Law on Personal Data Protection (ZZPL, Official Gazette of RS No. 87/2018) and, for visitors from the European Union, the General Data Protection Regulation (GDPR).",
      ],
    },
    {
      id: "data-we-collect",
      heading: "What data we collect",
      items: [
        "Account data: your name, phone number, e-mail address and password (stored only as a salted hash).",
        "Listings: the property's address, description, photos, price and the contact details you choose to show.",
        "Messages you send to other users through the site, and questions you send us with the feedback form.",
        "Payment records: the service bought, amount and date. Card details are handled by the payment provider and never reach us.",
        "Technical data: IP address, browser type, pages visited and the time of the visit, kept in server logs.",
        "Favourites and your e-mail subscriptions.",
      ],
    },
    {
      id: "purposes",
      heading: "Why we process it and on what legal basis",
      items: [
        "To provide the service you asked for — your account, listings, messages, favourites and revealed phone numbers (performance of a contract).",
        "To verify phone numbers and moderate listings, so that listings are real and fraud is stopped (legitimate interest).",
        "To keep payment and accounting records (legal obligation).",
        "To send you the e-mails you subscribed to, such as our newsletter (consent, which you can withdraw at any time with the link in every e-mail).",
        "To keep the site secure and measure how it is used, in aggregate (legitimate interest).",
      ],
      after: ["We do not sell personal data and do not use it for automated decisions that have legal effects on you."],
    },
    {
      id: "retention",
      heading: "How long we keep it",
      items: [
        "Account data: while the account exists, and 30 days after you delete it.",
        "Listings: while they are active, and 12 months after archiving.",
        "Messages: 24 months after the last message of a conversation.",
        "Payment records: 10 years, as Serbian accounting law requires.",
        "Server logs: 30 days.",
      ],
    },
    {
      id: "sharing",
      heading: "Who receives it",
      paragraphs: [
        "The contact details of a listing are shown to visitors as you decide. Otherwise, data is shared only with processors that work for us under a contract — hosting (Cloudflare), the SMS and e-mail providers that deliver codes and notifications, and the payment provider — and with authorities when the law requires it. Where a processor stores data outside Serbia, the transfer is protected by standard contractual clauses.",
      ],
    },
    {
      id: "rights",
      heading: "Your rights",
      items: [
        "access the data we hold about you and receive a copy;",
        "have inaccurate data corrected and incomplete data completed;",
        "have your data erased — write to us and we delete your account;",
        "restrict or object to processing based on our legitimate interest;",
        "receive the data you gave us in a machine-readable format (portability);",
        "withdraw consent at any time, without affecting processing before the withdrawal.",
      ],
      after: [
        "Write to privacy@kvadrat.rs; we answer within 30 days. You may also complain to the Commissioner for Information of Public Importance and Personal Data Protection (www.poverenik.rs) or to the supervisory authority of your EU country.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      paragraphs: [
        "We use only the cookies the site needs to work; there are no advertising or third-party tracking cookies.",
      ],
      items: [
        "locale — the interface language you chose (365 days);",
        "access_token and refresh_token — keep you signed in (the session, or 30 days if you choose “Remember me”); they cannot be read by scripts;",
        "favourites — the listings you saved without an account (365 days).",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: [
        "When this policy changes we update the date at the top of the page, and we notify account holders by e-mail about significant changes before they take effect.",
      ],
    },
  ],
} satisfies PageContent;
