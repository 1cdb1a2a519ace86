import type { PageContent } from "#client/content/types.ts";

export default {
  sections: [
    {
      id: "no-money-before-viewing",
      heading: "Bez novca pre razgledanja i ugovora",
      paragraphs: [
        "Gotovo svaka prevara sa zakupom i prodajom završava se isto: neko plati depozit, rezervaciju ili „avans“ za stan koji nije video, osobi koju nikada nije upoznao. Pošten vlasnik ili agencija nemaju razloga da traže novac pre nego što vidite nekretninu i pre nego što obe strane potpišu pisani ugovor.",
      ],
      items: [
        "Ne plaćajte depozit, kaparu, avans ni naknadu za rezervaciju da biste „zadržali“ nekretninu koju niste videli.",
        "Ne šaljite novac da bi vam neko „doneo ključeve“, „poslao ih kurirom“ ili „pokazao stan“: ključevi se predaju lično, pri potpisivanju ugovora.",
        "Pre razgledanja ne šaljite kopije pasoša, lične karte ni platne kartice: dovoljne su da se na vaše ime otvori račun ili podigne kredit.",
        "Kvadrat ni za koga ne čuva depozite, nikada ne traži plaćanje u porukama i nema „garantovanu rezervaciju“ ni uslugu sigurnog plaćanja. Imejl ili stranica koji tvrde drugačije su falsifikat.",
      ],
    },
    {
      id: "check-the-owner",
      heading: "Proverite ko je vlasnik nekretnine",
      paragraphs: [
        "Svaka nekretnina u Srbiji upisana je u katastar nepokretnosti koji vodi Republički geodetski zavod (RGZ). Njegov javni servis e-Katastar, https://katastar.rgz.gov.rs/eKatastarPublic, besplatno prikazuje parcelu, zgradu i posebne delove po adresi ili po katastarskoj opštini i broju parcele.",
      ],
      items: [
        "Tražite izvod iz lista nepokretnosti i uporedite ga sa katastrom: adresa, površina, sprat i ime vlasnika moraju da se slažu sa onim što vam je rečeno.",
        "Ugovor potpisuje vlasnik upisan u katastar ili osoba sa punomoćjem overenim kod javnog beležnika. Zamolite da vidite ličnu kartu i uporedite ime.",
        "U listu nepokretnosti upisane su i hipoteke i drugi tereti: stan pod hipotekom ili u sporu može da se proda, ali samo uz saglasnost banke i pažnju javnog beležnika.",
        "Agencija mora biti upisana u Registar posrednika u prometu i zakupu nepokretnosti koji vodi ministarstvo nadležno za trgovinu i da radi po pisanom ugovoru o posredovanju. Pitajte za njen registarski broj.",
      ],
    },
    {
      id: "meet-in-person",
      heading: "Upoznajte se lično i pogledajte nekretninu",
      items: [
        "Razgledajte samu nekretninu, a ne fotografije ili video-poziv, i tamo se sastanite sa vlasnikom ili agentom. „U inostranstvu sam, advokat će vam poslati ključeve“ je najčešća priča lažnog oglasa.",
        "Proverite da ključevi otključavaju vrata, da se brojila i zgrada slažu sa oglasom, a ako vam nešto nije jasno, pitajte komšije ili upravnika zgrade ko tu stanuje.",
        "Kada možete, na prvo razgledanje povedite nekoga i idite danju.",
      ],
    },
    {
      id: "too-cheap",
      heading: "Oprez sa cenom daleko ispod tržišne",
      paragraphs: [
        "Stan u centru Beograda za pola uobičajene kirije nije sreća, već mamac. Prevaranti kopiraju prave fotografije iz tuđih oglasa, postave cenu znatno ispod tržišne i onda vas požuruju.",
      ],
      items: [
        "Uporedite cenu sa sličnim oglasima u istom delu grada i sa medijanom tržišta na stranici oglasa.",
        "Pritisak je znak upozorenja: „ima mnogo zainteresovanih“, „platite danas ili ode“, „pokazaću ga tek posle rezervacije“.",
        "Ako se iste fotografije pojavljuju u drugom oglasu pod drugim imenom ili adresom, prijavite oba.",
      ],
    },
    {
      id: "stay-on-kvadrat",
      heading: "Dopisujte se na Kvadratu",
      paragraphs: [
        "Vlasnicima pišite dugmetom „Pošalji poruku“ na stranici oglasa i tamo nastavite razgovor. Prevarant brzo predlaže prelazak na WhatsApp, Viber, Telegram ili Signal, gde niko ne vidi prepisku i gde ne može da se prijavi. Kvadrat prikazuje upozorenje pored poruke koja traži novac, šalje podatke o računu ili kartici ili poziva na drugi mesindžer.",
      ],
      items: [
        "Ne otvarajte linkove za plaćanje iz poruka i nikada ne unosite podatke kartice na stranici do koje ste došli iz prepiske.",
        "Telefonski poziv je u redu; slanje novca ili dokumenata nekome koga znate samo iz četa nije.",
      ],
    },
    {
      id: "how-to-pay",
      heading: "Plaćajte prenosom na račun, uz pisani ugovor",
      paragraphs: [
        "Plaćajte tek posle razgledanja, uz potpisan pisani ugovor, prenosom na račun koji glasi na vlasnika (ili na agenciju, po njenoj fakturi). Prenos ostavlja trag; gotovina, usluge slanja novca (Western Union, MoneyGram, Ria i slične), PayPal, Wise, kartice nepoznatih ljudi i kripto-novčanici vas ne štite, a takav novac se gotovo nikada ne vraća.",
      ],
      items: [
        "Zakup: potpišite ugovor o zakupu u kojem su navedeni vlasnik, stan, kirija, depozit i kako se depozit vraća. Depozit — obično jedna kirija — plaća se pri potpisivanju ugovora i preuzimanju ključeva, nikada ranije. Sačuvajte priznanice i fotografije stanja stana pri useljenju.",
        "Ako ste strani državljanin, boravak na adresi mora se prijaviti policiji u roku od 24 sata od useljenja (prijava boravka): pošten stanodavac pomaže u tome i potpisuje ugovor.",
        "Kupovina: ugovor o kupoprodaji nepokretnosti u Srbiji overava (solemnizuje) javni beležnik, koji proverava strane i katastar. Kapara je pri kupovini uobičajena, ali samo uz predugovor overen kod javnog beležnika i uplatom na račun prodavca.",
        "Nikada ne plaćajte na račun druge osobe zato što je „vlasnik na putu“.",
      ],
    },
    {
      id: "report",
      heading: "Prijavite ono što deluje sumnjivo",
      paragraphs: [
        "Kliknite „Prijavite oglas“ na stranici oglasa ili „Prijavi prepisku“ u porukama, ili pišite na support@kvadrat.rs. Svaku prijavu čita čovek, a lažan oglas se uklanja sa sajta.",
        "Ako ste već platili, odmah pozovite svoju banku: plaćanje karticom ponekad može da se zaustavi ili ospori. Prijavite prevaru policiji (192) ili Posebnom tužilaštvu za visokotehnološki kriminal i sačuvajte prepisku, adresu oglasa i potvrde o plaćanju.",
      ],
    },
  ],
} satisfies PageContent;
