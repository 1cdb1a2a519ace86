import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { LICENCE_REFUSAL_MAX } from "#shared/api/advertiser.ts";
import { hasRole } from "#shared/staff-roles.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { idPageMeta } from "#client/components/page-intro/id-page.ts";
import { pageId } from "#client/components/page-intro/id-page.server.ts";
import { RecordIntro } from "#client/components/admin/record-intro.tsx";
import { requestedPath, requireModerator } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { Route } from "./+types/agency";
import styles from "./admin-people.module.css";

const MESSAGES = pageTextScopes(["adminAgency"], "adminAgencies", "validation");
const DONE = ["confirm", "refuse"] as const;
type Done = (typeof DONE)[number];

/**
 * One agency's licence check for moderators (decision 087): its name and number as the agency gave them,
 * and — while awaiting — confirm (the "Licensed agency" badge) or refuse with a reason the agency reads.
 * Each form carries the number shown, so a number changed meanwhile is not confirmed by mistake (409).
 * Plain form posts that come back here saying what was done.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const id = pageId(args);
  const viewer = requireModerator(args);
  const result = await args.context.get(appContext).api.agency(id);
  if (!result.ok) throw result.status === 404 ? notFound(args.url) : unavailable();
  const done = args.url.searchParams.get("done");
  return {
    id,
    agency: result.data.data,
    // The person's own page and the audit log are the admins' (decision 057).
    admin: hasRole(viewer.roles, "admin"),
    // Nobody decides on their own agency (the API refuses it too).
    own: viewer.id === id,
    done: DONE.includes(done as Done) ? (done as Done) : null,
  };
});
export const meta = idPageMeta("adminAgency");

interface ActionResult {
  intent: Done;
  fields: Partial<Record<"reason" | "licence_number", string>>;
  error?: string;
  reason?: string;
}

/** `intent=confirm` or `intent=refuse` with `reason`, both with the `licence_number` shown; done → here again. */
export async function action(args: Route.ActionArgs) {
  const id = parseId(args.params.id);
  if (!id) throw notFound(new URL(args.request.url));
  requireModerator(args);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (!DONE.includes(intent as Done)) return data<ActionResult>({ intent: "confirm", fields: {} }, { status: 400 });
  const licence_number = String(form.get("licence_number") ?? "");
  const reason = String(form.get("reason") ?? "");
  const result =
    intent === "confirm"
      ? await api.confirmLicence(id, { licence_number })
      : await api.refuseLicence(id, { licence_number, reason });
  if (result.ok) {
    const { url, path } = requestedPath(args.request);
    const back = new URL(path, url);
    back.searchParams.set("done", String(intent));
    throw redirect(back.pathname + back.search);
  }
  if (result.status === 404) throw notFound(new URL(args.request.url));
  const { fields, error, status } = formProblem(result, {
    reason: "reason",
    licence_number: "licence_number",
  } as const);
  // A number changed meanwhile (or decided by another moderator) is said for the whole page.
  const changed = fields.licence_number;
  return data<ActionResult>(
    { intent: intent as Done, fields: { reason: fields.reason }, error: changed ?? error, reason },
    { status },
  );
}

export default function AdminAgency({ loaderData }: Route.ComponentProps) {
  const { agency, admin, own, done } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const reasonError = answer?.intent === "refuse" ? answer.fields.reason : undefined;
  const auditLink = `${lp(privatePaths.admin.audit())}?target=${encodeURIComponent(`user:${agency.user_id}`)}`;

  return (
    <>
      <RecordIntro
        pageKey="adminAgency"
        id={agency.user_id}
        back={{ to: lp(privatePaths.admin.agencies()), label: t("adminAgencies.back") }}
        confirmation={done ? t(`adminAgencies.done.${done}`) : null}
        refusal={answer?.error ? messageOf(t, answer.error) : null}
        statusTestId="agency-status"
      />

      <section className={styles.section} aria-labelledby="agency-facts">
        <h2 id="agency-facts">{t("adminAgencies.heading")}</h2>
        <dl className={styles.facts} data-testid="agency-facts">
          <dt>{t("adminAgencies.column.agency")}</dt>
          <dd>{agency.agency_name}</dd>
          <dt>{t("adminAgencies.column.number")}</dt>
          <dd>{agency.licence_number ? <code>{agency.licence_number}</code> : t("adminAgencies.noNumber")}</dd>
          <dt>{t("adminAgencies.column.decision")}</dt>
          <dd data-testid="agency-licence" data-state={agency.licence}>
            {t("adminAgencies.state", { state: agency.licence })}
            {agency.checked_at ? (
              <>
                {" · "}
                {t("adminAgencies.checked", { when: when(agency.checked_at) })}
              </>
            ) : null}
            {agency.licence_refused_reason ? (
              <>
                {" — "}
                <q>{agency.licence_refused_reason}</q>
              </>
            ) : null}
          </dd>
          <dt>{t("adminAgencies.column.changed")}</dt>
          <dd>
            <time dateTime={agency.submitted_at}>{when(agency.submitted_at)}</time>
          </dd>
        </dl>
        <p>
          {admin ? (
            <>
              <Link to={lp(privatePaths.admin.user(agency.user_id))}>
                {t("adminAgencies.account", { id: agency.user_id })}
              </Link>
              {" · "}
              <Link to={auditLink}>{t("adminAgencies.auditLink")}</Link>
            </>
          ) : (
            t("adminAgencies.account", { id: agency.user_id })
          )}
        </p>
      </section>

      {agency.licence === "awaiting" && agency.licence_number && !own ? (
        <section className={styles.section} aria-labelledby="agency-decision">
          <h2 id="agency-decision">{t("adminAgencies.check")}</h2>
          <p className={styles.muted}>{t("adminAgencies.checkLead")}</p>
          <Form method="post" className={styles.panel} data-testid="licence-confirm">
            <input type="hidden" name="licence_number" value={agency.licence_number} />
            <button type="submit" name="intent" value="confirm" className={styles.button} disabled={busy}>
              {t("adminAgencies.confirm")}
            </button>
          </Form>
          <Form method="post" className={styles.panel} data-testid="licence-refuse">
            <input type="hidden" name="licence_number" value={agency.licence_number} />
            <div className={styles.field}>
              <label htmlFor="refuse-reason">{t("adminAgencies.reason")}</label>
              <textarea
                id="refuse-reason"
                name="reason"
                required
                minLength={3}
                maxLength={LICENCE_REFUSAL_MAX}
                defaultValue={answer?.intent === "refuse" ? answer.reason : undefined}
                aria-describedby={reasonError ? "refuse-reason-error" : undefined}
                aria-invalid={reasonError ? true : undefined}
              />
              {reasonError ? (
                <p id="refuse-reason-error" className={styles.error}>
                  {messageOf(t, reasonError, { min: 3, max: LICENCE_REFUSAL_MAX })}
                </p>
              ) : null}
            </div>
            <button type="submit" name="intent" value="refuse" className={styles.danger} disabled={busy}>
              {t("adminAgencies.refuse")}
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
