import { data, Form, Link, useNavigation } from "react-router";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import { paths } from "#shared/paths.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { appContext } from "#client/app-context.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/renew";
import styles from "./renew.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["listingRenew"], "renew");

/** A token as the reminder writes it (worker/auth/renew-link.ts); anything else is a broken link. */
const TOKEN = /^[0-9a-z]{1,11}\.[\w-]{43}$/;

/**
 * `/listing/renew/{id}/?token=…`: the expiry reminder's link (decision 038). It renews
 * nothing by being opened — mail scanners open links — but shows the listing and one button that posts
 * the token; no sign-in needed. The link works once: renewing moves the run it was signed for.
 */
export const loader = withTexts(MESSAGES, async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound(url);
  const token = url.searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) return data({ id, state: "invalid" as const, token: "", listing: null }, { status: 404 });
  const result = await context.get(appContext).api.listing(id);
  if (!result.ok && result.status !== 404) throw unavailable();
  const listing = result.ok
    ? {
        title: result.data.data.title,
        title_lang: result.data.data.title_lang,
        expires_at: result.data.data.expires_at,
      }
    : null;
  // Not public any more (expired, taken down): nothing to renew here; the cabinet can restore it.
  return { id, state: listing ? ("ready" as const) : ("gone" as const), token, listing };
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound(new URL(request.url));
  const token = String((await request.formData()).get("token") ?? "");
  const result = await context.get(appContext).api.renewListing(id, token);
  if (result.ok) return { outcome: "renewed" as const, expiresAt: result.data.data.expires_at };
  if (result.status === undefined || result.status >= 500) throw unavailable();
  // 410: a genuine link whose run was renewed already; 409: the listing is not public; else a broken link.
  const outcome = result.status === 410 ? "used" : result.status === 409 ? "gone" : "invalid";
  return data({ outcome, expiresAt: null }, { status: result.status });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "listingRenew", {}, { indexable: false });

export default function Renew({ loaderData, actionData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: "long" });
  const outcome = actionData?.outcome ?? (loaderData.state === "ready" ? null : loaderData.state);
  const cabinet = (
    <Link to={lp(paths.cabinet.main())} className={styles.cabinet}>
      {t("renew.cabinet")}
    </Link>
  );

  return (
    <div className={styles.page}>
      <PageIntro pageKey="listingRenew" values={{ days: LISTING_RUN_DAYS }} />
      {loaderData.listing ? (
        <p className={styles.listing}>
          <span lang={loaderData.listing.title_lang}>{loaderData.listing.title}</span>
          <br />
          {outcome === "renewed" ? null : t("renew.expires", { date: date(loaderData.listing.expires_at) })}
        </p>
      ) : null}
      {outcome === "renewed" && actionData?.expiresAt ? (
        <div className={styles.done} role="status" data-testid="renew-done">
          <p>{t("renew.done", { date: date(actionData.expiresAt) })}</p>
          <p>{cabinet}</p>
        </div>
      ) : outcome ? (
        <div className={styles.notice} role={actionData ? "alert" : undefined} data-testid="renew-problem">
          <h2>{t(`renew.${outcome}.heading`)}</h2>
          <p>{t(`renew.${outcome}.text`)}</p>
          <p>{cabinet}</p>
        </div>
      ) : (
        <Form method="post" className={styles.form}>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={styles.button} disabled={busy}>
            {t("renew.submit", { days: LISTING_RUN_DAYS })}
          </button>
          <p className={styles.hint}>{t("renew.hint")}</p>
        </Form>
      )}
    </div>
  );
}
