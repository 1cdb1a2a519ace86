import { Form, Link, redirect, data as withHeaders } from "react-router";
import { safeNextPath } from "#shared/auth-links.ts";
import { toggleFavourite } from "#shared/favourites.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { cardListing } from "#client/components/listing-card/card-listing.ts";
import { ListingCard } from "#client/components/listing-card/listing-card.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { favouritesCookie, guestFavourites } from "#client/components/my-favourites/favourites.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/favourites";
import styles from "./favourites.module.css";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { GuestSavedSearches } from "#client/components/saved-searches/guest-saved-searches.tsx";
import { isSaveIntent, SAVED_SEARCHES_MESSAGES } from "#client/components/saved-searches/saved-search-state.ts";
import { guestSavedSearchItems, saveSearchAction } from "#client/components/saved-searches/saved-searches.server.ts";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["favourites"], ...SAVED_SEARCHES_MESSAGES);

/**
 * `/favourites/`: the visitor's saved listings, rendered on the server — from the account when signed
 * in, else from the guest cookie. Its action saves and removes, for the favourite
 * buttons everywhere; without JavaScript it sends the visitor back to the page they came from.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const { api, user } = context.get(appContext);
  // A signed-in visitor's favourites are the account's: the cabinet's page shows them (decision 041). The header's
  // link stays this page's for everyone (a second path in every page's code costs the first-load budget).
  if (user)
    throw redirect(localizePath(privatePaths.cabinet.favourites(), splitLocale(new URL(request.url).pathname).locale));
  const now = Date.now();
  if (user) {
    // The account keeps favourites of listings taken off the site (archived, deleted): they are counted as gone.
    const [result, ids] = await Promise.all([api.favouriteListings(1, 50), api.favouriteIds()]);
    if (!result.ok) throw unavailable();
    const gone = ids.ok ? Math.max(0, ids.data.items.length - result.data.total) : 0;
    return { now, items: result.data.items.map(cardListing), gone, signedIn: true };
  }
  const ids = guestFavourites(request);
  const [result, savedSearches] = await Promise.all([api.listingsByIds(ids), guestSavedSearchItems(args)]);
  if (!result.ok) throw unavailable();
  return {
    now,
    items: result.data.items.map(cardListing),
    gone: ids.length - result.data.items.length,
    signedIn: false,
    savedSearches,
  };
});

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { api, user } = context.get(appContext);
  const form = await request.formData();
  const intent = form.get("intent");
  // The guests' saved searches panel removes one here (decision 041).
  if (isSaveIntent(intent)) return saveSearchAction(args, form);
  const id = parseId(String(form.get("id") ?? ""));
  const back = safeNextPath(String(form.get("redirect_to") ?? ""));
  if (!(intent === "clear" || ((intent === "add" || intent === "remove") && id))) {
    return withHeaders({ ok: false }, { status: 400 });
  }

  const headers = new Headers();
  if (user) {
    const result =
      intent === "clear"
        ? await api.clearFavourites()
        : intent === "add"
          ? await api.addFavourite(id!)
          : await api.removeFavourite(id!);
    if (!result.ok) {
      const { status, serverMessage } = formProblem(result, {});
      return withHeaders({ ok: false, serverMessage }, { status });
    }
  } else {
    const current = guestFavourites(request);
    const next = intent === "clear" ? [] : toggleFavourite(current, id!, intent === "add");
    headers.append("Set-Cookie", favouritesCookie(next, request));
  }
  // A plain form post (no JavaScript) names the page to return to; the background post does not.
  if (back) throw redirect(back, { headers });
  return withHeaders({ ok: true }, { headers });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "favourites", {}, { indexable: false });

export default function Favourites({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { items, now, gone, signedIn } = loaderData;
  return (
    <>
      <PageIntro pageKey="favourites" />
      <div className={styles.bar}>
        <p role="status">{t("favourites.count", { count: items.length })}</p>
        {items.length ? (
          <Form method="post" action={lp(paths.page("favourites"))}>
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="redirect_to" value={lp(paths.page("favourites"))} />
            <button type="submit" className={styles.clear}>
              {t("favourites.clear")}
            </button>
          </Form>
        ) : null}
      </div>
      {gone > 0 ? <p className={styles.note}>{t("favourites.gone", { count: gone })}</p> : null}
      {!signedIn ? <p className={styles.note}>{t("favourites.guestNote")}</p> : null}
      {items.length ? (
        <ul className={styles.grid}>
          {items.map((listing, index) => (
            <li key={listing.id}>
              <ListingCard listing={listing} now={now} eager={index < 2} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.empty}>
          <p>{t("favourites.empty")}</p>
          <Link to={lp(paths.search())} className={styles.browse}>
            {t("favourites.browse")}
          </Link>
        </div>
      )}
      {loaderData.savedSearches ? <GuestSavedSearches items={loaderData.savedSearches} /> : null}
    </>
  );
}
