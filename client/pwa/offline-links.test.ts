// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { documentLoadsWhileOffline } from "./offline-links.ts";

/** A listener on the document stands for React's root listener (it runs after the window's capture). */
function setUp(onLine: boolean) {
  vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(onLine);
  document.body.innerHTML = `<a id="own" href="/about/">About</a><a id="away" href="https://example.org/">Away</a>
    <form id="get" action="/search/" method="get"></form><form id="post" action="/favourites/" method="post"></form>`;
  const reached: string[] = [];
  const router = (event: Event) => {
    reached.push((event.target as Element).id);
    event.preventDefault();
  };
  document.addEventListener("click", router);
  document.addEventListener("submit", router);
  return {
    reached,
    done: () => {
      document.removeEventListener("click", router);
      document.removeEventListener("submit", router);
    },
  };
}

describe("documentLoadsWhileOffline", () => {
  documentLoadsWhileOffline(window);
  afterEach(() => vi.restoreAllMocks());

  it("keeps the router from same-origin links and GET forms while offline", () => {
    const { reached, done } = setUp(false);
    document.getElementById("own")!.click();
    document.getElementById("get")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(reached).toEqual([]);
    done();
  });

  it("leaves other links and POST forms to the router", () => {
    const { reached, done } = setUp(false);
    document.getElementById("away")!.click();
    document.getElementById("post")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(reached).toEqual(["away", "post"]);
    done();
  });

  it("changes nothing online", () => {
    const { reached, done } = setUp(true);
    document.getElementById("own")!.click();
    document.getElementById("get")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(reached).toEqual(["own", "get"]);
    done();
  });
});
