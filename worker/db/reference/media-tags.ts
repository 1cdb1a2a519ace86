/**
 * The media section's tag tree (decisions 055 and 060): up to four levels, each tag with its
 * en/ru/sr name and a slug unique among its siblings (article URLs are `/media/{tag path}/{article}/`).
 * Reference data: `npm run ops -- init` inserts it into an empty `tags` table and the demo seed files its
 * articles under it; after that the back office (`/admin/content/tags/`) owns the rows. Ids are explicit
 * and never reused: a tag added here takes the next id. Siblings keep the order they are listed in.
 */

type Text3 = { en: string; ru: string; sr: string };
const t3 = (en: string, ru: string, sr: string): Text3 => ({ en, ru, sr });

export interface ReferenceTag {
  id: number;
  parent: number | null;
  slug: string;
  name: Text3;
}

const MEDIA_TAGS: ReferenceTag[] = [
  { id: 1, parent: null, slug: "market", name: t3("Market", "Рынок", "Tržište") },
  { id: 2, parent: 1, slug: "prices", name: t3("Prices", "Цены", "Cene") },
  { id: 3, parent: 2, slug: "beograd", name: t3("Belgrade", "Белград", "Beograd") },
  { id: 4, parent: 3, slug: "2025", name: t3("2025", "2025", "2025") },
  { id: 5, parent: 3, slug: "2026", name: t3("2026", "2026", "2026") },
  { id: 6, parent: 2, slug: "novi-sad", name: t3("Novi Sad", "Нови-Сад", "Novi Sad") },
  { id: 7, parent: 6, slug: "2025", name: t3("2025", "2025", "2025") },
  { id: 8, parent: 6, slug: "2026", name: t3("2026", "2026", "2026") },
  { id: 9, parent: 2, slug: "nis", name: t3("Niš", "Ниш", "Niš") },
  { id: 10, parent: 9, slug: "2025", name: t3("2025", "2025", "2025") },
  { id: 11, parent: 9, slug: "2026", name: t3("2026", "2026", "2026") },
  { id: 12, parent: 2, slug: "kragujevac", name: t3("Kragujevac", "Крагуевац", "Kragujevac") },
  { id: 13, parent: 12, slug: "2025", name: t3("2025", "2025", "2025") },
  { id: 14, parent: 12, slug: "2026", name: t3("2026", "2026", "2026") },
  { id: 15, parent: 2, slug: "subotica", name: t3("Subotica", "Суботица", "Subotica") },
  { id: 16, parent: 15, slug: "2025", name: t3("2025", "2025", "2025") },
  { id: 17, parent: 15, slug: "2026", name: t3("2026", "2026", "2026") },
  { id: 18, parent: 1, slug: "rents", name: t3("Rents", "Арендные ставки", "Kirije") },
  { id: 19, parent: 18, slug: "beograd", name: t3("Belgrade", "Белград", "Beograd") },
  { id: 20, parent: 18, slug: "novi-sad", name: t3("Novi Sad", "Нови-Сад", "Novi Sad") },
  { id: 21, parent: 18, slug: "nis", name: t3("Niš", "Ниш", "Niš") },
  { id: 22, parent: null, slug: "buying", name: t3("Buying", "Покупка", "Kupovina") },
  { id: 23, parent: 22, slug: "taxes", name: t3("Taxes and fees", "Налоги и сборы", "Porezi i takse") },
  {
    id: 24,
    parent: 22,
    slug: "notary",
    name: t3("Notary and contracts", "Нотариус и договоры", "Javni beležnik i ugovori"),
  },
  { id: 25, parent: 22, slug: "cadastre", name: t3("Cadastre", "Кадастр", "Katastar") },
  { id: 26, parent: 22, slug: "mortgage", name: t3("Mortgages", "Ипотека", "Stambeni krediti") },
  { id: 27, parent: 26, slug: "foreigners", name: t3("For foreign buyers", "Для иностранцев", "Za strance") },
  { id: 28, parent: 22, slug: "new-builds", name: t3("New builds", "Новостройки", "Novogradnja") },
  { id: 29, parent: null, slug: "renting", name: t3("Renting", "Аренда", "Iznajmljivanje") },
  { id: 30, parent: 29, slug: "contracts", name: t3("Rental contracts", "Договор аренды", "Ugovor o zakupu") },
  { id: 31, parent: 29, slug: "landlords", name: t3("For landlords", "Арендодателям", "Za stanodavce") },
  { id: 32, parent: 31, slug: "taxes", name: t3("Taxes", "Налоги", "Porezi") },
  { id: 33, parent: null, slug: "neighbourhoods", name: t3("Neighbourhoods", "Районы", "Naselja") },
  { id: 34, parent: 33, slug: "beograd", name: t3("Belgrade", "Белград", "Beograd") },
  { id: 35, parent: 34, slug: "vracar", name: t3("Vračar", "Врачар", "Vračar") },
  { id: 36, parent: 34, slug: "novi-beograd", name: t3("New Belgrade", "Новый Белград", "Novi Beograd") },
  { id: 37, parent: 34, slug: "zemun", name: t3("Zemun", "Земун", "Zemun") },
  { id: 38, parent: 33, slug: "novi-sad", name: t3("Novi Sad", "Нови-Сад", "Novi Sad") },
  { id: 39, parent: 38, slug: "liman", name: t3("Liman", "Лиман", "Liman") },
  { id: 40, parent: 38, slug: "petrovaradin", name: t3("Petrovaradin", "Петроварадин", "Petrovaradin") },
];

/** A tag as a `tags` row: its depth from the root and its position among its siblings, from the list. */
export interface MediaTagRow {
  id: number;
  parent_id: number | null;
  depth: number;
  slug: string;
  name_en: string;
  name_ru: string;
  name_sr: string;
  position: number;
}

export function mediaTagRows(tags: readonly ReferenceTag[] = MEDIA_TAGS): MediaTagRow[] {
  const byId = new Map<number, MediaTagRow>();
  const siblings = new Map<number | null, number>();
  return tags.map((tag) => {
    const parent = tag.parent === null ? null : byId.get(tag.parent);
    if (tag.parent !== null && !parent) throw new Error(`Tag ${tag.id} comes before its parent ${tag.parent}`);
    const position = siblings.get(tag.parent) ?? 0;
    siblings.set(tag.parent, position + 1);
    const row: MediaTagRow = {
      id: tag.id,
      parent_id: tag.parent,
      depth: (parent?.depth ?? 0) + 1,
      slug: tag.slug,
      name_en: tag.name.en,
      name_ru: tag.name.ru,
      name_sr: tag.name.sr,
      position,
    };
    if (row.depth > 4) throw new Error(`Tag ${tag.id} is deeper than four levels`);
    byId.set(tag.id, row);
    return row;
  });
}
