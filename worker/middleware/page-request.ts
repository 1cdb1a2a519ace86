/**
 * Which requests are pages: the redirects and the locale only concern those, never the API, files
 * (anything with an extension, including React Router's `.data` requests), build metadata or Vite's
 * own dev paths.
 */
export function isPagePath(pathname: string): boolean {
  if (pathname.startsWith("/api/") || pathname === "/api") return false;
  if (pathname.startsWith("/builds/") || pathname.startsWith("/@") || pathname.startsWith("/__")) return false;
  if (pathname.startsWith("/node_modules/")) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".");
}

/** React Router's single-fetch data request for a page (`/about/_.data`, `/_root.data`). */
export function isDataRequest(pathname: string): boolean {
  return pathname.endsWith(".data");
}
