/**
 * YRL feeds written for the tests and the benches (decision 097): an offer from a few values, a feed of
 * offers, and a large generated feed for the measurements (`npm run bench:feed`, decision 101).
 */
const escape = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** An element's XML from a value: text, a nested record, or a list (repeated elements). */
function element(name: string, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join("");
  if (typeof value === "object") {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => element(k, v))
      .join("");
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escape(String(value))}</${name}>`;
}

export type YrlOfferFields = Record<string, unknown>;

/** A valid offer: a two-room flat for sale on Vračar, Belgrade, described in Russian. */
export const FLAT_FOR_SALE: YrlOfferFields = {
  type: "продажа",
  "property-type": "жилая",
  category: "квартира",
  location: {
    country: "Сербия",
    "locality-name": "Белград",
    "sub-locality-name": "Врачар",
    address: "Улица Његошева, 12",
    latitude: "44.7990",
    longitude: "20.4770",
  },
  "sales-agent": { name: "Агент", phone: "+381601234567", category: "агентство" },
  price: { value: "185000", currency: "EUR" },
  area: { value: "64.5", unit: "кв. м" },
  "living-space": { value: "40", unit: "кв. м" },
  "kitchen-space": { value: "12", unit: "кв. м" },
  rooms: "2",
  floor: "3",
  "floors-total": "6",
  "built-year": "1978",
  lift: "да",
  balcony: "лоджия",
  description: "Светлая двухкомнатная квартира на Врачаре, рядом храм Святого Саввы, тихий двор и парковка.",
  image: ["https://photos.example.rs/1.jpg", "https://photos.example.rs/2.jpg"],
};

/** One `<offer>`; `internalId` null leaves the attribute out. */
export function yrlOffer(internalId: string | null, fields: YrlOfferFields = FLAT_FOR_SALE): string {
  const id = internalId === null ? "" : ` internal-id="${escape(internalId)}"`;
  const inner = Object.entries(fields)
    .map(([name, value]) => element(name, value))
    .join("\n    ");
  return `  <offer${id}>\n    ${inner}\n  </offer>\n`;
}

export function yrlFeed(offers: string[] | string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<realty-feed xmlns="http://webmaster.yandex.ru/schemas/feed/realty/2010-06">\n` +
    `  <generation-date>2026-11-29T12:00:00+01:00</generation-date>\n` +
    (Array.isArray(offers) ? offers.join("") : offers) +
    `</realty-feed>\n`
  );
}

/**
 * A feed of `count` flats with `photos` photos each, in turn in Russian, Serbian and English; photo `p` of
 * offer `i` is at `{photoOrigin}/{i}/{p}.jpg`.
 */
export function largeYrlFeed(count: number, photos: number, photoOrigin = "https://photos.example.rs"): string {
  const descriptions = [
    FLAT_FOR_SALE.description as string,
    "Prodaje se svetao dvosoban stan na Vračaru, u blizini hrama Svetog Save, sa mirnim dvorištem i parkingom.",
    "A bright two-room flat on Vračar near the Temple of Saint Sava, with a quiet yard and parking for the building.",
  ];
  const offers: string[] = [];
  for (let i = 0; i < count; i++) {
    offers.push(
      yrlOffer(`offer-${i}`, {
        ...FLAT_FOR_SALE,
        price: { value: String(100_000 + i), currency: "EUR" },
        description: descriptions[i % 3],
        image: Array.from({ length: photos }, (_, p) => `${photoOrigin}/${i}/${p}.jpg`),
      }),
    );
  }
  return yrlFeed(offers);
}
