/**
 * A listing's title made from its facts (decision 032): rooms, type, deal, area, plot and place, in
 * the words of message `listing.generatedTitle`. The API composes it in the visitor's language on every
 * read of a listing whose title is generated (`title_generated = 1`), so a Russian visitor reads a
 * Russian title whatever language the owner wrote in; an owner's own title is shown as written.
 */
import type { IntlFormatter } from "#shared/intl.ts";
import type { Deal } from "#shared/listing-types.ts";

export interface TitleFacts {
  deal: Deal;
  /** The property type word (`apartment`, `house`, …). */
  type: string;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  /** The place's names in the language of the title. */
  city: string;
  district: string | null;
}

/** The generated title of a listing in the formatter's language. */
export function generatedListingTitle(facts: TitleFacts, intl: IntlFormatter): string {
  const number = (n: number | null) => (n === null ? "none" : intl.formatNumber(n, { maximumFractionDigits: 1 }));
  const land = facts.type === "land";
  return intl.formatMessage(
    { id: "listing.generatedTitle" },
    {
      type: facts.type,
      deal: facts.deal,
      // Rooms count in halves (0.5 is a studio, 1.5 a "jednoiposoban" flat): whole numbers to select on.
      halves: facts.rooms === null ? 0 : Math.round(facts.rooms * 2),
      rooms: number(facts.rooms),
      area: number(land ? facts.land_area : facts.area),
      plot: number(land ? null : facts.land_area),
      place: facts.district ? `${facts.district}, ${facts.city}` : facts.city,
    },
  );
}
