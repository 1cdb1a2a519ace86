import type { LoaderFunctionArgs } from "react-router";
import { simplePage } from "#client/components/page-intro/simple-page.tsx";
import { requireUser } from "#client/guards.server.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";

const page = simplePage("cabinetPayment", { indexable: false });
/** SPEC §6: signed-in users only. */
/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["cabinetPayment"]);

export const loader = withMessages(MESSAGES, function loader(args: LoaderFunctionArgs) {
  requireUser(args);
  return null;
});
export const meta = page.meta;
export default page.Page;
