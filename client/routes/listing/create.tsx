import { useActionData, useLoaderData } from "react-router";
import { TypeStep } from "#client/components/listing-wizard/type-step.tsx";
import { StepSection } from "#client/components/listing-wizard/wizard-page.tsx";
import { WizardProgress } from "#client/components/listing-wizard/wizard-progress.tsx";
import { createAction, wizardOptions } from "#client/components/listing-wizard/wizard.server.ts";
import type { WizardResult } from "#client/components/listing-wizard/wizard-types.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireVerifiedPhone } from "#client/guards.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/create";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["listingCreate"], "wizard", "map.pin", "geocode", "validation");

/**
 * `/listing/create/` (product §2): the wizard's first step, deal × property type; posting it
 * makes a draft and goes on to `/listing/edit/{id}/?step=params`. Product §6: a verified phone first.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireVerifiedPhone(args);
  return { options: await wizardOptions(args) };
});

export async function action(args: Route.ActionArgs) {
  requireVerifiedPhone(args);
  return createAction(args);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "listingCreate", {}, { indexable: false });

export default function ListingCreate() {
  const { options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as WizardResult | undefined;
  return (
    <>
      <PageIntro pageKey="listingCreate" />
      <WizardProgress current="type" href={null} state={() => null} />
      <StepSection step="type" result={result}>
        <TypeStep options={options} result={result} changing={false} />
      </StepSection>
    </>
  );
}
