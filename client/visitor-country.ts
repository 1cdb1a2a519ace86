import { useVisitor } from "./visitor.ts";

/**
 * The phone widget's default country (decision 094). A kept page names none: the app asks
 * `GET /api/visitor` after hydration (decision 112, `useKeptPageVisitor`), whose answer names it.
 */
export const useVisitorCountry = (): string | undefined => useVisitor().country;
