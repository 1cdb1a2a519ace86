import { simplePage } from "#client/components/page-intro/simple-page.tsx";
import { requireVerifiedPhone } from "#client/guards.server.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import type { Route } from "./+types/create";

const page = simplePage("listingCreate", { indexable: false });
/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["listingCreate"]);

/** SPEC §6: signed-in users with a verified phone. */
export const loader = withMessages(MESSAGES, function loader(args: Route.LoaderArgs) {
  requireVerifiedPhone(args);
  return null;
});
export const meta = page.meta;
export default page.Page;
