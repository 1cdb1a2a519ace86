// @vitest-environment happy-dom
/**
 * Decision 112: a kept document without its visitor written in (a browser that runs scripts) hydrates as
 * nobody's, then asks `GET /api/visitor` once and applies the answer through the store; meanwhile it shows
 * the visitor this tab last knew, and until the answer says the visitor has nothing of their own, the first
 * navigation reloads the root data. The app marks the browser as one that runs scripts.
 */
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider, useRouteLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Visitor, VISITOR_DATA_ID, VISITOR_PATH } from "#shared/visitor.ts";
import type { RootData } from "./root-data.ts";
import { NOBODY_TIMING, SCRIPTS_COOKIE_NAME, VISITOR_SHOWN_PARAM } from "#shared/visitor-request.ts";
import { ana } from "#client/test-visitors.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const guest: Visitor = { user: null, favourites: [], savedSearches: [], country: "HU" };

/** A fresh copy of the store (its state is the document's) and an app using it on a kept document. */
async function keptApp() {
  vi.resetModules();
  const store = await import("./visitor.ts");
  const { useAfterHydration } = await import("./after-hydration.ts");
  function Who() {
    useAfterHydration(useRouteLoaderData<RootData>("root"));
    const visitor = store.useVisitor();
    return (
      <p data-testid="who">
        {visitor.user?.name ?? "nobody"} {visitor.favourites.join(",")}
      </p>
    );
  }
  const root = { kept: true, favourites: [], user: null } as unknown as RootData;
  const app = () => (
    <RouterProvider
      router={createMemoryRouter([{ id: "root", path: "/", loader: () => root, Component: Who }], {
        hydrationData: { loaderData: { root } },
      })}
    />
  );
  return { store, app };
}

/** `fetch` answering `GET /api/visitor` when the test says so. */
function visitorEndpoint() {
  let answer!: (visitor: Visitor) => void;
  const answered = new Promise<Visitor>((resolve) => (answer = resolve));
  const fetch = vi.fn(async () => new Response(JSON.stringify(await answered)));
  vi.stubGlobal("fetch", fetch);
  return { fetch, answer };
}

async function hydrate(app: () => React.ReactElement) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(app());
  document.body.appendChild(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, app(), { onRecoverableError: (error) => recoverable.push(error) });
  });
  // The after-hydration part is a chunk of its own, loaded by the root's effect.
  await act(async () => {
    await import("./visitor-answer.ts");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { who: () => container.querySelector('[data-testid="who"]')?.textContent, recoverable };
}

beforeEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  sessionStorage.clear();
  delete document.documentElement.dataset.visitorSettled;
  document.cookie = `${SCRIPTS_COOKIE_NAME}=; Max-Age=0; Path=/`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a kept document without its visitor", () => {
  it("hydrates as nobody, asks GET /api/visitor once after hydration and shows the answer", async () => {
    const { store, app } = await keptApp();
    const endpoint = visitorEndpoint();
    // The Save search control names the query it shows: the answer marks it opened for its owner.
    document.body.innerHTML = `<div id="save-search" data-query="deal=rent&amp;city=7"></div>`;
    expect(endpoint.fetch).not.toHaveBeenCalled();
    const page = await hydrate(app);
    expect(page.recoverable).toEqual([]);
    expect(page.who()).toBe("nobody ");
    expect(endpoint.fetch).toHaveBeenCalledTimes(1);
    expect(endpoint.fetch.mock.calls[0]).toEqual([
      `${VISITOR_PATH}?${new URLSearchParams({ [VISITOR_SHOWN_PARAM]: "deal=rent&city=7" })}`,
      { headers: { accept: "application/json" } },
    ]);
    // Before the answer, the first navigation reloads the root data: the visitor may be signed in.
    expect(store.rootDataIsNobodys()).toBe(true);
    expect(store.rootDataIsNobodys()).toBe(false);
    expect(document.documentElement.hasAttribute("data-visitor-settled")).toBe(false);
    await act(async () => endpoint.answer(ana));
    expect(page.who()).toBe("Ana 7");
    // Tests wait for this mark: it follows the answer's render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.documentElement.hasAttribute("data-visitor-settled")).toBe(true);
    expect(document.cookie).toContain(`${SCRIPTS_COOKIE_NAME}=1`);
    expect(endpoint.fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the tab's last visitor until the answer, which wins and is remembered", async () => {
    const first = await keptApp();
    const endpoint = visitorEndpoint();
    await hydrate(first.app);
    await act(async () => endpoint.answer(ana));

    // The next document of this tab: Ana at once after hydration, then whatever the answer says.
    document.body.innerHTML = "";
    const next = await keptApp();
    const later = visitorEndpoint();
    const page = await hydrate(next.app);
    expect(page.recoverable).toEqual([]);
    expect(page.who()).toBe("Ana 7");
    await act(async () => later.answer(guest));
    expect(page.who()).toBe("nobody ");
    // Known to have nothing of their own: no root data to reload, and nothing remembered for the next page.
    expect(next.store.rootDataIsNobodys()).toBe(false);
    document.body.innerHTML = "";
    const third = await keptApp();
    visitorEndpoint();
    expect((await hydrate(third.app)).who()).toBe("nobody ");
  });

  it("forgets the tab's visitor on signing out", async () => {
    const { app } = await keptApp();
    const endpoint = visitorEndpoint();
    await hydrate(app);
    await act(async () => endpoint.answer(ana));
    (await import("./visitor-answer.ts")).forgetVisitor();
    document.body.innerHTML = "";
    const next = await keptApp();
    visitorEndpoint();
    expect((await hydrate(next.app)).who()).toBe("nobody ");
  });

  it("asks nothing, nor shows the tab's last visitor, when the edge says the visitor has nothing of their own", async () => {
    const first = await keptApp();
    const endpoint = visitorEndpoint();
    await hydrate(first.app);
    await act(async () => endpoint.answer(ana));
    document.body.innerHTML = "";
    delete document.documentElement.dataset.visitorSettled;

    // Signed out elsewhere: the edge saw no cookie of theirs and said so in the navigation's timing.
    const navigation = { serverTiming: [{ name: NOBODY_TIMING }] };
    vi.spyOn(performance, "getEntriesByType").mockImplementation((type) =>
      type === "navigation" ? [navigation as unknown as PerformanceEntry] : [],
    );
    const next = await keptApp();
    const later = visitorEndpoint();
    const page = await hydrate(next.app);
    expect(page.who()).toBe("nobody ");
    expect(later.fetch).not.toHaveBeenCalled();
    expect(next.store.rootDataIsNobodys()).toBe(false);
    expect(document.documentElement.hasAttribute("data-visitor-settled")).toBe(true);
    expect(sessionStorage.length).toBe(0);
  });

  it("does not ask when the edge wrote the visitor in (a browser not yet marked)", async () => {
    const { app } = await keptApp();
    const endpoint = visitorEndpoint();
    document.head.innerHTML = `<script type="application/json" id="${VISITOR_DATA_ID}">${JSON.stringify(ana)}</script>`;
    const page = await hydrate(app);
    expect(page.who()).toBe("Ana 7");
    expect(endpoint.fetch).not.toHaveBeenCalled();
  });
});
