import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { rejectionCodeOf, revisionOf } from "#client/components/moderation/reject-fields.tsx";
import { QueueCard, type Decision, type DecisionResult } from "#client/components/moderation/queue-card.tsx";
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
import type { Route } from "./+types/moderation";
import adminStyles from "./admin-people.module.css";
import styles from "./moderation.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(
  ["adminModeration"],
  "moderation",
  "report.reason",
  "detail.facts",
  "listingState.label",
  "adminUsers.signal",
  "validation",
);
const DECISIONS = ["approved", "rejected"] as const satisfies readonly Decision[];

/**
 * The moderation queue — pending listings, those reports took off the site first (decision
 * 047), then reported public ones, then those priced suspiciously low, then the oldest submission first,
 * with photos, facts, the duplicate check's finding, the moderators' signals (decision 088) and visitors'
 * reports — and the decision on each: approve, or reject with a reason. Admins only (404 for anyone else), not indexed. Decisions are plain form posts that come back
 * here with a confirmation; with JavaScript they are made in place and the card leaves the queue.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireModerator(args);
  const url = new URL(args.request.url);
  const pageParam = url.searchParams.get("page");
  const page = pageParam === null ? 1 : parseId(pageParam);
  if (!page) throw notFound(url);
  // `?listing=` finds one listing by its number ("#123" and "123" alike); anything else is said beside the field.
  const asked = url.searchParams.get("listing")?.trim() ?? "";
  const listing = asked ? parseId(asked.replace(/^#/, "")) : null;
  const invalid = asked !== "" && listing === null;
  const result = await args.context.get(appContext).api.moderationQueue(page, undefined, listing ?? undefined);
  if (!result.ok) throw result.status === 400 || result.status === 404 ? notFound(url) : unavailable();
  const done = url.searchParams.get("done");
  const doneId = parseId(url.searchParams.get("id") ?? undefined);
  const decision = DECISIONS.find((d) => d === done);
  return {
    ...result.data,
    confirmation: decision && doneId ? { decision, id: doneId } : null,
    find: asked ? { asked, listing, invalid } : null,
    now: Date.now(),
  };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminModeration", {}, { indexable: false });

/**
 * `intent=approve|reject` for listing `id` (with `code` and `reason` to reject). A plain post (`redirect`)
 * goes back to the queue with a confirmation; one made in place is answered with the outcome.
 */
export async function action(args: Route.ActionArgs) {
  requireModerator(args);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const id = parseId(String(form.get("id") ?? ""));
  const intent = form.get("intent");
  if (!id || (intent !== "approve" && intent !== "reject")) {
    return data<DecisionResult>({ id: id ?? 0, fields: {}, error: "form.error.generic" }, { status: 400 });
  }
  const values = { code: String(form.get("code") ?? ""), reason: String(form.get("reason") ?? "") };
  const result =
    intent === "reject"
      ? await api.rejectListing(id, { code: rejectionCodeOf(form.get("code")), reason: values.reason })
      : await api.approveListing(id, revisionOf(form));
  if (result.ok) {
    const decision: Decision = intent === "approve" ? "approved" : "rejected";
    if (form.get("redirect")) {
      const { url, path } = requestedPath(args.request);
      const back = new URL(path, url);
      back.searchParams.set("done", decision);
      back.searchParams.set("id", String(id));
      throw redirect(back.pathname + back.search);
    }
    return { id, done: decision } satisfies DecisionResult;
  }
  // Decided by someone else meanwhile (or gone): the queue no longer has it.
  if (result.status === 404 || result.status === 409) {
    return data<DecisionResult>({ id, fields: {}, error: "moderation.notPending" }, { status: 409 });
  }
  const problem = formProblem(result, { code: "code", reason: "reason" } as const);
  return data<DecisionResult>(
    { id, intent, fields: problem.fields, error: problem.error, values },
    { status: problem.status },
  );
}

export default function ModerationQueue({ loaderData }: Route.ComponentProps) {
  const { items, total, page, per_page: perPage, confirmation, find, now } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  const posted = useActionData<typeof action>() as DecisionResult | undefined;
  // Decided in place: gone from the list at once, before the queue is read again.
  const [decided, setDecided] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const focusAt = useRef<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const visible = items.filter((item) => !decided.has(item.id));

  const onDecided = useCallback(
    (id: number, decision: Decision) => {
      focusAt.current = visible.findIndex((item) => item.id === id);
      setDecided((previous) => new Set(previous).add(id));
      setAnnouncement(t(`moderation.${decision}`, { id }));
    },
    [visible, t],
  );

  // The card that took the decided one's place (or the one before it) takes focus; the status when none is left.
  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const headings = listRef.current?.querySelectorAll<HTMLElement>("[data-card-heading]");
    const next = headings?.[Math.min(at, headings.length - 1)];
    (next ?? statusRef.current)?.focus();
  }, [decided]);

  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const status =
    announcement || (confirmation ? t(`moderation.${confirmation.decision}`, { id: confirmation.id }) : "");

  return (
    <>
      <PageIntro pageKey="adminModeration">
        <p>
          <Link to={lp(privatePaths.admin.conversationReports())}>{t("moderation.conversations")}</Link>
        </p>
      </PageIntro>
      <Form method="get" className={adminStyles.search} role="search">
        <div className={adminStyles.field}>
          <label htmlFor="moderation-listing">{t("moderation.find.label")}</label>
          <input
            id="moderation-listing"
            name="listing"
            type="search"
            inputMode="numeric"
            defaultValue={find?.asked ?? ""}
            maxLength={20}
            aria-describedby={find?.invalid ? "moderation-listing-error" : undefined}
            aria-invalid={find?.invalid ? true : undefined}
          />
          {find?.invalid ? (
            <p id="moderation-listing-error" className={adminStyles.error}>
              {t("moderation.find.invalid")}
            </p>
          ) : null}
        </div>
        <button type="submit" className={adminStyles.button}>
          {t("moderation.find.submit")}
        </button>
      </Form>
      {find?.listing ? (
        <p className={styles.count} data-testid="moderation-found">
          {total > 0
            ? t("moderation.find.found", { id: find.listing })
            : t("moderation.find.notWaiting", { id: find.listing })}{" "}
          {total === 0 ? (
            <>
              <Link to={lp(privatePaths.admin.listing(find.listing))}>{t("moderation.find.open")}</Link>{" "}
            </>
          ) : null}
          <Link to={lp(privatePaths.admin.moderation())}>{t("moderation.find.all")}</Link>
        </p>
      ) : null}
      <p
        role="status"
        className={status ? styles.confirmation : styles.quiet}
        ref={statusRef}
        tabIndex={-1}
        data-testid="moderation-status"
      >
        {status}
      </p>
      {find?.listing && total === 0 ? null : total === 0 ? (
        <p className={styles.empty} data-testid="moderation-empty">
          {t("moderation.empty")}
        </p>
      ) : (
        <>
          {find?.listing ? null : <p className={styles.count}>{t("moderation.count", { count: total })}</p>}
          <ol className={styles.queue} ref={listRef} data-testid="moderation-queue">
            {visible.map((item) => (
              <li key={item.id}>
                <QueueCard
                  item={item}
                  now={now}
                  onDecided={onDecided}
                  posted={posted?.id === item.id ? posted : undefined}
                />
              </li>
            ))}
          </ol>
        </>
      )}
      <Pagination
        page={page}
        lastPage={lastPage}
        hasNext={page < lastPage}
        hrefFor={(p) => lp(privatePaths.admin.moderation()) + (p > 1 ? `?page=${p}` : "")}
      />
    </>
  );
}
