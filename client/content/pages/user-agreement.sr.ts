import type { PageContent } from "#client/content/types.ts";

export default {
  updated: "2026-11-24",
  sections: [
    {
      id: "acceptance",
      heading: "O ovom ugovoru",
      paragraphs: [
        "Ovaj ugovor određuje uslove pod kojima vam Kvadrat d.o.o., Beograd („Kvadrat”, „mi”), omogućava korišćenje sajta kvadrat.rs. Pregledanjem sajta prihvatate uslove koji se odnose na posetioce; otvaranjem naloga prihvatate ceo ugovor.",
      ],
    },
    {
      id: "service",
      heading: "Usluga",
      paragraphs: [
        "Kvadrat je mesto gde vlasnici i agencije objavljuju oglase za nekretnine, a posetioci ih pronalaze. Nismo strana u kupoprodaji ili zakupu dogovorenom preko sajta, ne posredujemo i ne garantujemo da nekretnina ili posao odgovaraju opisu.",
      ],
    },
    {
      id: "accounts",
      heading: "Nalozi",
      items: [
        "Nalog možete otvoriti ako imate najmanje 18 godina.",
        "Navodite tačne kontakt podatke i lozinku ne otkrivate drugima; odgovorni ste za sve što se radi sa vašim nalogom.",
        "Oglasi se primaju samo od naloga sa potvrđenim brojem telefona.",
        "Nalog možete obrisati u svakom trenutku: pišite na support@kvadrat.rs.",
      ],
    },
    {
      id: "listings",
      heading: "Oglasi",
      paragraphs: [
        "Smete oglašavati samo nekretninu koju posedujete ili ste ovlašćeni da je nudite. Odgovorni ste za tačnost oglasa: cenu, površinu, lokaciju, fotografije i opis. Oglasi moraju poštovati pravila za oglase i prolaze moderaciju pre objavljivanja; oglas koji ih krši možemo odbiti, premestiti u drugu kategoriju ili ukloniti.",
      ],
    },
    {
      id: "paid-services",
      heading: "Plaćene usluge",
      paragraphs: [
        "Neke funkcije se plaćaju, na primer prikaz broja telefona vlasnika. Cena se prikazuje pre plaćanja i sadrži PDV. Plaćena usluga počinje čim je plaćanje potvrđeno; ako je zbog naše greške ne možemo pružiti, vraćamo novac.",
      ],
    },
    {
      id: "conduct",
      heading: "Šta nije dozvoljeno",
      items: [
        "objavljivanje lažnih, obmanjujućih ili dupliranih oglasa, kao i oglasa za nekretnine koje nisu dostupne;",
        "korišćenje kontakt podataka sa sajta za reklame, neželjene poruke ili bilo šta osim samog oglasa;",
        "automatsko prikupljanje podataka sa sajta ili ometanje njegovog rada;",
        "predstavljanje u ime druge osobe ili agencije i traženje uplate unapred van sajta za „rezervaciju” nekretnine.",
      ],
    },
    {
      id: "content",
      heading: "Vaš sadržaj",
      paragraphs: [
        "Prava na tekstove i fotografije koje objavite ostaju vama. Dozvoljavate nam da ih prikazujemo, menjamo im veličinu i prevodimo ih na sajtu i u njegovoj promociji dok oglas postoji. Ne objavljujte fotografije na koje nemate pravo.",
      ],
    },
    {
      id: "liability",
      heading: "Odgovornost",
      paragraphs: [
        "Održavamo rad sajta i pažljivo proveravamo oglase, ali ne odgovaramo za sadržaj oglasa, za dogovore između korisnika niti za prekide koje nismo mogli sprečiti. Ništa u ovom ugovoru ne ograničava odgovornost koja se po zakonu Srbije ne može ograničiti niti vaša prava kao potrošača.",
      ],
    },
    {
      id: "termination",
      heading: "Suspenzija i gašenje naloga",
      paragraphs: [
        "Nalog čiji vlasnik ozbiljno ili ponovljeno krši ovaj ugovor možemo suspendovati ili ugasiti, uz objašnjenje razloga, osim kada bi upozorenje pomoglo da se prevara nastavi.",
      ],
    },
    {
      id: "law",
      heading: "Merodavno pravo, sporovi i izmene",
      paragraphs: [
        "Na ovaj ugovor primenjuje se pravo Republike Srbije. Svaku reklamaciju prvo pokušavamo da rešimo dogovorom (support@kvadrat.rs); u suprotnom odlučuje nadležni sud u Beogradu, osim ako vam zakon o zaštiti potrošača daje pravo da se obratite sudu prema mestu prebivališta.",
        "Ugovor možemo menjati. Vlasnike naloga o izmenama obaveštavamo e-poštom najmanje 15 dana pre nego što stupe na snagu.",
      ],
    },
  ],
} satisfies PageContent;
