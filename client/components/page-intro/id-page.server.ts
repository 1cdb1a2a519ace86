import { notFound } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";

/** The listing id of a private page about one listing: a positive integer, or the 404 page. */
export function pageId({ params, url }: { params: { id?: string }; url: URL }): number {
  const id = parseId(params.id);
  if (!id) throw notFound(url);
  return id;
}
