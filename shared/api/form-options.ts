/** Suggested values of the search form's range inputs (EUR; rent per month) and areas (m²). */
export const PRICE_PRESETS = {
  sale: [30_000, 50_000, 75_000, 100_000, 150_000, 200_000, 300_000, 500_000],
  rent: [200, 300, 400, 500, 750, 1_000, 1_500, 2_500],
} as const;
export const AREA_PRESETS = [25, 35, 50, 65, 80, 100, 150, 200] as const;
