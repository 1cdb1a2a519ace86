import { useActionData } from "react-router";
import { WizardPage } from "#client/components/listing-wizard/wizard-page.tsx";
import { wizardAction, wizardData } from "#client/components/listing-wizard/wizard.server.ts";
import type { WizardResult } from "#client/components/listing-wizard/wizard-types.ts";
import { idPage } from "#client/components/page-intro/id-page.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireUser } from "#client/guards.server.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import { PHOTOS_STEP_MESSAGE_SCOPES } from "#client/components/listing-wizard/photos-step-types.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/edit";

const page = idPage("listingEdit");
/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(
  ["listingEdit"],
  "listingState",
  "wizard",
  "validation",
  "moderation.rejectionCode",
  ...PHOTOS_STEP_MESSAGE_SCOPES,
);

/**
 * `/listing/edit/{id}/?step=…` (SPEC §2, issue 18): the listing wizard's steps for the owner's own
 * listing in any state; anyone else's is the 404 page (SPEC §6). Every step is a plain form post.
 */
export const loader = withMessages(MESSAGES, async function loader(args: Route.LoaderArgs) {
  // A malformed id is the 404 page for everyone; a real page asks for sign-in.
  const { id } = page.loader(args);
  requireUser(args);
  return wizardData(args, id);
});

export async function action(args: Route.ActionArgs) {
  const { id } = page.loader(args);
  requireUser(args);
  return wizardAction(args, id);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "listingEdit",
    { id: args.loaderData?.id ?? "", step: args.loaderData?.step ?? "check" },
    { indexable: false },
  );

export default function ListingEdit({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as WizardResult | undefined;
  return (
    <>
      <PageIntro pageKey="listingEdit" values={{ id: loaderData.id, step: loaderData.step }} />
      <WizardPage data={loaderData} result={result} />
    </>
  );
}
