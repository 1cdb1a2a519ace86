import type { RouterContextProvider } from "react-router";
import type { PackedTexts } from "#shared/intl.ts";
import { appContext } from "#client/app-context.server.ts";

type WithTexts<R> = R extends Response
  ? R
  : R extends { type: "DataWithResponseInit"; data: infer D; init: infer I }
    ? { type: "DataWithResponseInit"; data: D & { messages: PackedTexts }; init: I }
    : R & { messages: PackedTexts };

/**
 * A route loader whose data also carries the page's own texts (client/i18n/text-scopes.server.ts):
 * plain data and `data(…, init)` gain them as `messages` (the key the documents' data has always had); a returned Response (a redirect) passes as it is.
 */
export function withTexts<A extends { context: Readonly<RouterContextProvider> }, R>(
  scopes: readonly string[],
  loader: (args: A) => R | Promise<R>,
): (args: A) => Promise<WithTexts<Awaited<R>>> {
  return async (args) => {
    const result = (await loader(args)) as unknown;
    if (result instanceof Response) return result as WithTexts<Awaited<R>>;
    const messages = args.context.get(appContext).texts.packed(scopes);
    if (result && typeof result === "object" && (result as { type?: unknown }).type === "DataWithResponseInit") {
      const wrapped = result as { data: object };
      wrapped.data = { ...wrapped.data, messages };
      return wrapped as WithTexts<Awaited<R>>;
    }
    return { ...(result as object), messages } as WithTexts<Awaited<R>>;
  };
}
