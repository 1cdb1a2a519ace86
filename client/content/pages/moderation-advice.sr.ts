import type { PageContent } from "#client/content/types.ts";

export default {
  sections: [
    {
      id: "before-you-start",
      heading: "Pre nego što počnete",
      paragraphs: [
        "Svaki novi ili izmenjeni oglas proverava moderator pre nego što se pojavi u pretrazi. Radnim danima većina oglasa bude odobrena za nekoliko sati. Ovi saveti će vam pomoći da vaš oglas prođe iz prvog pokušaja.",
      ],
      items: [
        "Potvrdite broj telefona u ličnom nalogu: oglasi sa nepotvrđenih naloga se ne objavljuju.",
        "Izaberite pravu vrstu posla i nekretnine: garsonjera za izdavanje je „Izdavanje › Stan”, a plac sa starom kućom za rušenje je „Prodaja › Plac”.",
        "Pripremite tačnu adresu, površinu i sprat; oznaka na mapi mora biti na zgradi, a ne na sredini naselja.",
      ],
    },
    {
      id: "price",
      heading: "Cena",
      items: [
        "Navedite punu cenu u evrima: kod prodaje cenu nekretnine, kod izdavanja mesečnu zakupninu.",
        "Ne pišite 1 € ili 999.999 € da biste privukli pažnju i ne stavljajte cenu „na upit”.",
        "Proviziju agencije i depozit navedite u opisu, jasno i otvoreno.",
      ],
    },
    {
      id: "photos",
      heading: "Fotografije",
      items: [
        "Postavite najmanje tri fotografije same nekretnine, snimljene po danu; prva postaje naslovna.",
        "Na fotografijama ne smeju biti brojevi telefona, adrese sajtova ni vodeni žigovi drugih portala.",
        "Za novogradnju su dozvoljene vizualizacije ako je to navedeno u opisu.",
      ],
    },
    {
      id: "description",
      heading: "Opis",
      items: [
        "Opišite nekretninu onakvu kakva jeste: raspored, stanje, grejanje, šta ostaje, šta treba popraviti.",
        "Pišite na jednom jeziku i ne samo velikim slovima; prevod možete dodati ispod.",
        "Ne stavljajte kontakt u tekst: posetioci vas kontaktiraju dugmadima „Prikaži telefon” i „Pošalji poruku”.",
      ],
    },
    {
      id: "if-rejected",
      heading: "Ako vam oglas bude vraćen",
      paragraphs: [
        "Napomena moderatora kaže šta treba promeniti. Ispravljen oglas se vraća u red i druga provera je obično brža. Ako se ne slažete sa odlukom, pišite na support@kvadrat.rs.",
      ],
    },
  ],
} satisfies PageContent;
