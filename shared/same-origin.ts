/**
 * Where a request says it comes from, by its `Origin` header: this request's own origin ("same"),
 * another one ("cross", `null` included), or not said ("none"). Browsers send Origin with every
 * cross-site request and with same-origin writes, so "none" on a write means a non-browser client.
 */
export type RequestOrigin = "same" | "cross" | "none";

export function originOf(request: Request): RequestOrigin {
  const origin = request.headers.get("origin");
  if (origin === null) return "none";
  return origin === new URL(request.url).origin ? "same" : "cross";
}
