import { appContext } from "#client/app-context.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import styles from "#client/components/trust/trust.module.css";
import { TrustFigures } from "#client/components/trust/trust-figures.tsx";
import { unavailable } from "#client/http-errors.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/trust";

/**
 * `/trust/`: the site's live figures of how current its listings are and how its moderation works
 * (`/api/trust`, decision 089), rendered on the server: nothing on it needs JavaScript.
 */
export const loader = withTexts(
  pageTextScopes(["trust"], "trust"),
  async function loader({ context }: Route.LoaderArgs) {
    const result = await context.get(appContext).api.trust();
    if (!result.ok) throw unavailable();
    return { figures: result.data.data };
  },
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, "trust");

export default function Trust({ loaderData }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <PageIntro pageKey="trust" />
      <TrustFigures figures={loaderData.figures} />
    </div>
  );
}
