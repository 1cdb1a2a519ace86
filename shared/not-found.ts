/**
 * What the 404 screen says of the address asked for (product §8): "Page not found: {fullPath}" for a path
 * no page has, "Page Not Found: {fullPath}" for a locale segment that does not exist, in the page's
 * language. A 404's route error carries it as its data.
 */
export interface NotFoundDetail {
  kind: "route" | "locale";
  /** The path and query asked for. */
  path: string;
}

export const isNotFoundDetail = (value: unknown): value is NotFoundDetail =>
  typeof value === "object" &&
  value !== null &&
  ((value as NotFoundDetail).kind === "route" || (value as NotFoundDetail).kind === "locale") &&
  typeof (value as NotFoundDetail).path === "string";
