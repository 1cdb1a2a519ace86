import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link, redirect } from "react-router";
import { safeNextPath } from "#shared/auth-links.ts";
import type { ApiClient, ApiResult } from "#shared/api-client.ts";
import { canonicalQuery, SAVED_SEARCH_NAME_MAX, type SavedSearch } from "#shared/api/saved-searches.ts";
import { SAVED_SEARCHES_MAX } from "#shared/constants.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { savedSearchState, searchHref } from "#shared/search-query.ts";
import { appContext } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { ConfirmDialog } from "#client/components/confirm-dialog/confirm-dialog.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { SavedSearchCard } from "#client/components/saved-searches/saved-search-card.tsx";
import {
  ALERT_CHOICES,
  type AccountSavedSearch,
  type AlertChoice,
  type CabinetIntent,
  type CabinetResult,
  isCabinetIntent,
  SAVED_SEARCHES_MESSAGES,
} from "#client/components/saved-searches/saved-search-state.ts";
import styles from "#client/components/saved-searches/saved-searches.module.css";
import { requireUser } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { placeNames } from "#client/components/saved-searches/saved-searches.server.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/saved-searches";

/** The messages this page shows beyond the site-wide ones: its own, the chips', and the API's words for a name. */
const MESSAGES = pageTextScopes(["cabinetSavedSearches"], ...SAVED_SEARCHES_MESSAGES, "validation");

/**
 * Product §2 `/cabinet/saved-searches/`, signed-in users only (decision 041): every saved search, newest
 * first, with its filters and the listings new since it was last opened. `?confirm={id}` asks before a
 * deletion (without JavaScript), `?done={intent}` says what a form post did.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const url = new URL(args.request.url);
  const { api } = args.context.get(appContext);
  const [list, options, account] = await Promise.all([api.savedSearches(), api.formOptions(), api.cabinetUser()]);
  if (!list.ok) throw unavailable();
  const cities = options.ok ? options.data.data.cities : [];
  const searches = list.data.items.map((search: SavedSearch): AccountSavedSearch => {
    const { id, name, label, query, notify, frequency, new_count: newCount, new_count_capped: newCountCapped } = search;
    return {
      id,
      name,
      label,
      query: canonicalQuery(query),
      filters: query,
      places: placeNames(cities, query),
      href: searchHref(savedSearchState(query)),
      notify,
      frequency,
      newCount,
      newCountCapped,
    };
  });
  const done = url.searchParams.get("done");
  return {
    searches,
    max: SAVED_SEARCHES_MAX,
    nameMax: SAVED_SEARCH_NAME_MAX,
    // Alerts are e-mailed: without an address the page says where to add one.
    hasEmail: account.ok ? Boolean(account.data.data.email) : true,
    confirm: parseId(url.searchParams.get("confirm") ?? undefined),
    done: isCabinetIntent(done) ? done : null,
  };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "cabinetSavedSearches", {}, { indexable: false });

function perform(api: ApiClient, intent: CabinetIntent, id: number, form: FormData) {
  switch (intent) {
    case "rename":
      return api.renameSavedSearch(id, String(form.get("name") ?? "").trim() || null);
    case "alerts": {
      const choice = form.get("alerts") as AlertChoice;
      return api.setSavedSearchNotify(
        choice === "off" ? { id, notify: false } : { id, notify: true, frequency: choice },
      );
    }
    case "delete":
      return api.deleteSavedSearch(id);
  }
}

/** A refused post as the card shows it, answered with the API's status (product §8 alerts follow it). */
function refusal(
  result: Extract<ApiResult<unknown>, { ok: false }>,
  intent: CabinetIntent,
  id: number,
  form: FormData,
) {
  const problem = formProblem(result, { name: "name" });
  const error = result.status === 404 ? "savedSearches.error.missing" : problem.error;
  return data<CabinetResult>(
    {
      ok: false,
      intent,
      id,
      error,
      fields: problem.fields,
      ...(intent === "rename" ? { name: String(form.get("name") ?? "").slice(0, 1_000) } : {}),
      serverMessage: problem.serverMessage,
    },
    { status: problem.status },
  );
}

/**
 * A card's post: `intent` (rename with `name`, alerts with `alerts` = off|daily|instant, delete) and `id`.
 * A plain form post (no JavaScript) names the page to return to (`redirect_to`) and goes back there saying
 * what was done; the cards' background posts get the answer, and the page's data is loaded again.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  const id = parseId(String(form.get("id") ?? ""));
  const choice = form.get("alerts");
  if (!isCabinetIntent(intent) || !id || (intent === "alerts" && !ALERT_CHOICES.includes(choice as AlertChoice))) {
    return data<CabinetResult>(
      { ok: false, intent: isCabinetIntent(intent) ? intent : null, id, error: "form.error.generic", fields: {} },
      { status: 400 },
    );
  }
  const result = await perform(args.context.get(appContext).api, intent, id, form);
  if (!result.ok) return refusal(result, intent, id, form);
  const back = safeNextPath(form.get("redirect_to"));
  if (back) {
    const url = new URL(back, args.request.url);
    url.searchParams.delete("confirm");
    url.searchParams.set("done", intent);
    // A deleted search's card is gone: back to the top of the list.
    throw redirect(url.pathname + url.search + (intent === "delete" ? "" : url.hash));
  }
  return { ok: true, intent, id } satisfies CabinetResult;
}

export default function CabinetSavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { searches, confirm, done } = loaderData;
  const here = lp(privatePaths.cabinet.savedSearches());
  const refused = actionData && !actionData.ok ? actionData : null;

  // What the last action did (or why it was refused), in the live region; a plain post's arrives in the URL.
  const [message, setMessage] = useState(() =>
    done ? t(`savedSearches.done.${done}`) : refused?.error ? t(refused.error) : "",
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);
  const settled = useCallback(
    (result: CabinetResult) => {
      if (!result.ok) return setMessage(result.error ? t(result.error) : "");
      setMessage(t(`savedSearches.done.${result.intent}`));
      deleted.current = result.intent === "delete";
    },
    [t],
  );
  // A deleted card took the focus with it: the list's heading takes it.
  useEffect(() => {
    if (!deleted.current) return;
    deleted.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [searches]);

  // With JavaScript a deletion is confirmed in a modal dialog; without it, on the card (`?confirm=`).
  const [deleting, setDeleting] = useState<{ label: string; submit: () => void } | null>(null);

  return (
    <>
      <PageIntro pageKey="cabinetSavedSearches" />
      {!loaderData.hasEmail && searches.length ? (
        <p className={styles.notice}>
          {t("savedSearches.noEmail")}{" "}
          <Link to={lp(privatePaths.cabinet.personal())}>{t("savedSearches.noEmailLink")}</Link>
        </p>
      ) : null}
      <section aria-labelledby="saved-searches-count">
        <div className={styles.listHead}>
          <h2 id="saved-searches-count" ref={heading} tabIndex={-1} className={styles.count}>
            {t("savedSearches.count", { count: searches.length, max: loaderData.max })}
          </h2>
          <Link to={lp(paths.search())} className={styles.secondary}>
            {t("savedSearches.newSearch")}
          </Link>
        </div>
        <p className={message ? styles.message : "visually-hidden"} role="status" data-testid="saved-searches-status">
          {message}
        </p>
        {searches.length ? (
          <ul className={styles.list}>
            {searches.map((search) => (
              <li key={search.id}>
                <SavedSearchCard
                  search={search}
                  actionUrl={here}
                  nameMax={loaderData.nameMax}
                  confirming={confirm === search.id}
                  confirmHref={`${here}?confirm=${search.id}#confirm-${search.id}`}
                  refused={refused && refused.id === search.id ? refused : null}
                  onSettled={settled}
                  onDelete={(target, submit) => setDeleting({ label: target.label, submit })}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className={styles.empty}>
            <p>{t("savedSearches.empty", { max: loaderData.max })}</p>
            <Link to={lp(paths.search())} className={styles.primary}>
              {t("savedSearches.emptyLink")}
            </Link>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        id="delete-saved-search"
        heading={t("savedSearches.confirm.heading")}
        cancel={t("savedSearches.confirm.cancel")}
        confirm={t("savedSearches.confirm.delete")}
        onConfirm={() => deleting?.submit()}
        onClose={() => setDeleting(null)}
      >
        <p>{deleting ? t("savedSearches.confirm.text", { label: deleting.label }) : null}</p>
      </ConfirmDialog>
    </>
  );
}
