import { useActionData, useLoaderData } from "react-router";
import { TypeStep } from "#client/components/listing-wizard/type-step.tsx";
import { StepSection } from "#client/components/listing-wizard/wizard-page.tsx";
import { WizardProgress } from "#client/components/listing-wizard/wizard-progress.tsx";
import { createAction, wizardOptions } from "#client/components/listing-wizard/wizard.server.ts";
import type { WizardResult } from "#client/components/listing-wizard/wizard-types.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireVerifiedPhone } from "#client/guards.server.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/create";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["listingCreate"], "wizard", "validation");

/**
 * `/listing/create/` (SPEC §2, issue 18): the wizard's first step, deal × property type; posting it
 * makes a draft and goes on to `/listing/edit/{id}/?step=params`. SPEC §6: a verified phone first.
 */
export const loader = withMessages(MESSAGES, async function loader(args: Route.LoaderArgs) {
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
      <StepSection step="type">
        <TypeStep options={options} result={result} changing={false} />
      </StepSection>
    </>
  );
}
