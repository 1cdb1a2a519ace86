/**
 * Titles and descriptions of seeded listings, written in the listing's own language from the facts of
 * the listing. Sentences are chosen and ordered by the listing's generator, so texts vary but stay
 * true to the columns (floor, heating, deposit, …).
 */
import type { Rng } from "./prng.ts";

export type Lang = "en" | "ru" | "sr";
export type Heating = "central" | "gas" | "electric" | "heat_pump" | "solid_fuel" | "none";
export type Kind = "flat" | "house" | "land" | "offplan" | "office" | "shop" | "garage" | "parking" | "storage";

interface Names {
  en: string;
  ru: string;
  sr: string;
}

export interface ListingFacts {
  deal: "sale" | "rent";
  kind: Kind;
  rooms: number | null;
  area: number;
  landArea: number | null;
  floor: number | null;
  floors: number | null;
  yearBuilt: number | null;
  furnished: boolean | null;
  heating: Heating | null;
  parking: boolean | null;
  balcony: boolean | null;
  elevator: boolean | null;
  deposit: number | null;
  petsAllowed: boolean | null;
  city: Names;
  district: Names | null;
}

const place = (f: ListingFacts, lang: Lang) => (f.district ? `${f.district[lang]}, ${f.city[lang]}` : f.city[lang]);
const m2 = (n: number, lang: Lang = "en") =>
  `${n.toLocaleString("en-US").replaceAll(",", " ")} ${lang === "ru" ? "м²" : "m²"}`;

// ---------------------------------------------------------------------------------------------- sr

const SR_ROOMS: Record<string, string> = {
  "0.5": "Garsonjera",
  "1": "Jednosoban stan",
  "1.5": "Jednoiposoban stan",
  "2": "Dvosoban stan",
  "2.5": "Dvoiposoban stan",
  "3": "Trosoban stan",
  "3.5": "Troiposoban stan",
  "4": "Četvorosoban stan",
  "4.5": "Četvoroiposoban stan",
  "5": "Petosoban stan",
};
const SR_KIND: Record<Kind, string> = {
  flat: "Stan",
  house: "Porodična kuća",
  land: "Građevinsko zemljište",
  offplan: "Stan u izgradnji",
  office: "Kancelarijski prostor",
  shop: "Lokal",
  garage: "Garaža",
  parking: "Parking mesto",
  storage: "Magacinski prostor",
};
const EN_ROOMS: Record<string, string> = {
  "0.5": "Studio apartment",
  "1": "One-room apartment",
  "1.5": "1.5-room apartment",
  "2": "Two-room apartment",
  "2.5": "2.5-room apartment",
  "3": "Three-room apartment",
  "3.5": "3.5-room apartment",
  "4": "Four-room apartment",
  "4.5": "4.5-room apartment",
  "5": "Five-room apartment",
};
const EN_KIND: Record<Kind, string> = {
  flat: "Apartment",
  house: "Family house",
  land: "Building plot",
  offplan: "New-build apartment",
  office: "Office space",
  shop: "Retail unit",
  garage: "Garage",
  parking: "Parking space",
  storage: "Storage space",
};
const RU_ROOMS: Record<string, string> = {
  "0.5": "Студия",
  "1": "Однокомнатная квартира",
  "1.5": "Полуторакомнатная квартира",
  "2": "Двухкомнатная квартира",
  "2.5": "Квартира 2,5 комнаты",
  "3": "Трёхкомнатная квартира",
  "3.5": "Квартира 3,5 комнаты",
  "4": "Четырёхкомнатная квартира",
  "4.5": "Квартира 4,5 комнаты",
  "5": "Пятикомнатная квартира",
};
const RU_KIND: Record<Kind, string> = {
  flat: "Квартира",
  house: "Дом",
  land: "Участок под застройку",
  offplan: "Квартира в новостройке",
  office: "Офисное помещение",
  shop: "Торговое помещение",
  garage: "Гараж",
  parking: "Парковочное место",
  storage: "Склад",
};

function kindWord(f: ListingFacts, lang: Lang): string {
  const rooms = f.rooms === null ? null : String(f.rooms);
  if ((f.kind === "flat" || f.kind === "offplan") && rooms) {
    const word = { en: EN_ROOMS, ru: RU_ROOMS, sr: SR_ROOMS }[lang][rooms]!;
    if (f.kind === "offplan")
      return {
        en: `New-build: ${word.toLowerCase()}`,
        ru: `Новостройка: ${word.toLowerCase()}`,
        sr: `Novogradnja: ${word.toLowerCase()}`,
      }[lang];
    return word;
  }
  return { en: EN_KIND, ru: RU_KIND, sr: SR_KIND }[lang][f.kind];
}

export function listingTitle(f: ListingFacts, lang: Lang, rng: Rng): string {
  const what = kindWord(f, lang);
  const size = m2(f.kind === "land" ? (f.landArea ?? f.area) : f.area, lang);
  const where = place(f, lang);
  const variant = rng.int(0, 2);
  if (f.deal === "rent") {
    const prefix = {
      en: ["For rent", "To let", "Long-term rent"],
      ru: ["Аренда", "Сдаётся", "Долгосрочная аренда"],
      sr: ["Izdajem", "Izdavanje", "Dugoročno izdavanje"],
    }[lang][variant]!;
    return `${prefix}: ${lowerFirst(what, lang)}, ${size}, ${where}`;
  }
  if (variant === 0) {
    const prefix = { en: "For sale", ru: "Продаётся", sr: "Prodajem" }[lang];
    return `${prefix}: ${lowerFirst(what, lang)}, ${size}, ${where}`;
  }
  if (variant === 1 && f.kind === "house" && f.landArea) {
    const plot = { en: "plot", ru: "участок", sr: "plac" }[lang];
    return `${what}, ${size}, ${plot} ${m2(f.landArea, lang)}, ${where}`;
  }
  return `${what}, ${size}, ${where}`;
}

function lowerFirst(text: string, lang: Lang): string {
  void lang;
  return text[0]!.toLowerCase() + text.slice(1);
}

/** What the first sentence of a description calls the property. */
function openingWord(f: ListingFacts, lang: Lang): string {
  const rooms = f.rooms === null ? null : String(f.rooms);
  if ((f.kind === "flat" || f.kind === "offplan") && rooms) {
    const word = { en: EN_ROOMS, ru: RU_ROOMS, sr: SR_ROOMS }[lang][rooms]!;
    if (f.kind === "offplan")
      return word + { en: " in a new development", ru: " в новостройке", sr: " u novogradnji" }[lang];
    return word;
  }
  return { en: EN_KIND, ru: RU_KIND, sr: SR_KIND }[lang][f.kind];
}

type Sentence = (f: ListingFacts) => string | null;

interface Phrasebook {
  opening: (f: ListingFacts, what: string) => string;
  floor: Sentence;
  year: Sentence;
  heating: Sentence;
  furnished: Sentence;
  extras: Sentence;
  plot: Sentence;
  kindNote: Sentence;
  rentTerms: Sentence;
  saleTerms: string[];
  surroundings: string[];
  closing: string[];
}

const SR: Phrasebook = {
  opening: (f, what) =>
    f.deal === "rent"
      ? `Izdaje se ${what.toLowerCase()} površine ${m2(f.area)}, lokacija: ${place(f, "sr")}.`
      : `Na prodaju ${what.toLowerCase()} površine ${m2(f.kind === "land" ? (f.landArea ?? f.area) : f.area)}, lokacija: ${place(f, "sr")}.`,
  floor: (f) =>
    f.floor === null || f.floors === null
      ? null
      : (f.floor === 0 ? "Nalazi se u prizemlju zgrade" : `Nalazi se na ${f.floor}. spratu, od ukupno ${f.floors}`) +
        (f.elevator ? ", zgrada ima lift." : f.floors > 2 ? ", zgrada nema lift." : "."),
  year: (f) =>
    f.yearBuilt === null
      ? null
      : f.kind === "offplan"
        ? `Završetak gradnje i useljenje planirani su za ${f.yearBuilt}. godinu, plaćanje je moguće u ratama.`
        : f.yearBuilt >= 2015
          ? `Novogradnja iz ${f.yearBuilt}. godine, kvalitetni materijali i dobra izolacija.`
          : `${f.kind === "house" ? "Kuća je izgrađena" : "Zgrada je izgrađena"} ${f.yearBuilt}. godine i redovno se održava.`,
  heating: (f) =>
    ({
      central: "Grejanje je centralno (daljinsko), računi su predvidivi tokom cele zime.",
      gas: "Grejanje je na gas, sa sopstvenim kotlom.",
      electric: "Grejanje je električno: TA peć i inverter klima uređaji.",
      heat_pump: "Grejanje i hlađenje preko toplotne pumpe, niski mesečni troškovi.",
      solid_fuel: "Grejanje na čvrsto gorivo, kotao na drva i pelet.",
      none: null,
    })[f.heating ?? "none"] ?? null,
  furnished: (f) =>
    f.furnished === null
      ? null
      : f.furnished
        ? "Nekretnina je kompletno nameštena i opremljena: kuhinja sa aparatima, veš mašina, nameštaj u svim prostorijama."
        : f.deal === "rent"
          ? "Izdaje se bez nameštaja, idealno za one koji žele da unesu svoj."
          : "Prodaje se bez nameštaja, spremno za uređenje po vašem ukusu.",
  extras: (f) => {
    const parts: string[] = [];
    if (f.balcony) parts.push("prostranu terasu");
    if (f.parking) parts.push("sopstveno parking mesto");
    return parts.length ? `Ima ${parts.join(" i ")}.` : null;
  },
  plot: (f) =>
    f.kind === "house" && f.landArea
      ? `Kuća je na placu od ${m2(f.landArea)}, dvorište je ograđeno i ozelenjeno.`
      : f.kind === "land"
        ? "Plac je građevinski, sa strujom i vodom u ulici, pogodan za porodičnu kuću ili manju stambenu zgradu."
        : null,
  kindNote: (f) =>
    (
      ({
        office: "Prostor je pogodan za kancelariju, ordinaciju ili agenciju.",
        shop: "Lokal je na frekventnoj lokaciji sa izlogom prema ulici.",
        garage: "Garaža je zatvorena, sa daljinskim otvaranjem vrata.",
        parking: "Parking mesto je u podzemnoj garaži zgrade.",
        storage: "Magacin ima kolski prilaz i široka vrata za utovar.",
      }) as Partial<Record<Kind, string>>
    )[f.kind] ?? null,
  rentTerms: (f) =>
    f.deal !== "rent"
      ? null
      : `Depozit iznosi ${f.deposit} €, plaća se uz prvu kiriju. ${f.petsAllowed ? "Kućni ljubimci su dobrodošli." : "Kućni ljubimci nisu dozvoljeni."}`,
  saleTerms: [
    "Uknjiženo, bez tereta, useljivo odmah.",
    "Papiri su uredni, 1/1 vlasništvo.",
    "Uknjiženo, moguća kupovina putem stambenog kredita.",
  ],
  surroundings: [
    "U blizini su škola, vrtić, prodavnice i pijaca.",
    "Odlična povezanost gradskim prevozom, stanica je na dva minuta hoda.",
    "Park i zelene površine su na nekoliko minuta hoda.",
    "Mirna ulica, a centar grada je blizu.",
    "U neposrednoj blizini su dom zdravlja, apoteka i banka.",
  ],
  closing: [
    "Za razgledanje pozovite vlasnika.",
    "Razgledanje je moguće svakim danom uz prethodni dogovor.",
    "Agencije molim da ne zovu.",
    "Slobodno pozovite za dodatne informacije.",
  ],
};

const EN: Phrasebook = {
  opening: (f, what) =>
    f.deal === "rent"
      ? `${what} of ${m2(f.area)} to rent in ${place(f, "en")}.`
      : `${what} of ${m2(f.kind === "land" ? (f.landArea ?? f.area) : f.area)} for sale in ${place(f, "en")}.`,
  floor: (f) =>
    f.floor === null || f.floors === null
      ? null
      : (f.floor === 0 ? "It is on the ground floor" : `It is on floor ${f.floor} of ${f.floors}`) +
        (f.elevator ? "; the building has a lift." : f.floors > 2 ? "; there is no lift." : "."),
  year: (f) =>
    f.yearBuilt === null
      ? null
      : f.kind === "offplan"
        ? `Completion and handover are planned for ${f.yearBuilt}; payment in instalments is possible.`
        : f.yearBuilt >= 2015
          ? `A new build from ${f.yearBuilt} with good insulation and quality finishes.`
          : `The ${f.kind === "house" ? "house" : "building"} dates from ${f.yearBuilt} and is well maintained.`,
  heating: (f) =>
    ({
      central: "District central heating keeps winter bills predictable.",
      gas: "Gas heating with its own boiler.",
      electric: "Electric heating: a storage heater and inverter air conditioning.",
      heat_pump: "Heating and cooling by a heat pump, with low running costs.",
      solid_fuel: "Solid-fuel heating with a wood and pellet boiler.",
      none: null,
    })[f.heating ?? "none"] ?? null,
  furnished: (f) =>
    f.furnished === null
      ? null
      : f.furnished
        ? "Fully furnished and equipped: kitchen appliances, washing machine and furniture in every room."
        : f.deal === "rent"
          ? "Unfurnished, ideal if you want to bring your own furniture."
          : "Sold empty, ready to be fitted out to your taste.",
  extras: (f) => {
    const parts: string[] = [];
    if (f.balcony) parts.push("a spacious balcony");
    if (f.parking) parts.push("a private parking space");
    return parts.length ? `It comes with ${parts.join(" and ")}.` : null;
  },
  plot: (f) =>
    f.kind === "house" && f.landArea
      ? `The house stands on a ${m2(f.landArea)} plot with a fenced, landscaped garden.`
      : f.kind === "land"
        ? "Zoned for building, with electricity and water in the street; suitable for a family house or a small residential building."
        : null,
  kindNote: (f) =>
    (
      ({
        office: "Suitable for an office, a medical practice or an agency.",
        shop: "A busy location with a shop window facing the street.",
        garage: "A closed garage with a remote-controlled door.",
        parking: "The space is in the building's underground car park.",
        storage: "Vehicle access and wide loading doors.",
      }) as Partial<Record<Kind, string>>
    )[f.kind] ?? null,
  rentTerms: (f) =>
    f.deal !== "rent"
      ? null
      : `The deposit is €${f.deposit}, paid with the first month's rent. ${f.petsAllowed ? "Pets are welcome." : "No pets, please."}`,
  saleTerms: [
    "Registered in the cadastre, free of encumbrances, ready to move in.",
    "Clean title with a single owner.",
    "Registered; purchase with a mortgage is possible.",
  ],
  surroundings: [
    "A school, a kindergarten, shops and a green market are close by.",
    "Excellent public transport links, with a stop two minutes away on foot.",
    "A park is a few minutes' walk away.",
    "A quiet street, yet close to the town centre.",
    "A health centre, a pharmacy and a bank are just around the corner.",
  ],
  closing: [
    "Call the owner to arrange a viewing.",
    "Viewings any day by appointment.",
    "No agencies, please.",
    "Feel free to call for more details.",
  ],
};

const RU: Phrasebook = {
  opening: (f, what) =>
    f.deal === "rent"
      ? `Сдаётся: ${what.toLowerCase()}, ${m2(f.area, "ru")}, ${place(f, "ru")}.`
      : `Продаётся: ${what.toLowerCase()}, ${m2(f.kind === "land" ? (f.landArea ?? f.area) : f.area, "ru")}, ${place(f, "ru")}.`,
  floor: (f) =>
    f.floor === null || f.floors === null
      ? null
      : (f.floor === 0 ? "Первый этаж (приземье)" : `Этаж ${f.floor} из ${f.floors}`) +
        (f.elevator ? ", в доме есть лифт." : f.floors > 2 ? ", лифта нет." : "."),
  year: (f) =>
    f.yearBuilt === null
      ? null
      : f.kind === "offplan"
        ? `Сдача дома и заселение запланированы на ${f.yearBuilt} год, возможна оплата в рассрочку.`
        : f.yearBuilt >= 2015
          ? `Новостройка ${f.yearBuilt} года, качественные материалы и хорошая теплоизоляция.`
          : `Дом построен в ${f.yearBuilt} году, в хорошем состоянии.`,
  heating: (f) =>
    ({
      central: "Центральное отопление, счета зимой предсказуемые.",
      gas: "Газовое отопление с собственным котлом.",
      electric: "Электрическое отопление: теплонакопительная печь и инверторные кондиционеры.",
      heat_pump: "Отопление и охлаждение тепловым насосом, низкие расходы.",
      solid_fuel: "Отопление на твёрдом топливе, котёл на дровах и пеллетах.",
      none: null,
    })[f.heating ?? "none"] ?? null,
  furnished: (f) =>
    f.furnished === null
      ? null
      : f.furnished
        ? "Полная меблировка и оборудование: кухня с техникой, стиральная машина, мебель во всех комнатах."
        : f.deal === "rent"
          ? "Без мебели, подойдёт тем, кто хочет обставить жильё по-своему."
          : "Продаётся без мебели, можно сделать ремонт на свой вкус.",
  extras: (f) => {
    const parts: string[] = [];
    if (f.balcony) parts.push("просторная терраса");
    if (f.parking) parts.push("собственное парковочное место");
    return parts.length ? `Есть ${parts.join(" и ")}.` : null;
  },
  plot: (f) =>
    f.kind === "house" && f.landArea
      ? `Дом стоит на участке ${m2(f.landArea, "ru")}, двор огорожен и озеленён.`
      : f.kind === "land"
        ? "Участок под застройку, электричество и вода по улице; подходит для частного дома или небольшого жилого здания."
        : null,
  kindNote: (f) =>
    (
      ({
        office: "Подходит под офис, медицинский кабинет или агентство.",
        shop: "Проходное место, витрина выходит на улицу.",
        garage: "Закрытый гараж с автоматическими воротами.",
        parking: "Место в подземном паркинге дома.",
        storage: "Есть подъезд для грузовиков и широкие ворота для погрузки.",
      }) as Partial<Record<Kind, string>>
    )[f.kind] ?? null,
  rentTerms: (f) =>
    f.deal !== "rent"
      ? null
      : `Депозит ${f.deposit} €, вносится вместе с первой оплатой. ${f.petsAllowed ? "Можно с домашними животными." : "Без домашних животных."}`,
  saleTerms: [
    "Право собственности зарегистрировано в кадастре, без обременений, можно заселяться сразу.",
    "Документы в порядке, один собственник.",
    "Возможна покупка в ипотеку.",
  ],
  surroundings: [
    "Рядом школа, детский сад, магазины и рынок.",
    "Отличная транспортная доступность, остановка в двух минутах пешком.",
    "В нескольких минутах ходьбы парк.",
    "Тихая улица, при этом центр города рядом.",
    "Рядом поликлиника, аптека и банк.",
  ],
  closing: [
    "Звоните владельцу, чтобы договориться о просмотре.",
    "Показ в любой день по договорённости.",
    "Агентствам просьба не беспокоить.",
    "Звоните, расскажу подробнее.",
  ],
};

const BOOKS: Record<Lang, Phrasebook> = { en: EN, ru: RU, sr: SR };

export function listingDescription(f: ListingFacts, lang: Lang, rng: Rng): string {
  const book = BOOKS[lang];
  const minor = f.kind === "garage" || f.kind === "parking" || f.kind === "storage";
  const first = [
    book.opening(f, openingWord(f, lang)),
    book.kindNote(f),
    book.plot(f),
    book.floor(f),
    minor ? null : book.year(f),
  ];
  const second = [book.heating(f), book.furnished(f), book.extras(f)];
  const third = rng.sample(book.surroundings, rng.int(1, 2));
  // The last sale term mentions a mortgage: not for plots, garages and the like.
  if (f.deal === "sale")
    third.push(rng.pick(minor || f.kind === "land" ? book.saleTerms.slice(0, -1) : book.saleTerms));
  else third.push(book.rentTerms(f)!);
  third.push(rng.pick(book.closing));
  return [first, second, third]
    .map((sentences) => sentences.filter((s): s is string => !!s).join(" "))
    .filter(Boolean)
    .join("\n\n");
}
