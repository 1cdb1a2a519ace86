import { idPage } from "#client/components/page-intro/id-page.tsx";
import { requireUser } from "#client/guards.server.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import type { Route } from "./+types/preview";

const page = idPage("listingPreview");
/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["listingPreview"]);

/** SPEC §6: signed-in users only. */
export const loader = withMessages(MESSAGES, function loader(args: Route.LoaderArgs) {
  // A malformed id is the 404 page for everyone; a real page asks for sign-in.
  const data = page.loader(args);
  requireUser(args);
  return data;
});
export const meta = page.meta;
export default page.Page;
