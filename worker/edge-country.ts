/** The visitor's country as the edge sees it (DESIGN §7), for defaults such as the phone widget's. */
export function edgeCountry(request: Request): string | undefined {
  const country = (request as Request & { cf?: { country?: unknown } }).cf?.country;
  return typeof country === "string" && /^[A-Z]{2}$/.test(country) ? country : undefined;
}
