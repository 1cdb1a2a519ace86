import { useActionData } from "react-router";
import type { ApiListingEdit } from "#shared/api/listing-edit.ts";
import { WizardPage } from "#client/components/listing-wizard/wizard-page.tsx";
import { wizardAction, wizardData } from "#client/components/listing-wizard/wizard.server.ts";
import type { WizardResult } from "#client/components/listing-wizard/wizard-types.ts";
import { pageId } from "#client/components/page-intro/id-page.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireUser } from "#client/guards.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { PHOTOS_STEP_MESSAGE_SCOPES } from "#client/components/listing-wizard/photos-step-types.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/edit";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(
  ["listingEdit"],
  "listingState",
  "wizard",
  "map.pin",
  "geocode",
  "validation",
  "moderation.rejectionCode",
  ...PHOTOS_STEP_MESSAGE_SCOPES,
);

/**
 * `/listing/edit/{id}/?step=…` (product §2): the listing wizard's steps for the owner's own
 * listing in any state; anyone else's is the 404 page (product §6). Every step is a plain form post.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  // A malformed id is the 404 page for everyone; a real page asks for sign-in.
  const id = pageId(args);
  requireUser(args);
  return wizardData(args, id);
});

export async function action(args: Route.ActionArgs) {
  const id = pageId(args);
  requireUser(args);
  return wizardAction(args, id);
}

/** A listing that was never public is still a "New listing" to its owner; published once, it is edited. */
const stateOf = (listing: Pick<ApiListingEdit, "expires_at">) => (listing.expires_at === null ? "new" : "edit");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "listingEdit",
    {
      id: args.loaderData?.id ?? "",
      step: args.loaderData?.step ?? "check",
      state: args.loaderData ? stateOf(args.loaderData.listing) : "edit",
    },
    { indexable: false },
  );

export default function ListingEdit({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as WizardResult | undefined;
  return (
    <>
      <PageIntro
        pageKey="listingEdit"
        values={{ id: loaderData.id, step: loaderData.step, state: stateOf(loaderData.listing) }}
      />
      <WizardPage data={loaderData} result={result} />
    </>
  );
}
