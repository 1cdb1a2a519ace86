import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { HIDE_REASON_MAX } from "#shared/api/admin-listings.ts";
import { HIDEABLE_STATUSES } from "#shared/listing-states.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { idPageMeta } from "#client/components/page-intro/id-page.ts";
import { pageId } from "#client/components/page-intro/id-page.server.ts";
import { RecordIntro } from "#client/components/admin/record-intro.tsx";
import { requireModerator, requestedPath } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { Route } from "./+types/listing";
import styles from "./admin-people.module.css";

const MESSAGES = pageTextScopes(["adminListing"], "adminListings", "listingState.label", "validation");
const INTENTS = ["hide", "restore"] as const;
type Intent = (typeof INTENTS)[number];

/**
 * One listing in any state for moderators — its facts, owner, state, first photo and
 * history (state changes and moderation decisions) — hidden or restored with a reason by a plain form post
 * that comes back here saying what was done.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const id = pageId(args);
  const viewer = requireModerator(args);
  const { api } = args.context.get(appContext);
  const [listing, history] = await Promise.all([api.adminListing(id), api.listingHistory(id)]);
  if (!listing.ok) throw listing.status === 404 ? notFound(args.url) : unavailable();
  const done = args.url.searchParams.get("done");
  return {
    id,
    listing: listing.data.data,
    // The history is secondary: the page stands without it; newest first reads best here.
    history: history.ok ? [...history.data.items].reverse() : null,
    admin: viewer.roles.includes("admin"),
    done: INTENTS.includes(done as Intent) ? (done as Intent) : null,
  };
});
export const meta = idPageMeta("adminListing");

interface ActionResult {
  intent: Intent;
  fields: { reason?: string };
  error?: string;
  reason: string;
}

/** `intent=hide|restore` with `reason`; done → this page again. */
export async function action(args: Route.ActionArgs) {
  const id = parseId(args.params.id);
  if (!id) throw notFound(new URL(args.request.url));
  requireModerator(args);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const intent = form.get("intent");
  const reason = String(form.get("reason") ?? "");
  if (!INTENTS.includes(intent as Intent)) {
    return data<ActionResult>({ intent: "hide", fields: {}, reason }, { status: 400 });
  }
  const result =
    intent === "hide" ? await api.staffHideListing(id, { reason }) : await api.staffRestoreListing(id, { reason });
  if (result.ok) {
    const { url, path } = requestedPath(args.request);
    const back = new URL(path, url);
    back.searchParams.set("done", String(intent));
    throw redirect(back.pathname + back.search);
  }
  if (result.status === 404) throw notFound(new URL(args.request.url));
  if (result.status === 409 && result.error?.code) {
    return data<ActionResult>(
      { intent: intent as Intent, fields: { reason: `adminListings.error.${result.error.code}` }, reason },
      { status: 409 },
    );
  }
  const { fields, error, status } = formProblem(result, { reason: "reason" } as const);
  return data<ActionResult>({ intent: intent as Intent, fields, error, reason }, { status });
}

export default function AdminListing({ loaderData }: Route.ComponentProps) {
  const { listing, history, admin, done } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const intent: Intent | null = listing.deleted
    ? null
    : listing.hidden
      ? "restore"
      : (HIDEABLE_STATUSES as readonly string[]).includes(listing.status)
        ? "hide"
        : null;
  const reasonError = answer?.intent === intent ? answer?.fields.reason : undefined;
  const owner = listing.owner;

  return (
    <>
      <RecordIntro
        pageKey="adminListing"
        id={listing.id}
        back={{ to: lp(privatePaths.admin.listings()), label: t("adminListings.back") }}
        confirmation={done ? t(`adminListings.done.${done}`) : null}
        refusal={answer?.error ? messageOf(t, answer.error) : null}
        statusTestId="listing-status"
      />

      <section className={styles.section} aria-labelledby="listing-facts">
        <h2 id="listing-facts">{t("adminListings.facts")}</h2>
        {listing.image ? (
          <img
            className={styles.thumb}
            src={listing.image.url}
            srcSet={listing.image.srcset ?? undefined}
            // Sizes go only with a srcset (an illustration has none).
            sizes={listing.image.srcset ? "16rem" : undefined}
            width={listing.image.width}
            height={listing.image.height}
            alt={t("adminListings.photoAlt", { count: listing.image_count })}
          />
        ) : null}
        <dl className={styles.facts} data-testid="listing-facts">
          <dt>{t("adminListings.title")}</dt>
          <dd lang={listing.title_lang}>{listing.title ?? "—"}</dd>
          <dt>{t("adminListings.column.state")}</dt>
          <dd data-testid="listing-state">
            {listing.deleted
              ? t("adminListings.state.deleted")
              : listing.hidden
                ? t("adminListings.state.hidden")
                : t("listingState.label", { status: listing.status })}
            {listing.hidden ? (
              <>
                {" · "}
                <time dateTime={listing.hidden.at}>{when(listing.hidden.at)}</time>
                {listing.hidden.reason ? (
                  <>
                    {" — "}
                    <q>{listing.hidden.reason}</q>
                  </>
                ) : null}
              </>
            ) : null}
          </dd>
          <dt>{t("adminListings.place")}</dt>
          <dd>{[listing.address, listing.district, listing.city].filter(Boolean).join(", ") || "—"}</dd>
          <dt>{t("adminListings.column.price")}</dt>
          <dd>
            {listing.price === null
              ? "—"
              : intl.formatNumber(listing.price, {
                  style: "currency",
                  currency: listing.currency,
                  maximumFractionDigits: 0,
                })}
          </dd>
          <dt>{t("adminListings.size")}</dt>
          <dd>
            {[
              listing.rooms === null ? null : t("adminListings.rooms", { count: listing.rooms }),
              listing.area === null ? null : t("adminListings.area", { area: listing.area }),
            ]
              .filter(Boolean)
              .join(" · ") || "—"}
          </dd>
          <dt>{t("adminListings.column.owner")}</dt>
          <dd>
            {admin ? (
              <Link to={lp(privatePaths.admin.user(owner.id))}>{owner.name || `#${owner.id}`}</Link>
            ) : (
              owner.name || `#${owner.id}`
            )}
            {owner.email ? <> · {owner.email}</> : null}
            {owner.phone ? <> · {owner.phone}</> : null}
            {owner.blocked ? <span className={styles.blocked}> · {t("adminListings.ownerBlocked")}</span> : null}
          </dd>
          <dt>{t("adminListings.created")}</dt>
          <dd>
            <time dateTime={listing.created_at}>{when(listing.created_at)}</time>
          </dd>
          {listing.expires_at ? (
            <>
              <dt>{t("adminListings.expires")}</dt>
              <dd>
                <time dateTime={listing.expires_at}>{when(listing.expires_at)}</time>
              </dd>
            </>
          ) : null}
        </dl>
        <ul>
          <li>
            <Link to={lp(privatePaths.admin.listingPreview(listing.id))}>{t("adminListings.preview")}</Link>
          </li>
          {listing.path ? (
            <li>
              <Link to={lp(listing.path)}>{t("adminListings.publicPage")}</Link>
            </li>
          ) : null}
          {admin ? (
            <li>
              <Link to={`${lp(privatePaths.admin.audit())}?target=${encodeURIComponent(`listing:${listing.id}`)}`}>
                {t("adminListings.auditLink")}
              </Link>
            </li>
          ) : null}
        </ul>
      </section>

      {intent ? (
        <section className={styles.section} aria-labelledby="listing-action">
          <h2 id="listing-action">{t(`adminListings.${intent}.heading`)}</h2>
          <Form method="post" className={styles.panel} data-testid={`${intent}-form`}>
            <div className={styles.field}>
              <label htmlFor="listing-reason">{t(`adminListings.${intent}.reason`)}</label>
              <textarea
                id="listing-reason"
                name="reason"
                required
                minLength={3}
                maxLength={HIDE_REASON_MAX}
                defaultValue={answer?.intent === intent ? answer.reason : undefined}
                aria-describedby={reasonError ? "listing-reason-error listing-reason-hint" : "listing-reason-hint"}
                aria-invalid={reasonError ? true : undefined}
              />
              <p id="listing-reason-hint" className={styles.muted}>
                {t(`adminListings.${intent}.hint`)}
              </p>
              {reasonError ? (
                <p id="listing-reason-error" className={styles.error}>
                  {messageOf(t, reasonError, { min: 3, max: HIDE_REASON_MAX })}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              name="intent"
              value={intent}
              className={intent === "hide" ? styles.danger : styles.button}
              disabled={busy}
            >
              {t(`adminListings.${intent}.submit`)}
            </button>
          </Form>
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="listing-history" data-testid="listing-history">
        <h2 id="listing-history">{t("adminListings.history")}</h2>
        {history === null ? (
          <p>{t("adminListings.historyUnavailable")}</p>
        ) : history.length === 0 ? (
          <p>{t("adminListings.historyEmpty")}</p>
        ) : (
          <ol className={styles.history} reversed>
            {history.map((event, i) => (
              <li key={i}>
                <time dateTime={event.created_at}>{when(event.created_at)}</time>
                {" · "}
                {t("listingState.label", { status: event.status })}
                {" · "}
                {event.actor_name ?? t("adminListings.system")}
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
    </>
  );
}
