/**
 * Listing classified type ids of SPEC §3 and the words the URLs use for them (SPEC §2).
 */

export type Deal = "sale" | "rent";
/** The URL word of a deal: sale lists live under /buy/. */
export const DEAL_SEGMENT = { sale: "buy", rent: "rent" } as const satisfies Record<Deal, string>;
export type DealSegment = (typeof DEAL_SEGMENT)[Deal];

export type PropertyType = "apartment" | "house" | "land" | "investment" | "commercial" | "other";

export const CLASSIFIED_TYPES = [
  { id: 1, deal: "rent", type: "apartment" },
  { id: 2, deal: "rent", type: "commercial" },
  { id: 3, deal: "rent", type: "house" },
  { id: 9, deal: "rent", type: "other" },
  { id: 4, deal: "sale", type: "apartment" },
  { id: 5, deal: "sale", type: "house" },
  { id: 6, deal: "sale", type: "land" },
  { id: 7, deal: "sale", type: "investment" },
  { id: 8, deal: "sale", type: "commercial" },
  { id: 10, deal: "sale", type: "other" },
] as const satisfies readonly { id: number; deal: Deal; type: PropertyType }[];

export type ClassifiedTypeId = (typeof CLASSIFIED_TYPES)[number]["id"];

/** The type that `/buy/{city?}/` and `/rent/{city?}/` lead to (DESIGN §7). */
export const DEFAULT_PROPERTY_TYPE: PropertyType = "apartment";

/** Type words valid for a deal, in the order of SPEC §2. */
export const TYPES_BY_DEAL: Record<Deal, readonly PropertyType[]> = {
  sale: ["apartment", "house", "land", "investment", "commercial", "other"],
  rent: ["apartment", "commercial", "house", "other"],
};

export function dealFromSegment(segment: string | undefined): Deal | null {
  if (segment === DEAL_SEGMENT.sale) return "sale";
  if (segment === DEAL_SEGMENT.rent) return "rent";
  return null;
}

export function isTypeOfDeal(deal: Deal, type: string | undefined): type is PropertyType {
  return (TYPES_BY_DEAL[deal] as readonly string[]).includes(type ?? "");
}

export function classifiedTypeId(deal: Deal, type: PropertyType): ClassifiedTypeId | null {
  return CLASSIFIED_TYPES.find((t) => t.deal === deal && t.type === type)?.id ?? null;
}

export function classifiedType(id: number) {
  return CLASSIFIED_TYPES.find((t) => t.id === id) ?? null;
}
