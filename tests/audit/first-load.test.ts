/**
 * The first-load JavaScript budget of budgets.json on every run of the suite, not only in
 * `npm run bench`: the home, search and detail pages of the test build, as a guest's browser gets them,
 * measured like the bench (harness/audit/first-load.ts, gzip of each file).
 */
import { describe, expect, inject, it } from "vitest";
import { budgets } from "#harness/audit/budgets.ts";
import { firstLoad } from "#harness/audit/first-load.ts";
import { BROWSER_UA, pageSamples, pageTypes } from "#harness/audit/pages.ts";
import { FOLDERS } from "#harness/folders.ts";

const baseURL = inject("baseURL");
const KB = 1024;

describe.each(budgets.firstLoadJs.pages)("%s", (type) => {
  it(`loads at most ${budgets.firstLoadJs.maxGzipKB} KB gzip of JavaScript before any interaction`, async () => {
    const page = pageTypes(await pageSamples(baseURL)).find((p) => p.type === type)!;
    const res = await fetch(`${baseURL}${page.path}`, { headers: { "user-agent": BROWSER_UA } });
    expect(res.status).toBe(200);
    const weight = firstLoad(await res.text(), `${FOLDERS.test.build}/client`);
    const files = Object.entries(weight.files).map(([file, w]) => `${file} ${(w.gzip / KB).toFixed(2)}`);
    expect(weight.scripts.length).toBeGreaterThan(2);
    // The service worker's page side loads after the `load` event: named, weighed apart, not budgeted.
    expect(weight.afterLoad.scripts[0]).toMatch(/^\/assets\/pwa-[\w-]+\.js$/);
    expect(weight.scripts.some((file) => file.includes("/pwa-"))).toBe(false);
    expect(weight.js.gzip / KB, `${page.path}:\n${files.join("\n")}`).toBeLessThanOrEqual(
      budgets.firstLoadJs.maxGzipKB,
    );
  });
});
