import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { ApiAdminPreview } from "#shared/api/realty.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { ListingStateBanner } from "#client/components/listing-view/listing-state-banner.tsx";
import { everPublished, ListingView, NOT_PUBLISHED_MESSAGE } from "#client/components/listing-view/listing-view.tsx";
import {
  RejectFields,
  rejectionCodeOf,
  revisionOf,
  type RejectField,
  type RejectValues,
} from "#client/components/moderation/reject-fields.tsx";
import { idPageMeta } from "#client/components/page-intro/id-page.ts";
import { pageId } from "#client/components/page-intro/id-page.server.ts";
import { requireModerator, requestedPath } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { Route } from "./+types/listing-preview";
import bannerStyles from "#client/components/listing-view/listing-state-banner.module.css";
import factStyles from "#client/components/listing-facts/listing-facts.module.css";
import detailStyles from "#client/routes/listing-detail.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(
  ["adminListingPreview"],
  "listingState",
  "adminListingPreview",
  "detail",
  "validation",
  "moderation.code",
  "moderation.note",
  "moderation.rejectionCode",
  "map",
  NOT_PUBLISHED_MESSAGE,
);

/**
 * Product §6: admins only (404 for anyone else), any listing in any state as the public page shows it, with
 * its owner's contact and history, and the moderation decision: approve, or reject with a reason from the
 * list and/or the moderator's words. Both are plain form posts, so they work without JavaScript.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  // A malformed id is the 404 page for everyone; a real page asks for sign-in.
  const id = pageId(args);
  requireModerator(args);
  const { api } = args.context.get(appContext);
  const [preview, history] = await Promise.all([api.adminListingPreview(id), api.listingHistory(id)]);
  if (!preview.ok) throw preview.status === 404 ? notFound(args.url) : unavailable();
  return {
    id,
    listing: preview.data.data,
    // The history is secondary: the page stands without it.
    history: history.ok ? history.data.items : null,
    now: Date.now(),
  };
});
export const meta = idPageMeta("adminListingPreview");

type DecisionResult = { fields: Partial<Record<RejectField, string>>; error?: string; values?: RejectValues };

/** `intent=approve` or `intent=reject` with `code` and/or `reason`; done → this page again, showing the new state. */
export async function action(args: Route.ActionArgs) {
  const id = parseId(args.params.id);
  if (!id) throw notFound(new URL(args.request.url));
  requireModerator(args);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const values = { code: String(form.get("code") ?? ""), reason: String(form.get("reason") ?? "") };
  const result =
    form.get("intent") === "reject"
      ? await api.rejectListing(id, { reason: values.reason, code: rejectionCodeOf(form.get("code")) })
      : await api.approveListing(id, revisionOf(form));
  if (result.ok) throw redirect(requestedPath(args.request).path);
  if (result.status === 404) throw notFound(new URL(args.request.url));
  if (result.status === 409) {
    return data<DecisionResult>({ fields: {}, error: "adminListingPreview.notPending" }, { status: 409 });
  }
  const { fields, error, status } = formProblem(result, { code: "code", reason: "reason" } as const);
  return data<DecisionResult>({ fields, error, values }, { status });
}

function OwnerContactDetails({ listing }: { listing: ApiAdminPreview }) {
  const { t } = useI18n();
  const { contact } = listing;
  return (
    <section className={factStyles.owner} aria-labelledby="detail-owner" data-testid="owner-contact">
      <h2 id="detail-owner">{t("adminListingPreview.contact")}</h2>
      <dl>
        <dt>{t("adminListingPreview.name")}</dt>
        <dd>{contact.name}</dd>
        <dt>{t("adminListingPreview.phone")}</dt>
        <dd>{contact.phone ? <a href={`tel:${contact.phone}`}>{contact.phone}</a> : "—"}</dd>
        <dt>{t("adminListingPreview.email")}</dt>
        <dd>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : "—"}</dd>
      </dl>
    </section>
  );
}

export default function AdminListingPreview({ loaderData }: Route.ComponentProps) {
  const { listing, history, now } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const answer = useActionData<typeof action>() as DecisionResult | undefined;
  const busy = useNavigation().state === "submitting";
  // A pending listing, or a public one whose changes wait (decision 053): the same decision either way.
  const pending = listing.status === "pending" || listing.revision?.status === "pending";

  return (
    <>
      <ListingStateBanner listing={listing}>
        {pending ? (
          <div className={bannerStyles.form} data-testid="moderation">
            <Form method="post">
              {listing.revision?.status === "pending" ? (
                <input type="hidden" name="revision" value={listing.revision.updated_at} />
              ) : null}
              <button type="submit" name="intent" value="approve" className={bannerStyles.button} disabled={busy}>
                {t("adminListingPreview.approve")}
              </button>
            </Form>
            <Form method="post" className={bannerStyles.form}>
              <RejectFields errors={answer?.fields} values={answer?.values} />
              <button type="submit" name="intent" value="reject" className={bannerStyles.danger} disabled={busy}>
                {t("adminListingPreview.reject")}
              </button>
            </Form>
          </div>
        ) : null}
        {answer?.error ? <p role="alert">{messageOf(t, answer.error)}</p> : null}
        <p>
          <Link to={lp(privatePaths.admin.moderation())} data-testid="moderation-queue-link">
            {t("adminListingPreview.queue")}
          </Link>
        </p>
      </ListingStateBanner>
      <ListingView
        listing={listing}
        now={now}
        contact={<OwnerContactDetails listing={listing} />}
        published={everPublished(listing)}
      >
        <section aria-labelledby="listing-history" className={detailStyles.section} data-testid="listing-history">
          <h2 id="listing-history">{t("adminListingPreview.history")}</h2>
          {history === null ? (
            <p>{t("adminListingPreview.historyUnavailable")}</p>
          ) : history.length === 0 ? (
            <p>{t("adminListingPreview.historyEmpty")}</p>
          ) : (
            <ol>
              {history.map((event, i) => (
                <li key={i}>
                  <time dateTime={event.created_at}>
                    {intl.formatDate(event.created_at, { dateStyle: "medium", timeStyle: "short" })}
                  </time>
                  {" · "}
                  {t("listingState.label", { status: event.status })}
                  {" · "}
                  {event.actor_name ?? t("adminListingPreview.system")}
                  {event.reason ? (
                    <>
                      {" · "}
                      <q>{event.reason}</q>
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      </ListingView>
    </>
  );
}
