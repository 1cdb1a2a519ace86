import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "#worker/app-env.ts";

/** One change to every HTML page, as handlers added to a shared `HTMLRewriter`. */
export type DocumentRewrite = (rewriter: HTMLRewriter, c: Context<AppEnv>) => HTMLRewriter;

/**
 * Runs the given rewrites over each HTML response in one streaming pass (each pass re-parses the
 * whole document). Runs inside the page cache, so a kept page is kept rewritten.
 */
export function rewriteDocuments(...rewrites: DocumentRewrite[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || !res.headers.get("Content-Type")?.includes("text/html")) return;
    const rewriter = rewrites.reduce((r, rewrite) => rewrite(r, c), new HTMLRewriter());
    const headers = new Headers(res.headers);
    headers.delete("Content-Length");
    c.res = new Response(rewriter.transform(res).body, { status: res.status, headers });
  };
}
