import { appContext } from "#client/app-context.ts";
import { idPage } from "#client/components/page-intro/id-page.tsx";
import { listingSummary } from "#client/components/page-intro/listing-summary.server.ts";
import { requireAdmin } from "#client/guards.server.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import type { Route } from "./+types/listing-preview";

const page = idPage("adminListingPreview");
/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["adminListingPreview"], "listingState");

/** SPEC §6: admins only (404 for anyone else), any listing that exists in any state. */
export const loader = withMessages(MESSAGES, async function loader(args: Route.LoaderArgs) {
  // A malformed id is the 404 page for everyone; a real page asks for sign-in.
  const data = page.loader(args);
  requireAdmin(args);
  const listing = await listingSummary(args.context.get(appContext).api.adminListingPreview(data.id), args.url);
  return { ...data, listing };
});
export const meta = page.meta;
export default page.Page;
