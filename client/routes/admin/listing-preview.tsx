import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { REJECTION_CODES, type RejectionCode, RejectReason } from "#shared/api/cabinet.ts";
import type { ApiAdminPreview } from "#shared/api/realty.ts";
import { limitsOf } from "#shared/validation.ts";
import { appContext } from "#client/app-context.ts";
import { formProblem } from "#client/api/form-problem.ts";
import { Field, messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { ListingStateBanner } from "#client/components/listing-view/listing-state-banner.tsx";
import { ListingView } from "#client/components/listing-view/listing-view.tsx";
import { idPage } from "#client/components/page-intro/id-page.tsx";
import { requireAdmin, requestedPath } from "#client/guards.server.ts";
import { notFound, parseId, unavailable } from "#client/http-errors.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { limitValues } from "#client/i18n/limit-values.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import type { Route } from "./+types/listing-preview";
import bannerStyles from "#client/components/listing-view/listing-state-banner.module.css";
import factStyles from "#client/components/listing-facts/listing-facts.module.css";
import detailStyles from "#client/routes/listing-detail.module.css";

const page = idPage("adminListingPreview");
/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["adminListingPreview"], "listingState", "adminListingPreview", "detail", "validation");

/**
 * SPEC §6: admins only (404 for anyone else), any listing in any state as the public page shows it, with
 * its owner's contact and history, and the moderation decision: approve, or reject with a reason. Both
 * are plain form posts, so they work without JavaScript.
 */
export const loader = withMessages(MESSAGES, async function loader(args: Route.LoaderArgs) {
  // A malformed id is the 404 page for everyone; a real page asks for sign-in.
  const { id } = page.loader(args);
  requireAdmin(args);
  const { api } = args.context.get(appContext);
  const [preview, history] = await Promise.all([api.adminListingPreview(id), api.listingHistory(id)]);
  if (!preview.ok) throw preview.status === 404 ? notFound(args.url) : unavailable();
  return {
    id,
    listing: preview.data.data,
    // The history is secondary: the page stands without it.
    history: history.ok ? history.data.items : null,
    reasonLimits: limitsOf(RejectReason),
    now: Date.now(),
  };
});
export const meta = page.meta;

type DecisionResult = { fields: { reason?: string }; error?: string };

/** `intent=approve` or `intent=reject` with `reason`; done → this page again, showing the new state. */
export async function action(args: Route.ActionArgs) {
  const id = parseId(args.params.id);
  if (!id) throw notFound(new URL(args.request.url));
  requireAdmin(args);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const result =
    form.get("intent") === "reject"
      ? await api.rejectListing(id, { reason: String(form.get("reason") ?? ""), code: rejectionCode(form.get("code")) })
      : await api.approveListing(id);
  if (result.ok) throw redirect(requestedPath(args.request).path);
  if (result.status === 404) throw notFound(new URL(args.request.url));
  if (result.status === 409) {
    return data<DecisionResult>({ fields: {}, error: "adminListingPreview.notPending" }, { status: 409 });
  }
  const { fields, error, status } = formProblem(result, { reason: "reason" });
  return data<DecisionResult>({ fields, error }, { status });
}

function rejectionCode(value: FormDataEntryValue | null): RejectionCode | undefined {
  return (REJECTION_CODES as readonly unknown[]).includes(value) ? (value as RejectionCode) : undefined;
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
  const { listing, history, reasonLimits, now } = loaderData;
  const { t, intl } = useI18n();
  const answer = useActionData<typeof action>() as DecisionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const pending = listing.status === "pending";

  return (
    <>
      <ListingStateBanner listing={listing}>
        {pending ? (
          <div className={bannerStyles.form} data-testid="moderation">
            <Form method="post">
              <button type="submit" name="intent" value="approve" className={bannerStyles.button} disabled={busy}>
                {t("adminListingPreview.approve")}
              </button>
            </Form>
            <Form method="post" className={bannerStyles.form}>
              <Field
                label={t("adminListingPreview.reason")}
                hint={t("adminListingPreview.reasonHint", limitValues(reasonLimits))}
                error={answer?.fields.reason}
              >
                {(props) => (
                  <textarea
                    {...props}
                    name="reason"
                    required
                    minLength={reasonLimits.minLength}
                    maxLength={reasonLimits.maxLength}
                  />
                )}
              </Field>
              <button type="submit" name="intent" value="reject" className={bannerStyles.danger} disabled={busy}>
                {t("adminListingPreview.reject")}
              </button>
            </Form>
          </div>
        ) : null}
        {answer?.error ? <p role="alert">{messageOf(t, answer.error)}</p> : null}
      </ListingStateBanner>
      <ListingView listing={listing} now={now} contact={<OwnerContactDetails listing={listing} />}>
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
