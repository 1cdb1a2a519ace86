import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { type Visitor, VISITOR_PATH } from "#shared/visitor.ts";
import type { RootData } from "./root-data.ts";
import { hasVisitor, setVisitor, useVisitor } from "./visitor.ts";

let asked = false;

/**
 * The phone widget's default country (decision 094). A kept page names none, and a visitor with nothing
 * of their own gets the kept bytes as they are: the widget asks `GET /api/visitor` once, when it first
 * shows. Its own module: only the sign-in dialog's chunk carries it.
 */
export function useVisitorCountry(): string | undefined {
  const kept = Boolean(useRouteLoaderData<RootData>("root")?.kept);
  const visitor = useVisitor();
  const missing = kept && !hasVisitor();
  useEffect(() => {
    if (!missing || asked) return;
    asked = true;
    void fetch(VISITOR_PATH, { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<Visitor>) : null))
      .then((answer) => answer && setVisitor(answer))
      .catch(() => undefined);
  }, [missing]);
  return visitor.country;
}
