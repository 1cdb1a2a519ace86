import { data, Form, Link, useNavigation } from "react-router";
import { CONFIRM_OUTCOMES, type ConfirmOutcome } from "#shared/api/cabinet.ts";
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
import type { Route } from "./+types/availability";
import styles from "./renew.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["listingAvailability"], "availability");

/** A token as the availability e-mail writes it (worker/auth/confirm-link.ts); anything else is a broken link. */
const TOKEN = /^[0-9a-z]{1,11}\.[\w-]{43}$/;

const outcomeOf = (value: unknown): ConfirmOutcome | null =>
  CONFIRM_OUTCOMES.find((outcome) => outcome === value) ?? null;

/**
 * `/listing/availability/{id}/?token=…&outcome=available|let|sold`: a link of the availability e-mail
 * (decision 084). Opening it changes nothing — mail scanners open links — it shows the listing and one
 * button that posts the answer with the token; no sign-in, no script needed. The link works once: an
 * answer closes the question it was signed for.
 */
export const loader = withTexts(MESSAGES, async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound(url);
  const token = url.searchParams.get("token") ?? "";
  const outcome = outcomeOf(url.searchParams.get("outcome") ?? "available");
  const broken = { id, state: "invalid" as const, token: "", outcome: "available" as const, listing: null };
  if (!TOKEN.test(token) || !outcome) return data(broken, { status: 404 });
  const result = await context.get(appContext).api.listing(id);
  if (!result.ok && result.status !== 404) throw unavailable();
  if (!result.ok) return { id, state: "gone" as const, token, outcome, listing: null };
  const { title, title_lang, deal, awaiting_confirmation } = result.data.data;
  // "Rented" belongs to a rental and "Sold" to a sale: the other is not a link the e-mail wrote.
  if ((outcome === "let" && deal !== "rent") || (outcome === "sold" && deal !== "sale")) {
    return data(broken, { status: 404 });
  }
  return { id, state: "ready" as const, token, outcome, listing: { title, title_lang, awaiting_confirmation } };
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound(new URL(request.url));
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const outcome = outcomeOf(form.get("outcome"));
  if (!outcome) return data({ result: "invalid" as const }, { status: 400 });
  const answer = await context.get(appContext).api.confirmAvailability(id, outcome, token);
  if (answer.ok) return { result: outcome };
  if (answer.status === undefined || answer.status >= 500) throw unavailable();
  // 410: a genuine link already answered or overtaken; 409: the listing is not public; else a broken link.
  const result = answer.status === 410 ? "used" : answer.status === 409 ? "gone" : "invalid";
  return data({ result }, { status: answer.status });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "listingAvailability", {}, { indexable: false });

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const result = actionData?.result ?? (loaderData.state === "ready" ? null : loaderData.state);
  const cabinet = (
    <Link to={lp(paths.cabinet.main())} className={styles.cabinet}>
      {t("availability.cabinet")}
    </Link>
  );
  const answered = result === "available" || result === "let" || result === "sold";

  return (
    <div className={styles.page}>
      <PageIntro pageKey="listingAvailability" />
      {loaderData.listing ? (
        <p className={styles.listing}>
          <span lang={loaderData.listing.title_lang}>{loaderData.listing.title}</span>
          {loaderData.listing.awaiting_confirmation && !answered ? (
            <>
              <br />
              {t("availability.hidden")}
            </>
          ) : null}
        </p>
      ) : null}
      {answered ? (
        <div className={styles.done} role="status" data-testid="availability-done">
          <p>{t(`availability.done.${result}`)}</p>
          <p>{cabinet}</p>
        </div>
      ) : result ? (
        <div className={styles.notice} role={actionData ? "alert" : undefined} data-testid="availability-problem">
          <h2>{t(`availability.${result}.heading`)}</h2>
          <p>{t(`availability.${result}.text`)}</p>
          <p>{cabinet}</p>
        </div>
      ) : (
        <Form method="post" className={styles.form}>
          <input type="hidden" name="token" value={loaderData.token} />
          <input type="hidden" name="outcome" value={loaderData.outcome} />
          <button type="submit" className={styles.button} disabled={busy}>
            {t(`availability.submit.${loaderData.outcome}`)}
          </button>
          <p className={styles.hint}>{t("availability.hint")}</p>
        </Form>
      )}
    </div>
  );
}
