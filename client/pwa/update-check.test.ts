// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUILD_CHECK_FIRST_DELAY_MS, BUILD_CHECK_INTERVAL_MS } from "#shared/constants.ts";
import { pageBuildId, startUpdateCheck } from "./update-check.ts";

const MINUTE = 60_000;
let fetchMock: ReturnType<typeof vi.fn>;
/** What `/builds/latest.json` answers next: an id, a status, or a network failure. */
let answer: { id: string } | number | "offline" | "junk";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00Z") });
  answer = { id: "aaaa1111" };
  fetchMock = vi.fn(async () => {
    if (answer === "offline") throw new TypeError("Failed to fetch");
    if (answer === "junk") return new Response("<html>", { status: 200 });
    if (typeof answer === "number") return new Response("{}", { status: answer });
    return Response.json(answer);
  });
  vi.stubGlobal("fetch", fetchMock);
  document.head.innerHTML = '<meta name="build-id" content="aaaa1111">';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("startUpdateCheck", () => {
  it("reads the page's build from <meta name=build-id>", () => {
    expect(pageBuildId()).toBe("aaaa1111");
    document.head.innerHTML = "";
    expect(pageBuildId()).toBeNull();
  });

  it("checks nothing before 60 minutes, first at 60, then every 60, without a cache", async () => {
    const onNewBuild = vi.fn();
    startUpdateCheck(onNewBuild);
    expect(BUILD_CHECK_FIRST_DELAY_MS).toBe(60 * MINUTE);
    expect(BUILD_CHECK_INTERVAL_MS).toBe(60 * MINUTE);
    await vi.advanceTimersByTimeAsync(60 * MINUTE - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/builds/latest.json?t=${Date.now()}`);
    expect(init).toEqual({ cache: "no-store" });
    await vi.advanceTimersByTimeAsync(60 * MINUTE - 1);
    expect(fetchMock).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3 * 60 * MINUTE);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it("tells of a different build, once per id", async () => {
    const onNewBuild = vi.fn();
    startUpdateCheck(onNewBuild);
    answer = { id: "bbbb2222" };
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith("bbbb2222");
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(onNewBuild).toHaveBeenCalledOnce();
    answer = { id: "cccc3333" };
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(onNewBuild).toHaveBeenLastCalledWith("cccc3333");
  });

  it("is silent when the check fails, and tries again at the next tick", async () => {
    const onNewBuild = vi.fn();
    startUpdateCheck(onNewBuild);
    for (const failure of ["offline", 404, 503, "junk"] as const) {
      answer = failure;
      await vi.advanceTimersByTimeAsync(60 * MINUTE);
    }
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(onNewBuild).not.toHaveBeenCalled();
    answer = { id: "bbbb2222" };
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(onNewBuild).toHaveBeenCalledWith("bbbb2222");
  });

  it("stops when told, before or after the first check", async () => {
    const onNewBuild = vi.fn();
    startUpdateCheck(onNewBuild)();
    await vi.advanceTimersByTimeAsync(3 * 60 * MINUTE);
    expect(fetchMock).not.toHaveBeenCalled();

    const stop = startUpdateCheck(onNewBuild);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(fetchMock).toHaveBeenCalledOnce();
    stop();
    answer = { id: "bbbb2222" };
    await vi.advanceTimersByTimeAsync(3 * 60 * MINUTE);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it("does nothing on a page that names no build", async () => {
    document.head.innerHTML = "";
    startUpdateCheck(vi.fn());
    await vi.advanceTimersByTimeAsync(3 * 60 * MINUTE);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
