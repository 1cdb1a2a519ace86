/**
 * Listing type ids of product §3 and the words the URLs use for them (product §2).
 */

/** The states of a listing (migration 0002); only `active` listings are public. */
export const LISTING_STATUSES = ["draft", "pending", "active", "archived", "rejected"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export type Deal = "sale" | "rent";
/** The URL word of a deal: sale lists live under /buy/. */
export const DEAL_SEGMENT = { sale: "buy", rent: "rent" } as const satisfies Record<Deal, string>;

export type ListingKind = "apartment" | "house" | "land" | "investment" | "commercial" | "other";

export const LISTING_TYPES = [
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
] as const satisfies readonly { id: number; deal: Deal; type: ListingKind }[];

export type ListingTypeId = (typeof LISTING_TYPES)[number]["id"];

/** The type that `/buy/{city?}/` and `/rent/{city?}/` lead to (architecture §7). */
export const DEFAULT_LISTING_KIND: ListingKind = "apartment";

/** Type words valid for a deal, in the order of product §2. */
export const TYPES_BY_DEAL: Record<Deal, readonly ListingKind[]> = {
  sale: ["apartment", "house", "land", "investment", "commercial", "other"],
  rent: ["apartment", "commercial", "house", "other"],
};

export function dealFromSegment(segment: string | undefined): Deal | null {
  if (segment === DEAL_SEGMENT.sale) return "sale";
  if (segment === DEAL_SEGMENT.rent) return "rent";
  return null;
}

export function isTypeOfDeal(deal: Deal, type: string | undefined): type is ListingKind {
  return (TYPES_BY_DEAL[deal] as readonly string[]).includes(type ?? "");
}

export function listingTypeId(deal: Deal, type: ListingKind): ListingTypeId | null {
  return LISTING_TYPES.find((t) => t.deal === deal && t.type === type)?.id ?? null;
}

export function listingType(id: number) {
  return LISTING_TYPES.find((t) => t.id === id) ?? null;
}
