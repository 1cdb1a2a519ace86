import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { CRITICAL_DATA_TIMEOUT_MS, SECONDARY_DATA_TIMEOUT_MS, STREAM_TIMEOUT_MS } from "#shared/constants.ts";
import { streamTimeout } from "#client/entry.server.tsx";
import { SecondaryDataTimeout, secondaryData } from "./secondary-data.server.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it("passes data that arrives in time through", async () => {
  const data = secondaryData(new Promise<string>((resolve) => setTimeout(() => resolve("cards"), 100)));
  await vi.advanceTimersByTimeAsync(100);
  await expect(data).resolves.toBe("cards");
  expect(vi.getTimerCount()).toBe(0);
});

it("passes a failure through as it is", async () => {
  const data = secondaryData(Promise.reject(new Error("broken")));
  await expect(data).rejects.toThrow("broken");
});

it("rejects data still pending at the secondary deadline, not before", async () => {
  const never = new Promise<string>(() => {});
  const data = secondaryData(never);
  const settled = vi.fn();
  data.then(settled, settled);
  await vi.advanceTimersByTimeAsync(SECONDARY_DATA_TIMEOUT_MS - 1);
  expect(settled).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  await expect(data).rejects.toBeInstanceOf(SecondaryDataTimeout);
});

it("settles a section's data before the stream timeout, and gives up critical data sooner still", () => {
  expect(CRITICAL_DATA_TIMEOUT_MS).toBeLessThan(SECONDARY_DATA_TIMEOUT_MS);
  // A margin for rendering the section and sending it once its data has settled.
  expect(STREAM_TIMEOUT_MS - SECONDARY_DATA_TIMEOUT_MS).toBeGreaterThanOrEqual(1_000);
  expect(streamTimeout).toBe(STREAM_TIMEOUT_MS);
});

it("gives every <Await> an error element, so a late or failed section never reaches the page's error screen", async () => {
  const awaits = [];
  // A listing, not fs's glob(): knip (decision 072) would take every file a glob matches for a used module.
  for (const name of await readdir("client", { recursive: true })) {
    if (!name.endsWith(".tsx")) continue;
    const file = join("client", name);
    const source = await readFile(file, "utf8");
    for (const [tag] of source.matchAll(/<Await\b[^>]*>/g)) awaits.push({ file, tag });
  }
  expect(awaits.length).toBeGreaterThanOrEqual(3);
  // React Router treats a falsy errorElement as none and passes the rejection on.
  const without = awaits.filter(({ tag }) => !/errorElement=\{(?!null\}|undefined\}|false\})/.test(tag));
  expect(without).toEqual([]);
});
