/**
 * Where a page and the worker meet about builds (decision 042): the `<meta>` naming the build that rendered
 * a page, and the address naming the deployed one (`no-store`; the service worker never answers it).
 */
export const BUILD_ID_META = "build-id";
export const LATEST_BUILD_PATH = "/builds/latest.json";
