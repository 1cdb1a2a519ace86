/**
 * What the payment pages' loaders read through the API: a listing as the payment pages show it, and one of
 * the visitor's intents (`?intent=`), which is the 404 page when it is malformed, unknown or someone else's.
 */
import type { ApiClient, ApiResult } from "#shared/api-client.ts";
import type { ApiIntent } from "#shared/api/payments.ts";
import type { ApiPreview } from "#shared/api/realty.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { INTENT_ID } from "./payment-links.ts";
import type { PaymentListing } from "./payment-listing.tsx";

/** The listing an API read answers; null when the read says it is not there for this visitor (`absent`). */
function found<T>(result: ApiResult<{ data: T }>, absent: readonly number[]): T | null {
  if (result.ok) return result.data.data;
  if (result.status !== undefined && absent.includes(result.status)) return null;
  throw unavailable();
}

/** What the payment pages show of any listing: its title, photo and place (district, city). */
function shown(
  id: number,
  listing: Pick<ApiPreview, "title" | "title_lang" | "image" | "district"> & { city?: { name: string } | null },
): Pick<PaymentListing, "id" | "title" | "title_lang" | "image" | "place"> {
  return {
    id,
    title: listing.title,
    title_lang: listing.title_lang,
    image: listing.image,
    place: [listing.district?.name, listing.city?.name].filter(Boolean).join(", ") || null,
  };
}

/** The owner's own listing in any state (promotion); null when it is not theirs or not there. */
export async function ownListing(api: ApiClient, id: number): Promise<PaymentListing | null> {
  const listing = found(await api.listingPreview(id), [404, 403]);
  if (!listing) return null;
  return {
    ...shown(id, listing),
    path: listing.status === "active" ? listing.path : null,
    status: listing.status,
    own: true,
  };
}

/** A public listing (the phone reveal); null when it is not public. */
export async function publicListing(api: ApiClient, id: number, userId: number): Promise<PaymentListing | null> {
  const listing = found(await api.listing(id), [404, 400]);
  if (!listing) return null;
  return { ...shown(id, listing), path: listing.path, status: listing.status, own: listing.owner.id === userId };
}

/** The listing an intent is about, as its product sees it: one's own (promotion) or a public one (reveal). */
export function intentListing(api: ApiClient, intent: ApiIntent, userId: number): Promise<PaymentListing | null> {
  if (intent.realty_id === null) return Promise.resolve(null);
  return intent.product === "phone_reveal"
    ? publicListing(api, intent.realty_id, userId)
    : ownListing(api, intent.realty_id);
}

/** The visitor's intent named by the query's `intent`: the 404 page unless it is theirs. */
export async function requestedIntent(api: ApiClient, url: URL): Promise<ApiIntent> {
  const id = url.searchParams.get("intent") ?? "";
  if (!INTENT_ID.test(id)) throw notFound(url);
  const result = await api.intent(id);
  if (result.ok) return result.data.data;
  throw result.status === 404 || result.status === 400 ? notFound(url) : unavailable();
}
