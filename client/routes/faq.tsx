import type { ApiFaq } from "#shared/api/content.ts";
import { paths } from "#shared/paths.ts";
import { faqJsonLd } from "#client/components/article/structured-data.ts";
import { FEEDBACK_LIMITS, feedbackAction } from "#client/components/feedback-form/feedback.server.ts";
import { FeedbackForm } from "#client/components/feedback-form/feedback-form.tsx";
import { jsonLdMeta } from "#client/components/json-ld/json-ld.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import styles from "#client/components/static-page/faq.module.css";
import { unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta, rootData } from "#client/seo.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/faq";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { FAQ_CATEGORIES } from "#shared/api/admin-content.ts";

/** Categories with a heading of their own, in the order the page shows them; others come after. */
const CATEGORIES: readonly string[] = FAQ_CATEGORIES;

/** The questions grouped by category, known categories first, each keeping the API's order. */
function groupFaq(items: readonly ApiFaq[]): { category: string; items: ApiFaq[] }[] {
  const groups = new Map<string, ApiFaq[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  const rank = (c: string) => (CATEGORIES.includes(c) ? CATEGORIES.indexOf(c) : CATEGORIES.length);
  return [...groups].sort(([a], [b]) => rank(a) - rank(b)).map(([category, list]) => ({ category, items: list }));
}

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["faq"], "faq", "feedback", "validation");

/**
 * `/faq/`: every question of `/api/faq` as a `<details>` (answers readable without JavaScript),
 * grouped by category, with FAQPage structured data and the question form.
 */
export const loader = withTexts(MESSAGES, async function loader({ context }: Route.LoaderArgs) {
  const result = await context.get(appContext).api.faq();
  if (!result.ok) throw unavailable();
  return { items: result.data.items, feedbackLimits: FEEDBACK_LIMITS };
});

export const action = feedbackAction;

export const meta: Route.MetaFunction = (args) => {
  const root = rootData(args.matches);
  const items = args.loaderData?.items ?? [];
  return [...pageMeta(args, "faq"), ...(root && items.length ? [jsonLdMeta(faqJsonLd(items, root.locale))] : [])];
};

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const groups = groupFaq(loaderData.items);
  return (
    <div className={styles.page}>
      <PageIntro pageKey="faq" />
      {groups.length ? (
        <>
          <nav aria-label={t("faq.categories")} className={styles.jump}>
            <ul>
              {groups.map(({ category }) => (
                <li key={category}>
                  <a href={`#faq-${category}`} className={styles.category}>
                    {CATEGORIES.includes(category) ? t(`faq.category.${category}`) : category}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map(({ category, items }) => (
            <section
              key={category}
              id={`faq-${category}`}
              aria-labelledby={`faq-${category}-heading`}
              className={styles.group}
            >
              <h2 id={`faq-${category}-heading`}>
                {CATEGORIES.includes(category) ? t(`faq.category.${category}`) : category}
              </h2>
              {items.map((item) => (
                <details key={item.id} id={`faq-${item.id}`}>
                  <summary>{item.question}</summary>
                  <p>{item.answer}</p>
                </details>
              ))}
            </section>
          ))}
        </>
      ) : (
        <p>{t("faq.empty")}</p>
      )}
      <FeedbackForm action={lp(paths.page("faq"))} limits={loaderData.feedbackLimits} />
    </div>
  );
}
