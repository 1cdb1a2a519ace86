import type { PageContent } from "#client/content/types.ts";

export default {
  updated: "2026-11-24",
  sections: [
    {
      id: "general",
      heading: "Opšta pravila",
      paragraphs: [
        "Jedan oglas opisuje jednu nekretninu koja je trenutno dostupna, a nudi je vlasnik ili agencija koju je vlasnik ovlastio. Ova pravila su deo korisničkog ugovora; oglasi koji ih krše se ne objavljuju ili se uklanjaju.",
      ],
    },
    {
      id: "must-contain",
      heading: "Oglas mora da sadrži",
      items: [
        "tačnu vrstu posla (prodaja ili izdavanje) i vrstu nekretnine;",
        "grad, deo grada i adresu, kao i oznaku na mapi na zgradi ili placu;",
        "punu cenu u evrima — za izdavanje mesečno — a proviziju, depozit i dodatne troškove u opisu;",
        "površinu u kvadratnim metrima (za plac površinu placa), a za stanove i kuće broj soba i sprat;",
        "najmanje tri skorašnje fotografije baš te nekretnine;",
        "opis koji odgovara fotografijama i gore navedenim podacima.",
      ],
    },
    {
      id: "must-not-contain",
      heading: "Oglas ne sme da sadrži",
      items: [
        "nekretninu koja je prodata, izdata ili se zapravo ne nudi, kao ni cenu „mamac”;",
        "istu nekretninu više puta (u drugom oglasu, vrsti posla ili delu grada), ni sa različitih naloga;",
        "više nekretnina u jednom oglasu, osim stanova iste novogradnje opisanih zajedno;",
        "brojeve telefona, adrese e-pošte, linkove ili vodene žigove u tekstu ili na fotografijama;",
        "fotografije druge nekretnine, fotografije iz baza slika ili slike preuzete sa drugih sajtova;",
        "uvredljive, diskriminatorske ili obmanjujuće izjave, na primer odbijanje zakupaca zbog nacionalnosti;",
        "traženje depozita ili uplate za „rezervaciju” pre razgledanja, kao ni ponude bilo čega osim nekretnina.",
      ],
    },
    {
      id: "agencies",
      heading: "Agencije",
      paragraphs: [
        "Agencije označavaju svoje oglase kao agencijske, navode proviziju i redovno ih ažuriraju. Agencija koja oglasi nekretninu bez naloga vlasnika gubi pravo objavljivanja.",
      ],
    },
    {
      id: "enforcement",
      heading: "Šta se dešava kada se pravila prekrše",
      paragraphs: [
        "Oglas koji krši pravilo vraća se vlasniku uz objašnjenje. Zbog ponovljenih ili namernih kršenja — duplikata, cena „mamaca”, prevara — uklanjaju se svi oglasi naloga, a nalog se gasi. Ako vam oglas deluje sumnjivo, pišite na support@kvadrat.rs i navedite njegov broj; razmatramo svaku prijavu.",
      ],
    },
  ],
} satisfies PageContent;
