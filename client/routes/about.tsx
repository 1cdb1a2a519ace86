import { paths } from "#shared/paths.ts";
import { FEEDBACK_LIMITS, feedbackAction } from "#client/components/feedback-form/feedback.server.ts";
import { FeedbackForm } from "#client/components/feedback-form/feedback-form.tsx";
import { contentLoader } from "#client/components/static-page/static-page.server.ts";
import { StaticPage } from "#client/components/static-page/static-page.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/about";

/** `/about/`: who we are, honest listings, moderation, contacts — and the question form. */
const content = contentLoader("about", "feedback", "validation");
export const loader = async (args: Route.LoaderArgs) => ({ ...(await content(args)), feedbackLimits: FEEDBACK_LIMITS });
export const action = feedbackAction;
export const meta: Route.MetaFunction = (args) => pageMeta(args, "about");

export default function About({ loaderData }: Route.ComponentProps) {
  const lp = useLocalePath();
  return (
    <StaticPage pageKey="about" content={loaderData.content}>
      <FeedbackForm action={lp(paths.page("about"))} limits={loaderData.feedbackLimits} />
    </StaticPage>
  );
}
