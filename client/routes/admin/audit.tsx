import { Form, Link } from "react-router";
import type { ApiAuditEntry } from "#shared/api/staff.ts";
import { AUDIT_ACTIONS } from "#shared/audit-actions.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { requireAdmin } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/audit";
import styles from "./admin-people.module.css";

const MESSAGES = pageTextScopes(["adminAudit"], "adminAudit", "validation");
const FILTERS = ["actor", "action", "kind", "id", "from", "to"] as const;
type Filter = (typeof FILTERS)[number];

/**
 * Every back-office action, newest first, for admins — filtered by who (a user id
 * or `ops`), what, the target (kind and id) and a period — with the values before and after as a table.
 * A plain GET form; a bad filter is named beside its field.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const url = new URL(args.request.url);
  const params = url.searchParams;
  const values = Object.fromEntries(FILTERS.map((key) => [key, (params.get(key) ?? "").trim()])) as Record<
    Filter,
    string
  >;
  // `target=kind:id` (the people's and listings' pages link so) fills the two fields.
  const target = params.get("target");
  if (target && !values.kind) [values.kind, values.id = ""] = target.split(":") as [string, string?];
  const page = params.has("page") ? parseId(params.get("page") ?? undefined) : 1;
  if (!page) throw notFound(url);
  const query = {
    actor: values.actor || undefined,
    action: values.action || undefined,
    target: values.kind ? (values.id ? `${values.kind}:${values.id}` : values.kind) : undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    page,
  };
  const fields: Partial<Record<Filter, string>> = {};
  if (values.id && !values.kind) fields.kind = "validation.required";
  const result = fields.kind ? null : await args.context.get(appContext).api.audit(query);
  if (result && !result.ok) {
    if (result.status !== 400) throw unavailable();
    if (result.error?.fields?.page) throw notFound(url);
    for (const [key, message] of Object.entries(result.error?.fields ?? {})) {
      fields[key === "target" ? (values.id ? "id" : "kind") : (key as Filter)] = message;
    }
  }
  return { values, fields, result: result?.ok ? result.data : null };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminAudit", {}, { indexable: false });

/** A value as the table shows it: lists joined, nothing as a dash, anything else as its JSON. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (Array.isArray(value)) return value.length ? value.map(shown).join(", ") : "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function Changes({ entry }: { entry: ApiAuditEntry }) {
  const { t } = useI18n();
  const { before, after } = entry;
  if (before === null && after === null) return <>—</>;
  const rows =
    isRecord(before) || isRecord(after)
      ? [
          ...new Set([...Object.keys(isRecord(before) ? before : {}), ...Object.keys(isRecord(after) ? after : {})]),
        ].map(
          (key) => [key, isRecord(before) ? before[key] : undefined, isRecord(after) ? after[key] : undefined] as const,
        )
      : [["", before, after] as const];
  return (
    <table className={styles.diff}>
      <thead>
        <tr>
          <th scope="col">{t("adminAudit.diff.field")}</th>
          <th scope="col">{t("adminAudit.diff.before")}</th>
          <th scope="col">{t("adminAudit.diff.after")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, was, is]) => (
          <tr key={key}>
            <th scope="row">
              <code>{key || "—"}</code>
            </th>
            <td>{shown(was)}</td>
            <td>{shown(is)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { values, fields, result } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const lastPage = result ? Math.max(1, Math.ceil(result.total / result.per_page)) : 1;
  const href = (page: number) => {
    const query = new URLSearchParams();
    for (const key of FILTERS) if (values[key]) query.set(key, values[key]);
    if (page > 1) query.set("page", String(page));
    const search = query.toString();
    return lp(privatePaths.admin.audit()) + (search ? `?${search}` : "");
  };
  const targetLink = (target: ApiAuditEntry["target"]) => {
    const id = parseId(target.id);
    if (id && target.kind === "user") return lp(privatePaths.admin.user(id));
    if (id && target.kind === "listing") return lp(privatePaths.admin.listing(id));
    return null;
  };
  const field = (key: Filter, type: "text" | "date" = "text", list?: string) => (
    <div className={styles.field}>
      <label htmlFor={`audit-${key}`}>{t(`adminAudit.filter.${key}`)}</label>
      <input
        id={`audit-${key}`}
        name={key}
        type={type}
        defaultValue={values[key]}
        maxLength={type === "text" ? 60 : undefined}
        list={list}
        aria-describedby={fields[key] ? `audit-${key}-error` : undefined}
        aria-invalid={fields[key] ? true : undefined}
      />
      {fields[key] ? (
        <p id={`audit-${key}-error`} className={styles.error}>
          {t(fields[key])}
        </p>
      ) : null}
    </div>
  );

  return (
    <>
      <PageIntro pageKey="adminAudit" />
      <Form method="get" className={styles.search} aria-label={t("adminAudit.filter.label")}>
        {field("actor")}
        {field("action", "text", "audit-actions")}
        <datalist id="audit-actions">
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        {field("kind", "text", "audit-kinds")}
        <datalist id="audit-kinds">
          <option value="user" />
          <option value="listing" />
        </datalist>
        {field("id")}
        {field("from", "date")}
        {field("to", "date")}
        <button type="submit" className={styles.button}>
          {t("adminAudit.filter.submit")}
        </button>
      </Form>
      <p className={styles.muted}>{t("adminAudit.filter.hint")}</p>
      {result ? (
        <>
          <p role="status" data-testid="audit-total">
            {t("adminAudit.total", { count: result.total })}
          </p>
          {result.items.length ? (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="audit">
                <caption>{t("adminAudit.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("adminAudit.column.when")}</th>
                    <th scope="col">{t("adminAudit.column.who")}</th>
                    <th scope="col">{t("adminAudit.column.what")}</th>
                    <th scope="col">{t("adminAudit.column.target")}</th>
                    <th scope="col">{t("adminAudit.column.reason")}</th>
                    <th scope="col">{t("adminAudit.column.changes")}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((entry) => {
                    const link = targetLink(entry.target);
                    const target = `${entry.target.kind} ${entry.target.id}`;
                    return (
                      <tr key={entry.id} data-id={entry.id}>
                        <td>
                          <time dateTime={entry.created_at}>
                            {intl.formatDate(entry.created_at, { dateStyle: "medium", timeStyle: "medium" })}
                          </time>
                        </td>
                        <td>
                          {entry.actor.kind === "ops" ? (
                            t("adminAudit.ops")
                          ) : (
                            <Link to={lp(privatePaths.admin.user(entry.actor.id))}>
                              {entry.actor.name || `#${entry.actor.id}`}
                            </Link>
                          )}
                        </td>
                        <td>
                          <code>{entry.action}</code>
                        </td>
                        <td>{link ? <Link to={link}>{target}</Link> : target}</td>
                        <td>{entry.reason ?? "—"}</td>
                        <td>
                          <Changes entry={entry} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : (
            <p className={styles.empty}>{t("adminAudit.empty")}</p>
          )}
          <Pagination page={result.page} lastPage={lastPage} hasNext={result.page < lastPage} hrefFor={href} />
        </>
      ) : null}
    </>
  );
}
