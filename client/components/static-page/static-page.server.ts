import { type ContentPage, pageContent } from "#client/content/pages.server.ts";
import { appContext, type RequestArgs } from "#client/app-context.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";

/** The loader of a static page: its text in the request's language (client/content/pages/). */
export function contentLoader(page: ContentPage, ...features: string[]) {
  return withTexts(
    pageTextScopes([page], "static", ...features),
    async ({ context }: Pick<RequestArgs, "context">) => ({
      content: await pageContent(page, context.get(appContext).locale),
    }),
  );
}
