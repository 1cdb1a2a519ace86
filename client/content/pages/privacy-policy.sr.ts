import type { PageContent } from "#client/content/types.ts";

export default {
  updated: "2026-11-24",
  sections: [
    {
      id: "controller",
      heading: "Ko je odgovoran za vaše podatke",
      paragraphs: [
        "Rukovalac podacima o ličnosti koji se obrađuju na Kvadratu je Kvadrat d.o.o., Beograd, Srbija (privacy@kvadrat.rs). Podatke obrađujemo u skladu sa Zakonom o zaštiti podataka o ličnosti (ZZPL, „Službeni glasnik RS” br. 87/2018), a za posetioce iz Evropske unije i u skladu sa Opštom uredbom o zaštiti podataka (GDPR).",
      ],
    },
    {
      id: "data-we-collect",
      heading: "Koje podatke prikupljamo",
      items: [
        "Podaci naloga: ime, broj telefona, adresa e-pošte i lozinka (čuva se samo kao heš sa solju).",
        "Oglasi: adresa nekretnine, opis, fotografije, cena i kontakt podaci koje odlučite da prikažete.",
        "Poruke koje preko sajta šaljete drugim korisnicima i pitanja koja nam šaljete preko formulara.",
        "Podaci o plaćanjima: kupljena usluga, iznos i datum. Podatke o kartici obrađuje pružalac platnih usluga i oni ne stižu do nas.",
        "Tehnički podaci: IP adresa, vrsta pregledača, posećene stranice i vreme posete, u evidencijama servera.",
        "Omiljeni oglasi i vaše pretplate na e-poštu.",
      ],
    },
    {
      id: "purposes",
      heading: "Zašto ih obrađujemo i na osnovu čega",
      items: [
        "Da bismo pružili uslugu koju koristite — nalog, oglase, poruke, omiljene oglase i prikaz brojeva telefona (izvršenje ugovora).",
        "Da bismo potvrdili brojeve telefona i proverili oglase, kako bi oglasi bili stvarni, a prevare sprečene (legitimni interes).",
        "Da bismo vodili evidenciju o plaćanjima i knjigovodstvo (zakonska obaveza).",
        "Da bismo vam slali e-poruke na koje ste se pretplatili, kao što je naš bilten (pristanak, koji možete povući u svakom trenutku preko linka u svakoj poruci).",
        "Da bismo održali bezbednost sajta i zbirno pratili kako se koristi (legitimni interes).",
      ],
      after: [
        "Ne prodajemo podatke o ličnosti i ne donosimo na osnovu njih automatizovane odluke koje za vas imaju pravne posledice.",
      ],
    },
    {
      id: "retention",
      heading: "Koliko dugo ih čuvamo",
      items: [
        "Podaci naloga: dok nalog postoji i 30 dana posle brisanja.",
        "Oglasi: dok su aktivni i 12 meseci posle arhiviranja.",
        "Poruke: 24 meseca posle poslednje poruke u prepisci.",
        "Podaci o plaćanjima: 10 godina, kako to zahteva zakon o računovodstvu.",
        "Evidencije servera: 30 dana.",
      ],
    },
    {
      id: "sharing",
      heading: "Kome se podaci dostavljaju",
      paragraphs: [
        "Kontakt podatke iz oglasa posetioci vide onako kako ste odlučili. Inače podatke dostavljamo samo obrađivačima koji za nas rade po ugovoru — hostingu (Cloudflare), pružaocima SMS i e-mail usluga koji isporučuju kodove i obaveštenja i pružaocu platnih usluga — kao i državnim organima kada to zakon zahteva. Kada obrađivač čuva podatke van Srbije, prenos je zaštićen standardnim ugovornim klauzulama.",
      ],
    },
    {
      id: "rights",
      heading: "Vaša prava",
      items: [
        "pristup podacima koje o vama čuvamo i dobijanje njihove kopije;",
        "ispravku netačnih i dopunu nepotpunih podataka;",
        "brisanje podataka — pišite nam i obrisaćemo vaš nalog;",
        "ograničenje obrade i prigovor na obradu zasnovanu na našem legitimnom interesu;",
        "dobijanje podataka koje ste nam dali u mašinski čitljivom obliku (prenosivost);",
        "povlačenje pristanka u svakom trenutku, bez uticaja na obradu pre povlačenja.",
      ],
      after: [
        "Pišite na privacy@kvadrat.rs; odgovaramo u roku od 30 dana. Pritužbu možete podneti i Povereniku za informacije od javnog značaja i zaštitu podataka o ličnosti (www.poverenik.rs) ili nadzornom organu svoje zemlje EU.",
      ],
    },
    {
      id: "cookies",
      heading: "Kolačići",
      paragraphs: [
        "Koristimo samo kolačiće bez kojih sajt ne radi; nema reklamnih kolačića niti kolačića za praćenje trećih strana.",
      ],
      items: [
        "locale — jezik interfejsa koji ste izabrali (365 dana);",
        "access_token i refresh_token — čuvaju prijavu (tokom sesije ili 30 dana ako izaberete „Zapamti me”); skripte ih ne mogu pročitati;",
        "favourites — oglasi koje ste sačuvali bez naloga (365 dana).",
      ],
    },
    {
      id: "changes",
      heading: "Izmene ove politike",
      paragraphs: [
        "Kada se politika promeni, ažuriramo datum na vrhu stranice, a o važnim izmenama vlasnike naloga obaveštavamo e-poštom pre nego što stupe na snagu.",
      ],
    },
  ],
} satisfies PageContent;
