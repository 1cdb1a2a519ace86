/**
 * The hourly build check (product §4, §9): the first BUILD_CHECK_FIRST_DELAY_MS after the page loaded, then
 * every BUILD_CHECK_INTERVAL_MS, `/builds/latest.json` names the deployed build (decision 042); when it
 * is not the page's own (`<meta name="build-id">`), `onNewBuild` is told — once per id. A failed check
 * (offline, an error status, bad JSON) says nothing and the next one tries again.
 */
import { BUILD_ID_META, LATEST_BUILD_PATH } from "#shared/builds.ts";
import { BUILD_CHECK_FIRST_DELAY_MS, BUILD_CHECK_INTERVAL_MS } from "#shared/constants.ts";

/** The id of the build that rendered this page, if it says. */
export function pageBuildId(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_ID_META}"]`)?.content || null;
}

/** The deployed build's id, or null when it cannot be known now. */
export async function latestBuildId(): Promise<string | null> {
  try {
    // The time in the query only defeats caches on the way; the answer itself is `no-store`.
    const response = await fetch(`${LATEST_BUILD_PATH}?t=${Date.now()}`, { cache: "no-store" });
    if (!response.ok) return null;
    const { id } = (await response.json()) as { id?: unknown };
    return typeof id === "string" && id ? id : null;
  } catch {
    return null;
  }
}

/** Starts the checks; returns what stops them. Does nothing on a page that names no build. */
export function startUpdateCheck(onNewBuild: (id: string) => void, current = pageBuildId()): () => void {
  if (!current) return () => {};
  let told: string | undefined;
  let checking = false;
  let stopped = false;
  let interval: ReturnType<typeof setInterval> | undefined;
  const check = async () => {
    if (checking) return;
    checking = true;
    const latest = await latestBuildId();
    checking = false;
    if (!latest || latest === current || latest === told || stopped) return;
    told = latest;
    onNewBuild(latest);
  };
  const first = setTimeout(() => {
    void check();
    interval = setInterval(check, BUILD_CHECK_INTERVAL_MS);
  }, BUILD_CHECK_FIRST_DELAY_MS);
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(interval);
  };
}
