import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { CABINET_PER_PAGE, OWNER_STATS_DAYS } from "#shared/constants.ts";
import { safeNextPath } from "#shared/auth-links.ts";
import { privatePaths } from "#shared/private-paths.ts";
import type { ApiClient, ApiResult } from "#shared/api-client.ts";
import { pageParam } from "#client/page-param.server.ts";
import { appContext } from "#client/app-context.server.ts";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import { formProblem, type FailedResult } from "#client/api/form-problem.server.ts";
import { AUTH_ROUTE_PATH } from "#client/components/auth-dialog/auth-view.ts";
import { OwnerListings } from "#client/components/owner-listings/owner-listings.tsx";
import { AvailabilityBanner } from "#client/components/availability/availability-banner.tsx";
import {
  cabinetHref,
  cabinetQuery,
  isAvailabilityNote,
  doneNote,
  isCardIntent,
  isDoneNote,
  parseTab,
  type CardIntent,
  type CardResult,
} from "#client/components/owner-listings/owner-listing-state.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireUser } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/cabinet";
import styles from "./cabinet.module.css";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { forgetVisitor } from "#client/visitor-answer.ts";

/** The messages this page shows beyond the site-wide ones: it names every section by its heading and lead. */
const MESSAGES = pageTextScopes(
  // The back office's heading and lead: staff find it here.
  [
    "cabinet",
    "cabinetPersonal",
    "cabinetFavourites",
    "cabinetSavedSearches",
    "cabinetMessages",
    "cabinetPayment",
    "cabinetAgency",
    "adminDashboard",
  ],
  "cabinet",
  "myListings",
  // A listing a moderator took off the site (decision 062).
  "adminListings.owner",
  // The messages section's unread count.
  "messages.list.unread",
  // A rejection's reason in the words the moderator chose it by.
  "moderation.rejectionCode",
);

/**
 * Product §6: signed-in users only. The cabinet's front page (product §2, decision 038): who is signed in, the way
 * to each section, and "My listings" — a tab (`?tab=`, `&page=`) of the owner's listings with its counts.
 * `?confirm={id}` asks before a deletion (without JavaScript), `?done={action}` says what a form post did.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const url = new URL(args.request.url);
  const tab = parseTab(url.searchParams.get("tab"));
  const page = pageParam(url.searchParams.get("page"));
  const { api } = args.context.get(appContext);
  const [counts, list, unread, due] = await Promise.all([
    api.ownerCounts(),
    tab === "archive" ? api.ownerArchive(page, CABINET_PER_PAGE) : api.ownerListings({ tab, page }),
    api.unreadCount(),
    // Every listing due for a confirmation, whatever tab is open (decision 084); none shown when it failed.
    api.dueListings(),
  ]);
  if (!counts.ok || !list.ok) throw unavailable();
  const { items, total, per_page: perPage } = list.data;
  const done = url.searchParams.get("done");
  // A page emptied by the owner's own changes: the last page that has listings.
  if (!items.length && page > 1 && total > 0) {
    const done = url.searchParams.get("done");
    throw redirect(url.pathname + cabinetQuery(tab, Math.ceil(total / perPage), done ? { done } : {}));
  }
  return {
    name: user.name,
    phoneVerified: user.phone_verified,
    staff: user.roles.length > 0,
    tab,
    page,
    perPage,
    total,
    counts: counts.data.data,
    // The messages section says how many are unread (none said when the count failed).
    unread: unread.ok ? unread.data.data.unread : 0,
    listings: items,
    due: due.ok ? due.data.items : [],
    confirm: parseId(url.searchParams.get("confirm") ?? undefined),
    done: isDoneNote(done) ? done : null,
    now: Date.now(),
    statsDays: OWNER_STATS_DAYS,
  };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "cabinet", {}, { indexable: false });

/** A change refused because the listing changed meanwhile (409) or is gone (404): the list shows it as it is. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 404 || actionStatus === 409 || defaultShouldRevalidate;
}

function send(api: ApiClient, intent: CardIntent, id: number): Promise<ApiResult<unknown>> {
  switch (intent) {
    case "archive":
      return api.archiveListing(id);
    case "restore":
      return api.restoreListing(id);
    case "renew":
      return api.renewListing(id);
    case "relevant":
      return api.confirmRelevant(id);
    case "delete":
      return api.deleteListing(id);
    case "submit":
      return api.checkListing(id);
    case "force":
      return api.forceListing(id);
  }
}

/** A refused post as the card shows it, answered with the API's status (product §8 notices follow it). */
function refusal(result: FailedResult, id: number, intent: CardIntent) {
  const error = result.error as
    (FailedResult["error"] & { listing?: { id: number; title: string | null } }) | undefined;
  const answer = (status: number, body: Omit<Extract<CardResult, { ok: false }>, "ok" | "id" | "intent">) =>
    data<CardResult>({ ok: false, id, intent, ...body }, { status });
  if (result.status === 409 && error?.code === "possible_duplicate" && error.listing) {
    return answer(409, { error: "myListings.error.duplicate", duplicate: error.listing });
  }
  if (result.status === 409) return answer(409, { error: "myListings.error.state" });
  if (result.status === 404) return answer(404, { error: "myListings.error.missing" });
  if (result.status === 400 && (intent === "submit" || intent === "force")) {
    return answer(400, { error: "myListings.error.incomplete", incomplete: true });
  }
  const problem = formProblem(result, {});
  return answer(problem.status, {
    error: problem.error ?? "form.error.generic",
    serverMessage: problem.serverMessage,
  });
}

/**
 * A card's post: `intent` (archive, restore, renew, relevant, delete, submit, force) and `id`. A plain form
 * post (no JavaScript) names the page to return to (`redirect_to`) and goes back there saying what was done;
 * the cards' background posts get the answer instead.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  const id = parseId(String(form.get("id") ?? ""));
  if (intent === "availability") return answerAvailability(args, form, id);
  if (!isCardIntent(intent) || !id) {
    return data<CardResult>(
      { ok: false, id, intent: isCardIntent(intent) ? intent : null, error: "form.error.generic" },
      { status: 400 },
    );
  }
  const result = await send(args.context.get(appContext).api, intent, id);
  if (!result.ok) return refusal(result, id, intent);
  const listing = (result.data as { data?: { actions?: unknown; status?: unknown } } | undefined)?.data;
  const back = safeNextPath(form.get("redirect_to"));
  if (back) {
    const url = new URL(back, args.request.url);
    url.searchParams.delete("confirm");
    url.searchParams.set("done", doneNote(intent, listing as ApiOwnerListing | undefined));
    throw redirect(url.pathname + url.search);
  }
  return {
    ok: true,
    id,
    intent,
    ...(listing && "actions" in listing ? { listing: listing as Extract<CardResult, { ok: true }>["listing"] } : {}),
  } satisfies CardResult;
}

/**
 * The availability banner's post (decision 084): `id` and `outcome` (available, let, sold); back to the page
 * it came from saying what was done, or the card's refusal.
 */
async function answerAvailability(args: Route.ActionArgs, form: FormData, id: number | null) {
  const outcome = form.get("outcome");
  if (!id || !isAvailabilityNote(outcome)) {
    return data<CardResult>({ ok: false, id, intent: null, error: "form.error.generic" }, { status: 400 });
  }
  const result = await args.context.get(appContext).api.confirmAvailability(id, outcome);
  if (!result.ok) return refusal(result, id, "relevant");
  const url = new URL(safeNextPath(form.get("redirect_to")) ?? cabinetHref("active"), args.request.url);
  url.searchParams.delete("confirm");
  url.searchParams.set("done", outcome);
  throw redirect(url.pathname + url.search);
}

// Only sections with content.
const SECTIONS = [
  { key: "cabinetMessages", to: privatePaths.cabinet.messages() },
  // Searches followed with e-mail alerts (decision 041).
  { key: "cabinetSavedSearches", to: privatePaths.cabinet.savedSearches() },
  // Promotion packages, phone reveals and the transactions (decision 040).
  { key: "cabinetPayment", to: privatePaths.cabinet.payment() },
  { key: "cabinetPersonal", to: privatePaths.cabinet.personal() },
  { key: "cabinetFavourites", to: privatePaths.cabinet.favourites() },
  // The account's agency: its team, or founding one (decision 098).
  { key: "cabinetAgency", to: privatePaths.cabinet.agency() },
];
/** Staff also find their work here: the back office. */
const STAFF_SECTIONS = [{ key: "adminDashboard", to: privatePaths.admin.home() }];

export default function Cabinet({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <>
      <PageIntro pageKey="cabinet">
        <p className={styles.greeting}>
          {loaderData.name ? t("cabinet.greeting", { name: loaderData.name }) : t("cabinet.greetingNoName")}
        </p>
      </PageIntro>
      {!loaderData.phoneVerified ? (
        <p className={styles.notice}>
          {t("cabinet.verifyPhoneNotice")}{" "}
          <Link to={`${lp(privatePaths.cabinet.personal())}?verify=phone`}>{t("cabinet.verifyPhoneLink")}</Link>
        </p>
      ) : null}
      <nav aria-label={t("cabinet.sections")}>
        <ul className={styles.sections}>
          {[...SECTIONS, ...(loaderData.staff ? STAFF_SECTIONS : [])].map((section) => (
            <li key={section.key}>
              <Link to={lp(section.to)} className={styles.section}>
                <span className={styles.sectionTitle}>{t(`page.${section.key}.heading`)}</span>
                <span className={styles.sectionLead}>{t(`page.${section.key}.lead`)}</span>
                {section.key === "cabinetMessages" && loaderData.unread ? (
                  <span className={styles.sectionCount} data-testid="cabinet-unread">
                    {t("messages.list.unread", { count: loaderData.unread })}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <AvailabilityBanner
        listings={loaderData.due}
        now={loaderData.now}
        actionUrl={lp(cabinetHref(loaderData.tab, loaderData.page))}
      />
      <OwnerListings
        key={`${loaderData.tab}-${loaderData.page}`}
        tab={loaderData.tab}
        page={loaderData.page}
        perPage={loaderData.perPage}
        total={loaderData.total}
        counts={loaderData.counts}
        listings={loaderData.listings}
        confirm={loaderData.confirm}
        done={loaderData.done}
        now={loaderData.now}
        statsDays={loaderData.statsDays}
        refused={actionData && !actionData.ok ? actionData : null}
      />
      <Form method="post" action={lp(AUTH_ROUTE_PATH)} className={styles.signOut} onSubmit={forgetVisitor}>
        <input type="hidden" name="intent" value="signout" />
        <button type="submit" className={styles.signOutButton}>
          {t("auth.header.signout")}
        </button>
      </Form>
    </>
  );
}
