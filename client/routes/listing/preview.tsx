import { appContext } from "#client/app-context.ts";
import { idPage } from "#client/components/page-intro/id-page.tsx";
import { listingSummary } from "#client/components/page-intro/listing-summary.server.ts";
import { requireUser } from "#client/guards.server.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import type { Route } from "./+types/preview";

const page = idPage("listingPreview");
/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["listingPreview"], "listingState");

/** SPEC §6: signed-in users only, and only their own listings (404 for anyone else's). */
export const loader = withMessages(MESSAGES, async function loader(args: Route.LoaderArgs) {
  // A malformed id is the 404 page for everyone; a real page asks for sign-in.
  const data = page.loader(args);
  requireUser(args);
  const listing = await listingSummary(args.context.get(appContext).api.listingPreview(data.id), args.url);
  return { ...data, listing };
});
export const meta = page.meta;
export default page.Page;
