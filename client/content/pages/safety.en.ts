import type { PageContent } from "#client/content/types.ts";

export default {
  sections: [
    {
      id: "no-money-before-viewing",
      heading: "No money before a viewing and a contract",
      paragraphs: [
        "Almost every rental and sale fraud ends the same way: someone pays a deposit, a reservation fee or an “advance” for a flat they have never seen, to a person they have never met. An honest owner or agency has no reason to ask for money before you have seen the property and both sides have signed a written contract.",
      ],
      items: [
        "Do not pay a deposit (depozit), earnest money (kapara), advance (avans) or reservation fee to “hold” a property you have not seen.",
        "Do not send money so that someone will “bring the keys”, “send them by courier” or “show you the flat”: keys are handed over in person, when the contract is signed.",
        "Do not send copies of your passport, ID card or bank card before a viewing: they are enough to open accounts or take loans in your name.",
        "Kvadrat never holds a deposit for anyone, never asks for payment in a message and has no “guaranteed reservation” or escrow service. An e-mail or a page that says otherwise is a forgery.",
      ],
    },
    {
      id: "check-the-owner",
      heading: "Check who owns the property",
      paragraphs: [
        "Every property in Serbia is recorded in the real-estate cadastre (katastar nepokretnosti) kept by the Republic Geodetic Authority (RGZ). Its public service e-Katastar, https://katastar.rgz.gov.rs/eKatastarPublic, shows the parcel, the building and its units by address or by cadastral municipality and parcel number, free of charge.",
      ],
      items: [
        "Ask for the extract from the property sheet (izvod iz lista nepokretnosti) and compare it with the cadastre: the address, the area, the floor and the owner’s name must match what you are told.",
        "The person who signs must be the owner named in the cadastre, or show a power of attorney certified by a notary (javni beležnik). Ask to see their ID card and compare the name.",
        "The property sheet also lists mortgages and other burdens (tereti): a flat under a mortgage or a dispute can still be sold, but only with the bank’s consent and a notary’s care.",
        "An agency must be entered in the register of real-estate intermediaries kept by the ministry responsible for trade, and work under a written mediation contract. Ask for its registration number.",
      ],
    },
    {
      id: "meet-in-person",
      heading: "Meet in person, see the property",
      items: [
        "View the property itself, not photos or a video call, and meet the owner or the agent there. “I am abroad, my lawyer will send the keys” is the most common story of a fake listing.",
        "Check that the keys open the door, that the meters and the building match the listing, and ask the neighbours or the building’s manager (upravnik zgrade) who lives there if something feels wrong.",
        "Bring someone with you to the first viewing when you can, and view during the day.",
      ],
    },
    {
      id: "too-cheap",
      heading: "Be wary of a price far under the market",
      paragraphs: [
        "A flat in the centre of Belgrade for half the usual rent is not luck: it is bait. Fraudsters copy real photos from other listings, set a price well under the market and then hurry you.",
      ],
      items: [
        "Compare the price with similar listings in the same district and with the market figures on the listing’s page.",
        "Pressure is a warning sign: “many people are interested”, “pay today or it is gone”, “I can only show it after the reservation”.",
        "If the same photos appear in another listing under another name or address, report both.",
      ],
    },
    {
      id: "stay-on-kvadrat",
      heading: "Keep the conversation on Kvadrat",
      paragraphs: [
        "Write to owners through the listing’s “Write a message” button and keep talking there. A fraudster soon asks to move to WhatsApp, Viber, Telegram or Signal, where nobody can see the conversation, report it or stop them. Kvadrat shows a warning beside a message that asks for money, gives bank or card details or suggests moving to another messenger.",
      ],
      items: [
        "Do not follow payment links sent in messages, and never type your card details on a page you reached from a message.",
        "A phone call is fine; sending money or documents to someone you only know from a chat is not.",
      ],
    },
    {
      id: "how-to-pay",
      heading: "Pay by bank transfer, against a written contract",
      paragraphs: [
        "Pay only after the viewing, against a signed written contract, by bank transfer to an account in the name of the owner (or of the agency, against its invoice). A transfer leaves a record; cash, money-transfer services (Western Union, MoneyGram, Ria and the like), PayPal, Wise, cards of strangers and crypto wallets do not protect you and are almost impossible to get back.",
      ],
      items: [
        "Renting: sign a lease contract (ugovor o zakupu) that names the owner, the flat, the rent, the deposit and how the deposit is returned. The deposit — usually one month’s rent — is paid when you sign and get the keys, never before. Keep the receipts and photos of the flat’s condition at moving in.",
        "If you are a foreign citizen, your stay at the address must be registered with the police within 24 hours of moving in (prijava boravka): an honest landlord helps with it and signs a contract.",
        "Buying: a sale contract for real estate in Serbia is certified (solemnized) by a notary, who checks the parties and the cadastre. Earnest money (kapara) is normal when buying, but only against a preliminary contract (predugovor) certified by a notary, and paid to the seller’s account.",
        "Never pay into an account in another person’s name because “the owner is travelling”.",
      ],
    },
    {
      id: "report",
      heading: "Report what looks wrong",
      paragraphs: [
        "Use the “Report this listing” link on the listing’s page, or “Report the conversation” in your messages, or write to support@kvadrat.rs. A person reads every report, and a listing that is a fraud is taken off the site.",
        "If you have already paid, call your bank at once: a card payment can sometimes be stopped or disputed. Report the fraud to the police (192) or to the Special Prosecutor’s Office for High-Tech Crime, and keep the messages, the listing’s address and the payment receipts.",
      ],
    },
  ],
} satisfies PageContent;
