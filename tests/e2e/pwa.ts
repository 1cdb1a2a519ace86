/** The browser tests' kit for the service worker and the builds (decision 043). */
import { readFileSync } from "node:fs";
import type { CDPSession, Page } from "playwright-core";
import { makeIntl } from "#shared/intl.ts";
import type { Locale } from "#shared/locales.ts";
import { textsFor } from "#shared/text-catalog.ts";

export { serviceWorkerControls } from "#harness/browser.ts";

/** A language's messages as written in locales/{locale}.json, and formatted. */
export function texts(locale: Locale) {
  const raw = JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), "utf8")) as Record<
    string,
    string
  >;
  const intl = makeIntl(locale, textsFor(locale));
  return {
    raw: (id: string) => {
      if (!(id in raw)) throw new Error(`no message ${id} in locales/${locale}.json`);
      return raw[id]!;
    },
    t: (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
  };
}

/** The path and query of every entry of every cache the page's origin holds (Workbox's precache too). */
export function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(`${url.pathname}${url.search}`);
      }
    }
    return paths;
  });
}

/** The build the page was rendered by (`<meta name="build-id">`, decision 042). */
export function pageBuildId(page: Page): Promise<string | null> {
  return page.locator('meta[name="build-id"]').getAttribute("content");
}

/** The build the server names deployed. */
export async function deployedBuildId(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/builds/latest.json?t=${Date.now()}`);
  if (!res.ok) throw new Error(`/builds/latest.json answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** Counts the documents the page's main frame asks for (first loads and reloads), from now on. */
export function countDocuments(page: Page): () => number {
  let documents = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
  });
  return () => documents;
}

const networkStates = new WeakMap<Page, { session: CDPSession; offline: boolean }>();

/** Tells the page's document whether it is online (`navigator.onLine`, the `online`/`offline` events). */
function sendNetworkState(session: CDPSession, offline: boolean): Promise<unknown> {
  return session
    .send("Network.overrideNetworkState" as "Network.emulateNetworkConditions", {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    .catch((error: unknown) => {
      if (!String(error).includes("wasn't found")) throw error;
    });
}

/**
 * Takes the network away from the page or gives it back, as a visitor's browser would see it. Chromium
 * 150 no longer changes `navigator.onLine` (nor fires `online`/`offline`) under the emulated offline
 * network alone: that is `Network.overrideNetworkState`'s, which holds for one document, so it is said
 * again to each document the page navigates to (the page hears an `offline` event then, as on a device
 * whose connection dropped). An older Chromium, without the method, sets it with the emulation.
 */
export async function setOffline(page: Page, offline: boolean): Promise<void> {
  await page.context().setOffline(offline);
  let state = networkStates.get(page);
  if (!state) {
    const session = await page.context().newCDPSession(page);
    await session.send("Network.enable");
    networkStates.set(page, (state = { session, offline }));
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) void sendNetworkState(session, state!.offline).catch(() => {});
    });
  }
  state.offline = offline;
  await sendNetworkState(state.session, offline);
}
