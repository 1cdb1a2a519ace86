import type { MetaDescriptor } from "react-router";

/** Characters that could end the `<script>` element or break older parsers, as JSON escapes. */
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON that is safe inside a `<script>` element: `</script>` or `<!--` in the data cannot escape it. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(UNSAFE, (c) => ESCAPES[c]!);
}

/**
 * Structured data for a route's `meta`: React Router renders `<script type="application/ld+json">` in
 * the head with the same escaping. A JSON-LD script is a data block, never executed, so the page's CSP
 * (scripts only with the response nonce) does not apply to it and it needs no nonce.
 */
export function jsonLdMeta(data: object): MetaDescriptor {
  return { "script:ld+json": data };
}
