import { simplePage } from "#client/components/page-intro/simple-page.tsx";
import { requireUser } from "#client/guards.server.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import type { Route } from "./+types/payment-success";

const page = simplePage("cabinetPaymentSuccess", { indexable: false });
/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["cabinetPaymentSuccess"]);

/** SPEC §6: signed-in users only. */
export const loader = withMessages(MESSAGES, function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return null;
});
export const meta = page.meta;
export default page.Page;
