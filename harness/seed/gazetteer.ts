/**
 * The demo's cities: the curated big cities of the product's gazetteer (worker/db/reference/, decision
 * 055). The seed's listings stay in them; the reference data the seed applies first holds every place.
 */
export { CITIES, type GazetteerCity, type GazetteerDistrict } from "#worker/db/reference/curated-places.ts";
