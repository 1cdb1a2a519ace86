import type { LoaderFunctionArgs } from "react-router";
import { type ContentPage, pageContent } from "#client/content/pages.server.ts";
import { requestContext } from "#worker/request-context.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";

/** The loader of a static page: its text in the request's language (client/content/pages/). */
export function contentLoader(page: ContentPage, ...features: string[]) {
  return withMessages(pageScopes([page], "static", ...features), async ({ context }: LoaderFunctionArgs) => ({
    content: await pageContent(page, context.get(requestContext).locale),
  }));
}
