import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { api } from "./session.ts";

/** What a test's listing is: a two-room flat by default; the caller names its place, words and price. */
export interface TestListing {
  /** Listing type (4: a flat for sale, 1: a flat to rent). */
  type_id?: number;
  city: string;
  address: string;
  lat: number;
  lng: number;
  area?: number;
  description: string;
  price: number;
}

/** A listing of `owner`'s through the wizard's API, submitted for review; its id. */
export async function pendingListing(owner: BrowserContext, listing: TestListing): Promise<number> {
  const created = await api<{ data: { id: number } }>(owner, "POST", "/api/realty/edit/type", {
    type_id: listing.type_id ?? 4,
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  const { city, address, lat, lng, area = 50 } = listing;
  const steps: [string, Record<string, unknown>][] = [
    ["params", { city, address, lat, lng, area, rooms: 2, floor: 2, floors: 5 }],
    ["description", { description: listing.description, lang: "en" }],
    ["conditions", { price: listing.price }],
  ];
  for (const [step, values] of steps) {
    expect((await api(owner, "POST", `/api/realty/edit/${step}`, { id, ...values })).status).toBe(200);
  }
  expect((await api(owner, "POST", "/api/realty/edit/force", { id })).status).toBe(200);
  return id;
}

/** A listing of `owner`'s submitted and approved by `admin` (signed in as the administrator): public; its id. */
export async function publicListing(owner: BrowserContext, admin: BrowserContext, listing: TestListing) {
  const id = await pendingListing(owner, listing);
  expect((await api(admin, "POST", `/api/admin/realty/${id}/approve`)).status).toBe(200);
  return id;
}
