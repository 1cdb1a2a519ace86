import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { STREAM_TIMEOUT_MS } from "#shared/constants.ts";
import { appContext, ERROR_BEFORE_ROOT_HEADER } from "#client/app-context.server.ts";
import { FormattedTextsContext } from "#client/i18n/formatted-texts-reader.ts";

/**
 * React Router rejects deferred data still pending by then (its section's error element shows). Our
 * loaders' deferred data settles sooner (SECONDARY_DATA_TIMEOUT_MS, decision 028): this is a backstop.
 */
export const streamTimeout = STREAM_TIMEOUT_MS;

/**
 * Streams the document: the shell (head, header) leaves as soon as it renders and deferred loader
 * data follows in the same response. Crawlers get the whole document at once.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // An action's error (or a method without one) is thrown before any loader runs: a screen rendered now
  // would have no messages. The worker renders it again with the data (ERROR_BEFORE_ROOT_HEADER).
  const { loaderData, errors } = routerContext.staticHandlerContext;
  if (errors && !("root" in loaderData)) {
    responseHeaders.set(ERROR_BEFORE_ROOT_HEADER, String(responseStatusCode));
    return new Response(null, { headers: responseHeaders, status: responseStatusCode });
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD — the headers without rendering a body.
  if (request.method === "HEAD") return new Response(null, { headers: responseHeaders, status: responseStatusCode });

  const { nonce, formattedTexts } = loadContext.get(appContext);
  const bot = isbot(request.headers.get("user-agent") ?? "");
  let status = responseStatusCode;
  let shellRendered = false;

  // The formatters fill the page's table of formatted texts as they render (decision 018).
  const page = (
    <FormattedTextsContext value={formattedTexts ?? null}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </FormattedTextsContext>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    // Sections finished with the shell stay in place: React would otherwise move those past its chunk
    // size out of place (hidden, then put back by a script), and without JavaScript they would never
    // show (decision 037). Only sections still waiting for data stream in later.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      status = 500;
      // Errors of the shell itself reject above and reach the error boundary; these are later ones.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;

  if (bot || routerContext.isSpaMode) {
    await body.allReady;
  }

  return new Response(body, { headers: responseHeaders, status });
}
