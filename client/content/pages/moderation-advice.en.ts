import type { PageContent } from "#client/content/types.ts";

export default {
  sections: [
    {
      id: "before-you-start",
      heading: "Before you start",
      paragraphs: [
        "A moderator checks every new or edited listing before it appears in the search. Most are approved within a few hours on working days. These tips help yours pass the first time.",
      ],
      items: [
        "Verify your phone number in the personal cabinet: listings from unverified accounts are not published.",
        "Choose the right deal and property type: a studio for rent is “Rent › Apartment”, a plot with an old house to demolish is “Buy › Land”.",
        "Have the exact address, area and floor at hand; the map pin must stand on the building, not in the middle of the district.",
      ],
    },
    {
      id: "price",
      heading: "Price",
      items: [
        "Give the full price in euros: for a sale, the price of the property; for a rental, the monthly rent.",
        "Do not write 1 € or 999 999 € to get attention, and do not put the price “on request”.",
        "Agency commission and the deposit go into the description, stated plainly.",
      ],
    },
    {
      id: "photos",
      heading: "Photos",
      items: [
        "Upload at least three photos of the property itself, taken in daylight; the first one becomes the cover.",
        "Photos must not carry phone numbers, web addresses or another site’s watermark.",
        "Visualisations are allowed for new builds if the description says so.",
      ],
    },
    {
      id: "description",
      heading: "Description",
      items: [
        "Describe the property as it is: layout, condition, heating, what comes with it, what needs work.",
        "Write in one language and without capitals throughout; you may add a translation below.",
        "Leave contacts out of the text: visitors reach you with the “show phone” and “write a message” buttons.",
      ],
    },
    {
      id: "if-rejected",
      heading: "If a listing is sent back",
      paragraphs: [
        "The moderator’s note says what to change. A corrected listing returns to the queue and is usually checked faster the second time. If you disagree with the decision, write to support@kvadrat.rs.",
      ],
    },
  ],
} satisfies PageContent;
