// @vitest-environment happy-dom
/**
 * Decision 094: React hydrates a kept page's generic markup — even where the edge wrote a visitor's parts
 * for a browser without JavaScript — and renders the visitor the edge wrote into the page right after.
 */
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { textsFor } from "#shared/text-catalog.ts";
import { type Visitor, VISITOR_DATA_ID } from "#shared/visitor.ts";
import { FavouriteButton } from "#client/components/favourite-button/favourite-button.tsx";
import { visitorsSave } from "#client/components/saved-searches/save-search.tsx";
import { ana as signedIn } from "#client/test-visitors.ts";
import { I18nProvider } from "#client/i18n/intl.tsx";
import type { RootData } from "./root-data.ts";
import { useVisitor } from "./visitor.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ana: Visitor = {
  ...signedIn,
  savedSearches: [{ query: "deal=rent", id: 3, label: "Flats to rent", notify: true, frequency: "daily" }],
};

function Who() {
  const visitor = useVisitor();
  return <p data-testid="who">{visitor.user?.name ?? "nobody"}</p>;
}

/** The app's shape as far as the visitor goes: the root route (kept data) with a heart. */
function app() {
  const root = { kept: true, favourites: [], user: null } as unknown as RootData;
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => root,
        Component: () => (
          <>
            <Who />
            <FavouriteButton listingId={7} variant="inline" />
          </>
        ),
      },
    ],
    { hydrationData: { loaderData: { root } } },
  );
  return (
    <I18nProvider locale="en" texts={textsFor("en")}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}

describe("a kept page's visitor", () => {
  it("is nobody in the markup React hydrates, and theirs right after, with no hydration error", async () => {
    const html = renderToString(app());
    expect(html).toContain("nobody");
    expect(html).toContain('aria-pressed="false"');
    // What the edge writes for a browser without JavaScript (worker/middleware/visitor-parts.ts).
    const written = html
      .replace('aria-pressed="false"', 'aria-pressed="true"')
      .replace('value="add"', 'value="remove"')
      .replace('fill="none"', 'fill="currentColor"')
      .replace(/<span>Save to favourites<\/span>/, "<span>Remove from favourites</span>");
    expect(written).not.toBe(html);
    document.head.innerHTML = `<script type="application/json" id="${VISITOR_DATA_ID}">${JSON.stringify(ana)}</script>`;
    const container = document.createElement("div");
    container.innerHTML = written;
    document.body.appendChild(container);

    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, app(), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(container.querySelector('[data-testid="who"]')?.textContent).toBe("Ana");
    const button = container.querySelector("button")!;
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(button.textContent).toBe("Remove from favourites");
    expect(container.querySelector<HTMLInputElement>('input[name="intent"]')!.value).toBe("remove");
  });
});

describe("the Save search control of a kept page", () => {
  const save = {
    query: "deal=rent",
    label: "Rent",
    saved: null,
    signedIn: false,
    manage: "/favourites/#saved-searches",
  };
  const lp = (path: string) => `/ru${path}`;

  it("is the signed-in visitor's saved search, its name and alerts, managed in the cabinet", () => {
    expect(visitorsSave(save, ana, lp)).toEqual({
      query: "deal=rent",
      label: "Flats to rent",
      saved: { id: 3, alerts: "daily" },
      signedIn: true,
      manage: "/ru/cabinet/saved-searches/",
    });
  });

  it("is a guest's from their cookie, or not saved; managed on the favourites page", () => {
    const guest: Visitor = {
      user: null,
      favourites: [],
      savedSearches: [{ query: "deal=rent", id: null, label: null }],
    };
    expect(visitorsSave(save, guest, lp)).toMatchObject({ label: "Rent", saved: { id: null }, signedIn: false });
    expect(visitorsSave({ ...save, query: "deal=sale" }, guest, lp)).toMatchObject({
      saved: null,
      manage: "/ru/favourites/#saved-searches",
    });
  });
});
