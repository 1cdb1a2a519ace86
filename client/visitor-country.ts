import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data.ts";
import { askVisitor } from "./visitor-answer.ts";
import { useVisitor } from "./visitor.ts";

/**
 * The phone widget's default country (decision 094). A kept page names none: it comes with the visitor the
 * app asks for after hydration (decision 112), or — for a visitor with nothing of their own, for whom the
 * app asks nothing — from `GET /api/visitor` when the widget first shows. Its own module: only the sign-in
 * dialog's chunk carries it.
 */
export function useVisitorCountry(): string | undefined {
  const kept = Boolean(useRouteLoaderData<RootData>("root")?.kept);
  const { country } = useVisitor();
  const missing = kept && country === undefined;
  useEffect(() => {
    if (missing) askVisitor();
  }, [missing]);
  return country;
}
