import type { RouterContextProvider } from "react-router";
import type { PackedMessages } from "#shared/intl.ts";
import { appContext } from "#client/app-context.ts";

type WithMessages<R> = R extends Response
  ? R
  : R extends { type: "DataWithResponseInit"; data: infer D; init: infer I }
    ? { type: "DataWithResponseInit"; data: D & { messages: PackedMessages }; init: I }
    : R & { messages: PackedMessages };

/**
 * A route loader whose data also carries the page's own messages (client/i18n/message-scopes.ts):
 * plain data and `data(…, init)` gain `messages`; a returned Response (a redirect) passes as it is.
 */
export function withMessages<A extends { context: Readonly<RouterContextProvider> }, R>(
  scopes: readonly string[],
  loader: (args: A) => R | Promise<R>,
): (args: A) => Promise<WithMessages<Awaited<R>>> {
  return async (args) => {
    const result = (await loader(args)) as unknown;
    if (result instanceof Response) return result as WithMessages<Awaited<R>>;
    const messages = args.context.get(appContext).messages.packed(scopes);
    if (result && typeof result === "object" && (result as { type?: unknown }).type === "DataWithResponseInit") {
      const wrapped = result as { data: object };
      wrapped.data = { ...wrapped.data, messages };
      return wrapped as WithMessages<Awaited<R>>;
    }
    return { ...(result as object), messages } as WithMessages<Awaited<R>>;
  };
}
