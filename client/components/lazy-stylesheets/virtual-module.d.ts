/** Built by vite-plugins/lazy-stylesheets.ts: module path → stylesheet URLs, on the server only. */
declare module "virtual:lazy-stylesheets" {
  const stylesheets: Readonly<Record<string, readonly string[]>>;
  export default stylesheets;
}
