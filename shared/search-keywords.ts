/**
 * The features people search listings for, in the three languages of the site (decision 068): a keyword
 * search for any form of one finds the listings that mention any other — "terrace", "terasa", "терраса",
 * "balkon" and "балкон" alike. Read by shared/search-terms.ts, which expands a search's words with them.
 *
 * A form is words in sequence, each the start of a word of the text (stems, so that "балкон" finds
 * "балконом" and "teras" finds "terasu"); a word ending in `=` must be the whole word (short words whose
 * start would find unrelated ones: "вид" is not "видео"). Serbian comes in both scripts. Written with
 * diacritics as people write them; the search folds them as the full-text index does (č → c).
 */
export interface SearchKeyword {
  /** What the feature is (for reading this list and the tests; never shown). */
  id: string;
  forms: readonly string[];
}

export const SEARCH_KEYWORDS: readonly SearchKeyword[] = [
  {
    // Serbian says "terasa" of a balcony too: one feature for people searching.
    id: "balcony",
    forms: [
      "balcon",
      "terrac",
      "loggia",
      "veranda",
      "балкон",
      "террас",
      "лоджи",
      "веранд",
      "balkon",
      "teras",
      "lođ",
      "verand",
      "терас",
      "лођ",
    ],
  },
  {
    id: "parking",
    forms: ["parking", "car park", "carport", "парковк", "парковоч", "паркинг", "машиномест", "parkir", "паркир"],
  },
  { id: "garage", forms: ["garag", "гараж", "garaž"] },
  { id: "elevator", forms: ["elevator", "lift", "лифт"] },
  {
    id: "furnished",
    forms: ["furnish", "furniture", "мебел", "меблир", "namešten", "nameštaj", "opremljen", "намештен", "намештај"],
  },
  {
    id: "new-build",
    forms: ["new build", "newbuild", "newly built", "новостро", "novogradnj", "новоградњ"],
  },
  { id: "pool", forms: ["pool", "бассейн", "bazen", "базен"] },
  {
    id: "garden",
    forms: ["garden", "yard", "сад=", "сада=", "садом=", "двор=", "двором=", "bašt", "dvorišt", "башт", "двориш"],
  },
  { id: "view", forms: ["view", "panoram", "вид=", "видом=", "панорам", "pogled", "поглед"] },
  {
    id: "air-conditioning",
    forms: ["air condition", "aircon", "кондиционер", "klima", "клима"],
  },
  { id: "heating", forms: ["heating", "отоплен", "grejanj", "грејањ"] },
  {
    id: "central-heating",
    forms: ["central heat", "district heat", "центральн отоплен", "centraln grejanj", "daljinsk", "централн грејањ"],
  },
  { id: "gas-heating", forms: ["gas=", "газов", "газ=", "гас="] },
  { id: "heat-pump", forms: ["heat pump", "теплов насос", "toplotn pump", "топлотн пумп"] },
  {
    id: "electric-heating",
    forms: ["electric heat", "storage heater", "электрическ отоплен", "электроотоплен", "električn", "електричн"],
  },
  {
    id: "solid-fuel",
    forms: [
      "solid fuel",
      "wood",
      "pellet",
      "твёрд топлив",
      "тверд топлив",
      "дров",
      "пеллет",
      "čvrst goriv",
      "drva=",
      "pelet",
      "чврст горив",
      "дрва=",
    ],
  },
  {
    id: "pets",
    forms: ["pet=", "pets=", "animal", "животн", "питом", "ljubim", "љубим"],
  },
  { id: "renovated", forms: ["renovat", "refurbish", "ремонт", "renovir", "adaptir", "ренови", "адаптир"] },
  // Whole words: the start of "центр"/"centr" is also central heating's.
  {
    id: "centre",
    forms: ["centre", "center", "центр=", "центре=", "центра=", "centar", "centru=", "centra=", "центар", "центру="],
  },
  { id: "studio", forms: ["studio", "студи", "garsonjer", "гарсоњер"] },
];
