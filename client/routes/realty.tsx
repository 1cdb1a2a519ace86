import { redirect } from "react-router";
import { notFound } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { appContext } from "#client/app-context.server.ts";
import { canonicalLocation, fetchListing } from "./listing-detail.server.ts";
import type { Route } from "./+types/realty";

/**
 * `/realty/{id}/`: the short address of a listing, a 301 to its canonical
 * `/{buy|rent}/{type}/{city}/{id}/` in the same language (architecture §7). Unknown or archived → 404 page.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound(url);
  const listing = await fetchListing(context.get(appContext).api, id, url);
  throw redirect(canonicalLocation(listing, url), 301);
}

/** Never rendered: the loader always answers with a redirect or an error. */
export default function ListingShortLink() {
  return null;
}
