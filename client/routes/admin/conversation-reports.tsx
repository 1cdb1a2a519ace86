import { data, Form, Link, redirect, useNavigation } from "react-router";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { MessageText } from "#client/components/messages/message-text.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { requireModerator, requestedPath } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/conversation-reports";
import styles from "./conversation-reports.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["adminConversationReports"], "conversationReports", "messages.report.reason");

/**
 * Decision 039: conversations their participants reported, oldest report first, with the newest
 * messages (inert text, decision 039). A moderator closes the reports, or closes them and blocks the
 * conversation on the reporter's behalf. Admins only (404 for anyone else), not indexed; plain form posts
 * that come back here saying what was done.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireModerator(args);
  const url = new URL(args.request.url);
  const page = url.searchParams.has("page") ? parseId(url.searchParams.get("page") ?? undefined) : 1;
  if (!page) throw notFound(url);
  const result = await args.context.get(appContext).api.conversationReports(page);
  if (!result.ok) throw result.status === 400 ? notFound(url) : unavailable();
  const done = url.searchParams.get("done");
  return { ...result.data, done: done === "dismiss" || done === "block" ? done : null };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminConversationReports", {}, { indexable: false });

/** `action=dismiss|block` for report `id`; back to this page saying what was done. */
export async function action(args: Route.ActionArgs) {
  requireModerator(args);
  const form = await args.request.formData();
  const id = parseId(String(form.get("id") ?? ""));
  const choice = form.get("action");
  if (!id || (choice !== "dismiss" && choice !== "block")) return data({ error: true }, { status: 400 });
  const result = await args.context.get(appContext).api.resolveConversationReport(id, { action: choice });
  // Closed by someone else meanwhile: the list shows what is left.
  if (!result.ok && result.status !== 404) throw unavailable();
  const { url, path } = requestedPath(args.request);
  const back = new URL(path, url);
  back.searchParams.set("done", choice);
  throw redirect(back.pathname + back.search);
}

export default function ConversationReports({ loaderData }: Route.ComponentProps) {
  const { items, total, page, per_page: perPage, done } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const lastPage = Math.max(1, Math.ceil(total / perPage));

  return (
    <>
      <PageIntro pageKey="adminConversationReports">
        <p>
          <Link to={lp(privatePaths.admin.moderation())}>{t("conversationReports.queue")}</Link>
        </p>
      </PageIntro>
      <p role="status" className={done ? styles.confirmation : styles.quiet} data-testid="reports-status">
        {done ? t(`conversationReports.done.${done}`) : ""}
      </p>
      {items.length === 0 ? (
        <p className={styles.empty}>{t("conversationReports.empty")}</p>
      ) : (
        <ol className={styles.reports}>
          {items.map((report) => (
            <li key={report.id}>
              <article className={styles.report} aria-labelledby={`report-${report.id}`} data-id={report.id}>
                <h2 id={`report-${report.id}`} className={styles.heading}>
                  {t("conversationReports.heading", {
                    reporter: report.reporter.name,
                    reported: report.reported.name,
                  })}
                </h2>
                <p className={styles.meta}>
                  <span lang={report.listing.title_lang}>
                    {report.listing.title ?? t("conversationReports.untitled", { id: report.listing.id })}
                  </span>
                  {" · "}
                  <time dateTime={report.created_at}>{when(report.created_at)}</time>
                </p>
                <p className={styles.reason}>
                  <strong>{t(`messages.report.reason.${report.reason}`)}</strong>
                  {report.text ? <> — {report.text}</> : null}
                </p>
                <ol className={styles.thread} aria-label={t("conversationReports.messages")}>
                  {report.messages.map((message) => (
                    <li key={message.id}>
                      <span className={styles.sender}>
                        {message.sender_id === report.reporter.id ? report.reporter.name : report.reported.name}
                      </span>{" "}
                      <time dateTime={message.created_at} className={styles.time}>
                        {when(message.created_at)}
                      </time>
                      <p className={styles.text}>
                        <MessageText text={message.text} />
                      </p>
                    </li>
                  ))}
                </ol>
                <Form method="post" className={styles.actions}>
                  <input type="hidden" name="id" value={report.id} />
                  <button type="submit" name="action" value="dismiss" className={styles.button} disabled={busy}>
                    {t("conversationReports.dismiss")}
                  </button>
                  {report.blocked ? (
                    <span className={styles.note}>{t("conversationReports.blocked")}</span>
                  ) : (
                    <button type="submit" name="action" value="block" className={styles.danger} disabled={busy}>
                      {t("conversationReports.block")}
                    </button>
                  )}
                </Form>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        lastPage={lastPage}
        hasNext={page < lastPage}
        hrefFor={(p) => lp(privatePaths.admin.conversationReports()) + (p > 1 ? `?page=${p}` : "")}
      />
    </>
  );
}
