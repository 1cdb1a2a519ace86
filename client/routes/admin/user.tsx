import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { BLOCK_REASON_MAX } from "#shared/api/staff.ts";
import { STAFF_ROLES, type StaffRole } from "#shared/staff-roles.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { idPageMeta } from "#client/components/page-intro/id-page.ts";
import { pageId } from "#client/components/page-intro/id-page.server.ts";
import { RecordIntro } from "#client/components/admin/record-intro.tsx";
import { SignalList } from "#client/components/signals/signal-list.tsx";
import { requireAdmin, requestedPath } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { Route } from "./+types/user";
import styles from "./admin-people.module.css";

const MESSAGES = pageTextScopes(
  ["adminUser"],
  "adminUsers",
  "adminAgencies",
  "adminListings.state",
  "listingState.label",
  "report.reason",
  "messages.report.reason",
  "validation",
);
const DONE = ["block", "unblock", "roles"] as const;
type Done = (typeof DONE)[number];

/**
 * One person for admins — who they are, their roles, their block; their listings,
 * payments, the reports of their listings and on their conversations. Block with a reason, unblock, and
 * the roles as checkboxes: plain form posts that come back here saying what was done.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const id = pageId(args);
  const viewer = requireAdmin(args);
  const { api } = args.context.get(appContext);
  const [user, activity, agency] = await Promise.all([api.adminUser(id), api.userActivity(id), api.agency(id)]);
  if (!user.ok) throw user.status === 404 ? notFound(args.url) : unavailable();
  const done = args.url.searchParams.get("done");
  return {
    id,
    user: user.data.data,
    // The activity is secondary: the page and its actions stand without it.
    activity: activity.ok ? activity.data.data : null,
    // An agency's licence check (decision 087); a 404 is a private owner (or a deleted account).
    agency: agency.ok ? agency.data.data : null,
    self: viewer.id === id,
    done: DONE.includes(done as Done) ? (done as Done) : null,
  };
});
export const meta = idPageMeta("adminUser");

type Field = "reason" | "roles";
interface ActionResult {
  intent: Done;
  fields: Partial<Record<Field, string>>;
  error?: string;
  reason?: string;
}

/** `intent=block` with `reason`, `intent=unblock`, `intent=roles` with `role` checkboxes; done → here again. */
export async function action(args: Route.ActionArgs) {
  const id = parseId(args.params.id);
  if (!id) throw notFound(new URL(args.request.url));
  requireAdmin(args);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (!DONE.includes(intent as Done)) return data<ActionResult>({ intent: "block", fields: {} }, { status: 400 });
  const reason = String(form.get("reason") ?? "");
  const roles = form.getAll("role").map(String) as StaffRole[];
  const result =
    intent === "block"
      ? await api.blockUser(id, { reason })
      : intent === "unblock"
        ? await api.unblockUser(id)
        : await api.setUserRoles(id, { roles });
  if (result.ok) {
    const { url, path } = requestedPath(args.request);
    const back = new URL(path, url);
    back.searchParams.set("done", String(intent));
    throw redirect(back.pathname + back.search);
  }
  if (result.status === 404) throw notFound(new URL(args.request.url));
  const code = result.status === 409 ? result.error?.code : undefined;
  if (code) {
    // The last admin, oneself, or a state changed meanwhile: said beside the form that asked.
    const error = `adminUsers.error.${code}`;
    const fields = intent === "roles" ? { roles: error } : intent === "block" ? { reason: error } : {};
    return data<ActionResult>(
      { intent: intent as Done, fields, error: intent === "unblock" ? error : undefined, reason },
      { status: 409 },
    );
  }
  const { fields, error, status } = formProblem(result, { reason: "reason", roles: "roles" } as const);
  return data<ActionResult>({ intent: intent as Done, fields, error, reason }, { status });
}

export default function AdminUser({ loaderData }: Route.ComponentProps) {
  const { user, activity, agency, self, done } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const reasonError = answer?.intent === "block" ? answer.fields.reason : undefined;
  const rolesError = answer?.intent === "roles" ? answer.fields.roles : undefined;
  const auditLink = `${lp(privatePaths.admin.audit())}?target=${encodeURIComponent(`user:${user.id}`)}`;

  return (
    <>
      <RecordIntro
        pageKey="adminUser"
        id={user.id}
        back={{ to: lp(privatePaths.admin.users()), label: t("adminUsers.back") }}
        confirmation={done ? t(`adminUsers.done.${done}`) : null}
        refusal={answer?.error && !reasonError && !rolesError ? messageOf(t, answer.error) : null}
        statusTestId="user-status"
      />

      <section className={styles.section} aria-labelledby="user-facts">
        <h2 id="user-facts">{t("adminUsers.facts")}</h2>
        <dl className={styles.facts} data-testid="user-facts">
          <dt>{t("adminUsers.column.name")}</dt>
          <dd>{user.name || "—"}</dd>
          <dt>{t("adminUsers.email")}</dt>
          <dd>{user.email ? <a href={`mailto:${user.email}`}>{user.email}</a> : "—"}</dd>
          <dt>{t("adminUsers.phone")}</dt>
          <dd>{user.phone ? <a href={`tel:${user.phone}`}>{user.phone}</a> : "—"}</dd>
          <dt>{t("adminUsers.since")}</dt>
          <dd>
            <time dateTime={user.created_at}>{when(user.created_at)}</time>
          </dd>
          <dt>{t("adminUsers.column.roles")}</dt>
          <dd>
            {user.roles.length
              ? user.roles.map((role) => t("adminUsers.role", { role })).join(", ")
              : t("adminUsers.noRoles")}
          </dd>
          <dt>{t("adminUsers.column.state")}</dt>
          <dd data-testid="user-state">
            {user.deleted ? (
              t("adminUsers.state.deleted")
            ) : user.blocked ? (
              <>
                <span className={styles.blocked}>{t("adminUsers.state.blocked")}</span>{" "}
                {user.blocked_at ? <time dateTime={user.blocked_at}>{when(user.blocked_at)}</time> : null}
                {user.blocked_reason ? (
                  <>
                    {" — "}
                    <q>{user.blocked_reason}</q>
                  </>
                ) : null}
              </>
            ) : (
              t("adminUsers.state.active")
            )}
          </dd>
        </dl>
        <p>
          <Link to={auditLink}>{t("adminUsers.auditLink")}</Link>
        </p>
      </section>
      <SignalList signals={user.signals} headingId="user-signals" level={2} empty />

      <section className={styles.section} aria-labelledby="user-agency" data-testid="user-agency">
        <h2 id="user-agency">{t("adminAgencies.heading")}</h2>
        {agency ? (
          <p>
            <Link to={lp(privatePaths.admin.agency(agency.user_id))}>{agency.agency_name}</Link>
            {agency.licence_number ? (
              <>
                {" · "}
                <code>{agency.licence_number}</code>
              </>
            ) : null}
            {" · "}
            {t("adminAgencies.state", { state: agency.licence })}
          </p>
        ) : (
          <p className={styles.muted}>{t("adminAgencies.owner")}</p>
        )}
      </section>

      {user.deleted ? null : (
        <section className={styles.section} aria-labelledby="user-actions">
          <h2 id="user-actions">{t("adminUsers.actions")}</h2>
          {user.blocked ? (
            <Form method="post" className={styles.panel}>
              <p>{t("adminUsers.unblock.hint")}</p>
              <button type="submit" name="intent" value="unblock" className={styles.button} disabled={busy}>
                {t("adminUsers.unblock.submit")}
              </button>
            </Form>
          ) : self ? (
            <p className={styles.muted}>{t("adminUsers.block.self")}</p>
          ) : (
            <Form method="post" className={styles.panel} data-testid="block-form">
              <div className={styles.field}>
                <label htmlFor="block-reason">{t("adminUsers.block.reason")}</label>
                <textarea
                  id="block-reason"
                  name="reason"
                  required
                  minLength={3}
                  maxLength={BLOCK_REASON_MAX}
                  defaultValue={answer?.intent === "block" ? answer.reason : undefined}
                  aria-describedby={reasonError ? "block-reason-error block-reason-hint" : "block-reason-hint"}
                  aria-invalid={reasonError ? true : undefined}
                />
                <p id="block-reason-hint" className={styles.muted}>
                  {t("adminUsers.block.hint")}
                </p>
                {reasonError ? (
                  <p id="block-reason-error" className={styles.error}>
                    {messageOf(t, reasonError, { min: 3, max: BLOCK_REASON_MAX })}
                  </p>
                ) : null}
              </div>
              <button type="submit" name="intent" value="block" className={styles.danger} disabled={busy}>
                {t("adminUsers.block.submit")}
              </button>
            </Form>
          )}
          <Form method="post" className={styles.panel} data-testid="roles-form">
            <fieldset
              className={styles.roles}
              aria-describedby={rolesError ? "roles-error" : undefined}
              aria-invalid={rolesError ? true : undefined}
            >
              <legend className={styles.legend}>{t("adminUsers.roles.legend")}</legend>
              {STAFF_ROLES.map((role) => (
                <label key={role}>
                  <input type="checkbox" name="role" value={role} defaultChecked={user.roles.includes(role)} />
                  {t("adminUsers.role", { role })}
                </label>
              ))}
            </fieldset>
            <p className={styles.muted}>{t("adminUsers.roles.hint")}</p>
            {rolesError ? (
              <p id="roles-error" className={styles.error}>
                {messageOf(t, rolesError)}
              </p>
            ) : null}
            <button type="submit" name="intent" value="roles" className={styles.button} disabled={busy}>
              {t("adminUsers.roles.submit")}
            </button>
          </Form>
        </section>
      )}

      {activity === null ? (
        <p className={styles.muted}>{t("adminUsers.activityUnavailable")}</p>
      ) : (
        <>
          <section className={styles.section} aria-labelledby="user-listings">
            <h2 id="user-listings">{t("adminUsers.listings", { count: user.listing_count })}</h2>
            {activity.listings.length ? (
              <div className={styles.tableWrap}>
                <table className={styles.table} data-testid="user-listings">
                  <thead>
                    <tr>
                      <th scope="col">{t("adminUsers.column.listing")}</th>
                      <th scope="col">{t("adminUsers.column.state")}</th>
                      <th scope="col">{t("adminUsers.column.updated")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {activity.listings.map((listing) => (
                      <tr key={listing.id}>
                        <td>
                          <Link to={lp(privatePaths.admin.listing(listing.id))}>
                            {t("adminUsers.listingNo", { id: listing.id })}
                          </Link>{" "}
                          <span lang={listing.title_lang}>{listing.title}</span>
                        </td>
                        <td>
                          {listing.deleted
                            ? t("adminListings.state.deleted")
                            : listing.hidden
                              ? t("adminListings.state.hidden")
                              : t("listingState.label", { status: listing.status })}
                        </td>
                        <td>
                          <time dateTime={listing.updated_at}>{when(listing.updated_at)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p>{t("adminUsers.none")}</p>
            )}
          </section>

          <section className={styles.section} aria-labelledby="user-payments">
            <h2 id="user-payments">{t("adminUsers.payments")}</h2>
            <p>
              <Link to={`${lp(privatePaths.admin.payments())}?user=${user.id}`}>{t("adminUsers.ledgerLink")}</Link>
            </p>
            {activity.payments.length ? (
              <div className={styles.tableWrap}>
                <table className={styles.table} data-testid="user-payments">
                  <thead>
                    <tr>
                      <th scope="col">{t("adminUsers.column.date")}</th>
                      <th scope="col">{t("adminUsers.column.product")}</th>
                      <th scope="col">{t("adminUsers.column.listing")}</th>
                      <th scope="col">{t("adminUsers.column.amount")}</th>
                      <th scope="col">{t("adminUsers.column.paymentState")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {activity.payments.map((payment) => (
                      <tr key={payment.id}>
                        <td>
                          <time dateTime={payment.created_at}>{when(payment.created_at)}</time>
                        </td>
                        <td>
                          <code>{payment.product}</code> <span className={styles.muted}>({payment.provider})</span>
                        </td>
                        <td>
                          {payment.listing_id ? (
                            <Link to={lp(privatePaths.admin.listing(payment.listing_id))}>
                              {t("adminUsers.listingNo", { id: payment.listing_id })}
                            </Link>
                          ) : (
                            "—"
                          )}
                        </td>
                        <td>
                          {intl.formatNumber(payment.amount_cents / 100, {
                            style: "currency",
                            currency: payment.currency,
                          })}
                        </td>
                        <td>{t("adminUsers.paymentState", { status: payment.status })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p>{t("adminUsers.none")}</p>
            )}
          </section>

          <section className={styles.section} aria-labelledby="user-listing-reports">
            <h2 id="user-listing-reports">{t("adminUsers.listingReports")}</h2>
            {activity.listing_reports.length ? (
              <ul data-testid="user-listing-reports">
                {activity.listing_reports.map((report) => (
                  <li key={report.id}>
                    <time dateTime={report.created_at}>{when(report.created_at)}</time>
                    {" · "}
                    <Link to={lp(privatePaths.admin.listing(report.listing_id))}>
                      {t("adminUsers.listingNo", { id: report.listing_id })}
                    </Link>
                    {" · "}
                    {t(`report.reason.${report.reason}`)}
                    {report.text ? (
                      <>
                        {" — "}
                        <q>{report.text}</q>
                      </>
                    ) : null}
                    {" · "}
                    {t(report.resolved ? "adminUsers.report.closed" : "adminUsers.report.open")}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t("adminUsers.none")}</p>
            )}
          </section>

          <section className={styles.section} aria-labelledby="user-conversation-reports">
            <h2 id="user-conversation-reports">{t("adminUsers.conversationReports")}</h2>
            {activity.conversation_reports.length ? (
              <ul data-testid="user-conversation-reports">
                {activity.conversation_reports.map((report) => (
                  <li key={report.id}>
                    <time dateTime={report.created_at}>{when(report.created_at)}</time>
                    {" · "}
                    {report.reporter.id === user.id
                      ? t("adminUsers.report.byThem")
                      : t("adminUsers.report.by", { name: report.reporter.name })}
                    {" · "}
                    <Link to={lp(privatePaths.admin.listing(report.listing_id))}>
                      {t("adminUsers.listingNo", { id: report.listing_id })}
                    </Link>
                    {" · "}
                    {t(`messages.report.reason.${report.reason}`)}
                    {report.text ? (
                      <>
                        {" — "}
                        <q>{report.text}</q>
                      </>
                    ) : null}
                    {" · "}
                    {t(report.resolved ? "adminUsers.report.closed" : "adminUsers.report.open")}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t("adminUsers.none")}</p>
            )}
          </section>
        </>
      )}
    </>
  );
}
