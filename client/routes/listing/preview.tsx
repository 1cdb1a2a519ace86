import type { LoaderFunctionArgs } from "react-router";
import { idPage } from "#client/components/page-intro/id-page.tsx";
import { requireUser } from "#client/guards.server.ts";

const page = idPage("listingPreview");
/** SPEC §6: signed-in users only. */
export function loader(args: LoaderFunctionArgs) {
  requireUser(args);
  return page.loader(args);
}
export const meta = page.meta;
export default page.Page;
