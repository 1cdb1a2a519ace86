import { Link, useActionData, useFetcher, useLoaderData, useLocation, useRouteLoaderData } from "react-router";
import { GUEST_SAVED_SEARCHES_MAX, SAVED_SEARCHES_MAX } from "#shared/constants.ts";
import { withAuthParams } from "#client/components/auth-dialog/auth-view.ts";
// The results' styles (one class): this chunk has no stylesheet of its own to preload or link.
import styles from "#client/components/listing-results/listing-results.module.css";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { RootData } from "#client/root-data.ts";
import { useVisitor } from "#client/visitor.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import type { Visitor } from "#shared/visitor.ts";
import { alertChoiceOf, GUEST_PANEL_ID, type SaveSearchData, type SaveSearchResult } from "./saved-search-state.ts";

/**
 * "Save search" beside a search's results (decision 041): the name the search gets, saved or not, and
 * the way to manage it. A lazy chunk (decision 037: the search page's first load has no room for it) the
 * server renders in place from the page loader's `save`. The form posts to the page itself: without
 * JavaScript the action sends the visitor back here; with it the post goes in the background and the
 * control shows the outcome at once (its button stays where it was, so the focus does).
 */
export default function SaveSearch() {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const { save: rendered } = useLoaderData<{ save?: SaveSearchData }>();
  const root = useRouteLoaderData<RootData>("root");
  const kept = Boolean(root?.kept);
  const visitor = useVisitor();
  // The visitor the edge wrote into a kept page, applied after hydration (not the root data's nobody).
  const theirs = kept && visitor !== (root as unknown);
  const lp = useLocalePath();
  const fetcher = useFetcher<SaveSearchResult>();
  const plain = useActionData<SaveSearchResult>();
  if (!rendered) return null;
  // A kept page's control is nobody's: the visitor's saved searches say whether this one is theirs.
  const save = kept ? visitorsSave(rendered, visitor, lp) : rendered;

  const here = pathname + search;
  // Answers about these filters only: a new search brings its own state with the page's data.
  const answer = [fetcher.data, plain].find((result) => result?.query === save.query);
  const pending = fetcher.formData?.get("query") === save.query ? fetcher.formData.get("intent") : null;
  let saved = answer?.ok ? answer.saved : save.saved;
  if (pending) saved = pending === "save-search" ? (saved ?? { id: null }) : null;
  const failure = !pending && answer && !answer.ok ? answer : null;
  const done = !pending && fetcher.data === answer && answer?.ok ? answer.intent : null;
  const manage = <Link to={save.manage}>{t("saveSearch.manage")}</Link>;
  const named = saved
    ? t("saveSearch.savedAs", { label: save.label }) +
      (saved.alerts ? ` ${t(`saveSearch.alerts.${saved.alerts}`)}` : "")
    : t("saveSearch.willBe", { label: save.label });

  // A kept page's control may have been written for the visitor at the edge, for a browser without
  // JavaScript (decision 094): its texts may differ as React hydrates it (`suppressHydrationWarning`), and
  // once the visitor is applied it is rendered anew (`key`).
  return (
    <div
      key={theirs ? "theirs" : "kept"}
      className={styles.save}
      id="save-search"
      data-testid="save-search"
      data-saved={saved ? "" : undefined}
      data-query={kept ? save.query : undefined}
      data-label={kept ? save.label : undefined}
    >
      <fetcher.Form
        method="post"
        action={here}
        onSubmit={(event) => {
          // In the background: without `redirect_to` the action answers instead of sending us back.
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          form.delete("redirect_to");
          void fetcher.submit(form, { method: "post", action: here });
        }}
      >
        <input type="hidden" name="intent" value={saved ? "unsave-search" : "save-search"} />
        <input type="hidden" name="query" value={save.query} />
        {saved?.id ? <input type="hidden" name="id" value={saved.id} /> : null}
        <input type="hidden" name="redirect_to" value={`${here}#save-search`} />
        <button type="submit" aria-describedby="save-search-name" suppressHydrationWarning>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M18 16v-5a6 6 0 0 0-12 0v5l-2 2h16zM10 20a2 2 0 0 0 4 0"
              fill={saved ? "currentColor" : "none"}
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          {saved ? t("saveSearch.remove") : t("saveSearch.save")}
        </button>
      </fetcher.Form>
      <p id="save-search-name" suppressHydrationWarning>
        {named}{" "}
        <Link to={save.manage} hidden={!saved}>
          {t("saveSearch.manage")}
        </Link>
      </p>
      {!save.signedIn ? (
        <p data-visitor="guest-note">
          <span suppressHydrationWarning>{t("saveSearch.guestNote")}</span>{" "}
          <Link
            to={withAuthParams(pathname, search, "signin")}
            preventScrollReset
            rel="nofollow"
            suppressHydrationWarning
          >
            {t("saveSearch.signIn")}
          </Link>
        </p>
      ) : null}
      {failure ? (
        <p role="alert">
          {t(failure.error, { max: save.signedIn ? SAVED_SEARCHES_MAX : GUEST_SAVED_SEARCHES_MAX })}
          {failure.error.startsWith("saveSearch.error.") ? <> {manage}</> : null}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {done ? t(done === "save-search" ? "saveSearch.done.saved" : "saveSearch.done.removed") : ""}
      </p>
    </div>
  );
}

/** The control's state for `visitor`, of the kept page's (nobody's) one. */
export function visitorsSave(save: SaveSearchData, visitor: Visitor, lp: (path: string) => string): SaveSearchData {
  const found = visitor.savedSearches?.find((search) => search.query === save.query);
  const signedIn = visitor.user !== null;
  return {
    ...save,
    label: found?.label ?? save.label,
    saved: found
      ? {
          id: found.id,
          alerts:
            found.id && found.frequency
              ? alertChoiceOf({ notify: Boolean(found.notify), frequency: found.frequency })
              : undefined,
        }
      : null,
    signedIn,
    manage: signedIn ? lp(privatePaths.cabinet.savedSearches()) : `${lp(paths.page("favourites"))}#${GUEST_PANEL_ID}`,
  };
}
