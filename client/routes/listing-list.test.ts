import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { createApiClient } from "#shared/api-client.ts";
import { type RequestContext, requestContext } from "#worker/request-context.ts";
import { loader } from "./listing-list.tsx";

const ORIGIN = "https://kvadrat.test";
const NIS = { id: 3, slug: "nis", name: "Niš", lat: 43.3, lng: 21.9 };

function run(path: string, params: Record<string, string>, status = 200) {
  const context = new RouterContextProvider();
  const api = createApiClient({
    baseUrl: ORIGIN,
    fetch: async (input) => {
      const slug = new URL(String(input instanceof Request ? input.url : input)).searchParams.get("slug");
      if (status !== 200) return new Response("{}", { status });
      return slug === "nis"
        ? Response.json({ data: NIS })
        : Response.json({ error: { code: "not_found", message: "No such city" } }, { status: 404 });
    },
  });
  context.set(requestContext, { api } as RequestContext);
  const url = new URL(path, ORIGIN);
  return loader({ params, url, request: new Request(url), context } as never);
}

it("gives list pages the route data of SPEC §3: rental, clearCity, clearType", async () => {
  expect(await run("/rent/apartment/", { type: "apartment" })).toMatchObject({
    deal: "rent",
    rental: true,
    clearCity: true,
    clearType: false,
    city: null,
  });
  expect(await run("/sr/buy/house/nis/", { locale: "sr", type: "house", citySlug: "nis" })).toMatchObject({
    deal: "sale",
    rental: false,
    clearCity: false,
    city: NIS,
  });
});

it("answers 404 for a type the deal does not have and for an unknown city", async () => {
  await expect(run("/rent/land/", { type: "land" })).rejects.toMatchObject({ init: { status: 404 } });
  await expect(run("/buy/castle/", { type: "castle" })).rejects.toMatchObject({ init: { status: 404 } });
  await expect(run("/buy/house/atlantis/", { type: "house", citySlug: "atlantis" })).rejects.toMatchObject({
    init: { status: 404 },
  });
});

it("answers 503 when the API fails", async () => {
  await expect(run("/buy/house/nis/", { type: "house", citySlug: "nis" }, 500)).rejects.toMatchObject({
    init: { status: 503 },
  });
});
