import type { LoaderFunctionArgs } from "react-router";
import { type ContentPage, pageContent } from "#client/content/pages.server.ts";
import { requestContext } from "#worker/request-context.ts";

/** The loader of a static page: its text in the request's language (client/content/pages/). */
export function contentLoader(page: ContentPage) {
  return async ({ context }: LoaderFunctionArgs) => ({
    content: await pageContent(page, context.get(requestContext).locale),
  });
}
