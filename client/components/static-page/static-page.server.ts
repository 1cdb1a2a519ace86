import { type ContentPage, pageContent } from "#client/content/pages.server.ts";
import { appContext, type RequestArgs } from "#client/app-context.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";

/** The loader of a static page: its text in the request's language (client/content/pages/). */
export function contentLoader(page: ContentPage, ...features: string[]) {
  return withMessages(pageScopes([page], "static", ...features), async ({ context }: Pick<RequestArgs, "context">) => ({
    content: await pageContent(page, context.get(appContext).locale),
  }));
}
