import type { LoaderFunctionArgs } from "react-router";
import { simplePage } from "#client/components/page-intro/simple-page.tsx";
import { requireVerifiedPhone } from "#client/guards.server.ts";

const page = simplePage("listingCreate", { indexable: false });
/** SPEC §6: signed-in users with a verified phone. */
export function loader(args: LoaderFunctionArgs) {
  requireVerifiedPhone(args);
  return null;
}
export const meta = page.meta;
export default page.Page;
