import { data, redirect } from "react-router";
import { safeNextPath } from "#shared/auth-links.ts";
import { CABINET_PER_PAGE } from "#shared/constants.ts";
import { pageParam } from "#client/page-param.server.ts";
import { appContext } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import {
  favouriteItem,
  favouritesQuery,
  isFavouriteIntent,
  type FavouriteResult,
} from "#client/components/my-favourites/favourite-items.ts";
import { MyFavourites } from "#client/components/my-favourites/my-favourites.tsx";
import { requireUser } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { pageMeta } from "#client/seo.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import type { Route } from "./+types/favourites";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["cabinetFavourites"], "myFavourites");

/**
 * Product §2 `/cabinet/favourites/`, signed-in users only (decision 041): the person's favourites, newest
 * first, `?page=` by CABINET_PER_PAGE — those taken off the site since kept as "no longer available" cards.
 * `?confirm=all` asks before removing them all (without JavaScript), `?done={intent}` says what a form post did.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const url = new URL(args.request.url);
  const page = pageParam(url.searchParams.get("page"));
  const { api } = args.context.get(appContext);
  const result = await api.favourites(page, CABINET_PER_PAGE);
  if (!result.ok) throw unavailable();
  const { items, total, per_page: perPage } = result.data;
  const done = url.searchParams.get("done");
  // A page emptied by the person's own removals: the last page that has favourites.
  if (!items.length && page > 1 && total > 0) {
    throw redirect(url.pathname + favouritesQuery(Math.ceil(total / perPage), done ? { done } : {}));
  }
  return {
    now: Date.now(),
    page,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    total,
    items: items.map(favouriteItem),
    confirm: url.searchParams.get("confirm") === "all" && total > 0,
    done: isFavouriteIntent(done) ? done : null,
  };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "cabinetFavourites", {}, { indexable: false });

/**
 * Removes one favourite (`intent=remove`, `id`) or all (`intent=clear`). A plain form post (no JavaScript)
 * names the page to return to (`redirect_to`) and goes back there saying what was done; the page's
 * background posts get the answer instead.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  const id = parseId(String(form.get("id") ?? ""));
  if (!isFavouriteIntent(intent) || (intent === "remove" && !id)) {
    return data<FavouriteResult>(
      { ok: false, intent: isFavouriteIntent(intent) ? intent : null, id, error: "form.error.generic" },
      { status: 400 },
    );
  }
  const { api } = args.context.get(appContext);
  const result = intent === "clear" ? await api.clearFavourites() : await api.removeFavourite(id!);
  if (!result.ok) {
    const problem = formProblem(result, {});
    return data<FavouriteResult>(
      {
        ok: false,
        intent,
        id,
        error: problem.error ?? "form.error.generic",
        ...(problem.serverMessage ? { serverMessage: problem.serverMessage } : {}),
      },
      { status: problem.status },
    );
  }
  const back = safeNextPath(form.get("redirect_to"));
  if (back) {
    const url = new URL(back, args.request.url);
    url.searchParams.delete("confirm");
    url.searchParams.set("done", intent);
    throw redirect(url.pathname + url.search);
  }
  return { ok: true, intent, id } satisfies FavouriteResult;
}

export default function CabinetFavourites({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro pageKey="cabinetFavourites" />
      <MyFavourites key={loaderData.page} {...loaderData} refused={actionData && !actionData.ok ? actionData : null} />
    </>
  );
}
