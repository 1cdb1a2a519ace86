import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { DuplicateError } from "#shared/api/listing-edit.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { ListingStateBanner } from "#client/components/listing-view/listing-state-banner.tsx";
import { everPublished, ListingView } from "#client/components/listing-view/listing-view.tsx";
import { DUPLICATE_MESSAGE_SCOPE, DuplicateNotice } from "#client/components/listing-wizard/duplicate-notice.tsx";
import { OwnerBlock } from "#client/components/listing-view/owner-block.tsx";
import { paymentHref } from "#client/components/payment/payment-links.ts";
import { idPageMeta } from "#client/components/page-intro/id-page.ts";
import { pageId } from "#client/components/page-intro/id-page.server.ts";
import { requireUser } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { Route } from "./+types/preview";
import bannerStyles from "#client/components/listing-view/listing-state-banner.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(
  ["listingPreview"],
  "listingState",
  "listingPreview",
  "detail",
  "map",
  "moderation.rejectionCode",
  DUPLICATE_MESSAGE_SCOPE,
);

/**
 * Product §6: the owner's own listing in any state, as the public detail page shows it, under a banner
 * naming its state; 404 for anyone else's (admins too: they have the admin preview). Not indexed, no
 * statistics, nothing that acts on a listing that is not public.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  // A malformed id is the 404 page for everyone; a real page asks for sign-in.
  const id = pageId(args);
  requireUser(args);
  const result = await args.context.get(appContext).api.listingPreview(id);
  if (!result.ok) throw result.status === 404 || result.status === 403 ? notFound(args.url) : unavailable();
  return { id, listing: result.data.data, now: Date.now() };
});
export const meta = idPageMeta("listingPreview");

/** What submitting answered; after a success the loader shows the new state. */
type SubmitResult =
  | { submitted: true }
  | { duplicate: Pick<DuplicateError["error"], "match" | "listing"> }
  | { incomplete: string[] }
  | { error: string };

/** "Submit for review" (`intent=submit`) and, past a possible duplicate, "Submit anyway" (`intent=force`). */
export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const id = parseId(args.params.id);
  if (!id) throw notFound(url);
  requireUser(args);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const result = form.get("intent") === "force" ? await api.forceListing(id) : await api.checkListing(id);
  if (result.ok) return { submitted: true } satisfies SubmitResult;
  if (result.status === 404) throw notFound(url);
  const error = result.error as Partial<DuplicateError["error"]> | undefined;
  if (result.status === 409 && error?.code === "possible_duplicate" && error.listing) {
    return data<SubmitResult>(
      { duplicate: { match: error.match ?? "facts", listing: error.listing } },
      { status: 409 },
    );
  }
  if (result.status === 400 && result.error?.fields) {
    return data<SubmitResult>({ incomplete: Object.keys(result.error.fields) }, { status: 400 });
  }
  const problem = formProblem(result, {});
  return data<SubmitResult>({ error: problem.error ?? "form.error.generic" }, { status: problem.status });
}

export default function ListingPreview({ loaderData }: Route.ComponentProps) {
  const { listing, now } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  const answer = useActionData<typeof action>() as SubmitResult | undefined;
  const busy = useNavigation().state === "submitting";
  const submittable = listing.status === "draft" || listing.status === "rejected";
  const edit = lp(privatePaths.listing.edit(listing.id));
  const checkStep = `${edit}?step=check`;

  return (
    <>
      <ListingStateBanner listing={listing}>
        <div className={bannerStyles.actions}>
          <Link to={listing.status === "draft" ? checkStep : edit} data-testid="preview-edit">
            {t("listingPreview.edit")}
          </Link>
          {listing.status === "active" ? (
            <Link to={lp(paymentHref({ listingId: listing.id }))} data-testid="preview-promote">
              {t("listingPreview.promote")}
            </Link>
          ) : null}
          {submittable ? (
            <Form method="post" data-testid="preview-submit">
              <button type="submit" name="intent" value="submit" className={bannerStyles.button} disabled={busy}>
                {t("listingPreview.submit")}
              </button>
            </Form>
          ) : null}
        </div>
        {answer && "submitted" in answer ? (
          <p role="status">{t("listingPreview.submitted")}</p>
        ) : answer && "incomplete" in answer ? (
          <p role="alert" data-testid="preview-incomplete">
            {t("listingPreview.incomplete", { count: answer.incomplete.length })}{" "}
            <Link to={checkStep}>{t("listingPreview.complete")}</Link>
          </p>
        ) : answer && "duplicate" in answer ? (
          <div role="alert" data-testid="preview-duplicate">
            <DuplicateNotice duplicate={answer.duplicate} />
            <Form method="post">
              <button type="submit" name="intent" value="force" className={bannerStyles.button} disabled={busy}>
                {t("listingPreview.submitAnyway")}
              </button>
            </Form>
          </div>
        ) : answer && "error" in answer ? (
          <p role="alert">{messageOf(t, answer.error)}</p>
        ) : null}
      </ListingStateBanner>
      <ListingView
        listing={listing}
        now={now}
        contact={<OwnerBlock owner={listing.owner} advertiser={listing.advertiser} />}
        published={everPublished(listing)}
      />
    </>
  );
}
