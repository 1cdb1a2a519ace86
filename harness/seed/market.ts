/**
 * What the seeded market looks like: asking prices per m² by city and district (EUR, 2026 levels),
 * and the streets listings are on. Sale bands are for apartments; other types scale from them.
 */

export type CityClass = "capital" | "novi-sad" | "nis" | "regional" | "small" | "resort";

/** Cities that are not plain regional centres or small towns. */
const CLASS_OF: Record<string, CityClass> = {
  beograd: "capital",
  "novi-sad": "novi-sad",
  nis: "nis",
  zlatibor: "resort",
  kopaonik: "resort",
  "vrnjacka-banja": "resort",
};

export function cityClass(slug: string, population: number): CityClass {
  return CLASS_OF[slug] ?? (population >= 95_000 ? "regional" : "small");
}

export interface Band {
  min: number;
  max: number;
}

/** Sale price of an apartment, EUR per m². */
const SALE_APARTMENT: Record<CityClass, Band> = {
  capital: { min: 2500, max: 4500 },
  "novi-sad": { min: 2000, max: 3000 },
  nis: { min: 1100, max: 1700 },
  regional: { min: 900, max: 1400 },
  small: { min: 600, max: 1200 },
  resort: { min: 1800, max: 3200 },
};

/** Monthly rent of an apartment, EUR per m². */
const RENT_APARTMENT: Record<CityClass, Band> = {
  capital: { min: 9, max: 15 },
  "novi-sad": { min: 7, max: 11 },
  nis: { min: 5, max: 8 },
  regional: { min: 5, max: 7.5 },
  small: { min: 5, max: 7 },
  resort: { min: 9, max: 15 },
};

/** Building land, EUR per m² of plot. */
const LAND: Record<CityClass, Band> = {
  capital: { min: 70, max: 200 },
  "novi-sad": { min: 45, max: 150 },
  nis: { min: 25, max: 80 },
  regional: { min: 15, max: 50 },
  small: { min: 10, max: 35 },
  resort: { min: 30, max: 120 },
};

/** Districts where prices run above the city's band (multiplier of both ends). */
const DISTRICT_PREMIUM: Record<string, number> = {
  "beograd/vracar": 1.3,
  "beograd/stari-grad": 1.35,
  "beograd/savski-venac": 1.4,
  "beograd/novi-beograd": 1.1,
  "beograd/rakovica": 0.8,
  "beograd/zvezdara": 0.9,
  "beograd/cukarica": 0.9,
  "novi-sad/centar": 1.15,
  "novi-sad/liman": 1.1,
  "novi-sad/petrovaradin": 0.95,
  "novi-sad/telep": 0.9,
  "novi-sad/novo-naselje": 0.92,
};

/** Per-type multiplier of the apartment band of the same deal. */
const TYPE_FACTOR: Record<number, Band> = {
  1: { min: 1, max: 1 }, // rent apartment
  2: { min: 0.9, max: 1.5 }, // rent commercial
  3: { min: 0.55, max: 0.85 }, // rent house
  9: { min: 0.35, max: 0.7 }, // rent other: garages, storage
  4: { min: 1, max: 1 }, // sale apartment
  5: { min: 0.55, max: 0.9 }, // sale house (per m² of the house)
  7: { min: 0.85, max: 1.1 }, // sale investment: off-plan flats
  8: { min: 0.8, max: 1.3 }, // sale commercial
  10: { min: 0.35, max: 0.75 }, // sale other: garages, parking spaces
};

/** The band of price per m² (per month for rent) for a type in a city/district. */
export function priceBand(typeId: number, klass: CityClass, citySlug: string, districtSlug?: string): Band {
  const premium = districtSlug ? (DISTRICT_PREMIUM[`${citySlug}/${districtSlug}`] ?? 1) : 1;
  if (typeId === 6) {
    const land = LAND[klass];
    return { min: land.min * premium, max: land.max * premium };
  }
  const base = typeId <= 3 || typeId === 9 ? RENT_APARTMENT[klass] : SALE_APARTMENT[klass];
  const factor = TYPE_FACTOR[typeId]!;
  return { min: base.min * factor.min * premium, max: base.max * factor.max * premium };
}

/** Streets found in most Serbian towns. */
const COMMON_STREETS = [
  "Kralja Petra I",
  "Njegoševa",
  "Karađorđeva",
  "Vuka Karadžića",
  "Svetog Save",
  "Kneza Miloša",
  "Cara Dušana",
  "Nikole Tesle",
  "Vojvode Mišića",
  "Kralja Aleksandra",
  "Desanke Maksimović",
  "Jovana Cvijića",
  "Branka Radičevića",
  "Dositejeva",
  "Ive Andrića",
  "Miloša Obilića",
  "Železnička",
  "Kneza Mihaila",
  "Vojvode Putnika",
  "Hajduk Veljkova",
  "Karađorđev trg",
  "Nemanjina",
  "Stevana Sinđelića",
  "Kralja Milana",
  "Bulevar oslobođenja",
  "Cara Lazara",
  "Zmaj Jovina",
  "Jug Bogdanova",
  "Kosovska",
  "Takovska",
  "Majke Jugovića",
  "Laze Lazarevića",
  "Stevana Mokranjca",
  "Save Kovačevića",
  "Vidovdanska",
];

/** Streets of particular cities and districts. */
const LOCAL_STREETS: Record<string, string[]> = {
  "beograd/stari-grad": [
    "Knez Mihailova",
    "Dobračina",
    "Cara Dušana",
    "Kralja Petra",
    "Gospodar Jevremova",
    "Strahinjića Bana",
    "Skadarska",
    "Dositejeva",
    "Francuska",
    "Makedonska",
  ],
  "beograd/vracar": [
    "Njegoševa",
    "Krunska",
    "Kursulina",
    "Maksima Gorkog",
    "Južni bulevar",
    "Kalenićeva",
    "Mileševska",
    "Hadži Prodanova",
    "Beogradska",
    "Golsvordijeva",
  ],
  "beograd/savski-venac": [
    "Kneza Miloša",
    "Nemanjina",
    "Resavska",
    "Birčaninova",
    "Sarajevska",
    "Bulevar vojvode Mišića",
    "Tolstojeva",
    "Užička",
    "Dedinjska",
    "Balkanska",
  ],
  "beograd/novi-beograd": [
    "Bulevar Mihajla Pupina",
    "Bulevar Zorana Đinđića",
    "Jurija Gagarina",
    "Omladinskih brigada",
    "Bulevar umetnosti",
    "Goce Delčeva",
    "Nehruova",
    "Španskih boraca",
    "Antifašističke borbe",
    "Vladimira Popovića",
  ],
  "beograd/zemun": [
    "Glavna",
    "Gornjogradska",
    "Ugrinovačka",
    "Prvomajska",
    "Bežanijska",
    "Karamatina",
    "Cara Dušana",
    "Dubrovačka",
    "Zmaja od Noćaja",
    "Avijatičarski trg",
  ],
  "beograd/vozdovac": [
    "Vojvode Stepe",
    "Ustanička",
    "Bulevar oslobođenja",
    "Kumodraška",
    "Banjički venac",
    "Crnotravska",
    "Jove Ilića",
    "Požeška",
  ],
  "beograd/zvezdara": [
    "Bulevar kralja Aleksandra",
    "Mije Kovačevića",
    "Dimitrija Tucovića",
    "Vjekoslava Kovača",
    "Volgina",
    "Mirijevski bulevar",
    "Batutova",
    "Dragice Končar",
  ],
  "beograd/palilula": [
    "Takovska",
    "Ilije Garašanina",
    "Cvijićeva",
    "Višnjićeva",
    "Bulevar despota Stefana",
    "Dalmatinska",
    "Zrenjaninski put",
    "Starine Novaka",
  ],
  "beograd/cukarica": [
    "Požeška",
    "Trgovačka",
    "Blagoja Parovića",
    "Šumadijska",
    "Radnička",
    "Vladimira Radovanovića",
    "Jablanička",
    "Rasinska",
  ],
  "beograd/rakovica": [
    "Patrijarha Dimitrija",
    "Kraljice Jelene",
    "Vidikovački venac",
    "Miška Kranjca",
    "Pere Velimirovića",
    "Vukasovićeva",
    "Kijevska",
  ],
  "novi-sad/centar": [
    "Zmaj Jovina",
    "Dunavska",
    "Jevrejska",
    "Modene",
    "Pašićeva",
    "Šafarikova",
    "Ilije Ognjanovića",
    "Svetozara Miletića",
  ],
  "novi-sad/liman": [
    "Bulevar cara Lazara",
    "Narodnog fronta",
    "Fruškogorska",
    "Balzakova",
    "Braće Ribnikar",
    "Ravanička",
    "Puškinova",
  ],
  "novi-sad/grbavica": [
    "Bulevar oslobođenja",
    "Gogoljeva",
    "Stevana Musića",
    "Danila Kiša",
    "Vojvode Bojovića",
    "Mite Ružića",
  ],
  "novi-sad/detelinara": [
    "Rumenačka",
    "Bulevar Jaše Tomića",
    "Kisačka",
    "Temerinska",
    "Janka Čmelika",
    "Novosadskog sajma",
  ],
  "novi-sad/novo-naselje": [
    "Bulevar Slobodana Jovanovića",
    "Bulevar kralja Petra I",
    "Kornelija Stankovića",
    "Seljačkih buna",
    "Šekspirova",
    "Ise Bajića",
  ],
  "novi-sad/podbara": [
    "Kosovska",
    "Temerinska",
    "Đorđa Rajkovića",
    "Dr Svetislava Kasapinovića",
    "Dunavska",
    "Vojvode Šupljikca",
  ],
  "novi-sad/petrovaradin": [
    "Preradovićeva",
    "Beogradska",
    "Reljkovićeva",
    "Karlovački drum",
    "Štrosmajerova",
    "Dr Ivana Ribara",
  ],
  "novi-sad/telep": [
    "Telepska",
    "Adi Endrea",
    "Lukijana Mušickog",
    "Heroja Pinkija",
    "Ribarsko ostrvo",
    "Bore Stankovića",
  ],
  nis: [
    "Obrenovićeva",
    "Voždova",
    "Bulevar Nemanjića",
    "Vizantijski bulevar",
    "Bulevar Zorana Đinđića",
    "Nikole Pašića",
    "Generala Milojka Lešjanina",
    "Vojvode Tankosića",
  ],
  kragujevac: [
    "Kralja Petra I",
    "Kneza Mihaila",
    "Bulevar kraljice Marije",
    "Svetozara Markovića",
    "Karađorđeva",
    "Jovana Cvijića",
  ],
  subotica: ["Korzo", "Matije Korvina", "Maksima Gorkog", "Segedinski put", "Štrosmajerova", "Harambašićeva"],
  zlatibor: ["Naselje Palisad", "Kraljeve vode", "Sirogojno put", "Jezero", "Ribnica", "Obudovica"],
  kopaonik: ["Suvo Rudište", "Konaci", "Treska", "Brzeće", "Pajino preslo", "Ravni Kopaonik"],
  "vrnjacka-banja": ["Vrnjačka", "Kneza Miloša", "Bulevar srpskih ratnika", "Olimpijska", "Žička"],
};

export function streetsFor(citySlug: string, districtSlug?: string): string[] {
  return (districtSlug && LOCAL_STREETS[`${citySlug}/${districtSlug}`]) || LOCAL_STREETS[citySlug] || COMMON_STREETS;
}
