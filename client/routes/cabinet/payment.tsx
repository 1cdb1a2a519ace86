import type { LoaderFunctionArgs } from "react-router";
import { simplePage } from "#client/components/page-intro/simple-page.tsx";
import { requireUser } from "#client/guards.server.ts";

const page = simplePage("cabinetPayment", { indexable: false });
/** SPEC §6: signed-in users only. */
export function loader(args: LoaderFunctionArgs) {
  requireUser(args);
  return null;
}
export const meta = page.meta;
export default page.Page;
