/**
 * Every page type (home, search, list, detail, media index, tag, article, about, FAQ, privacy,
 * favourites — also with a guest's saved searches —, sign-in dialog, 404, error, offline) and the signed-in pages
 * (wizard create / params / check, owner and admin previews, the cabinet's, as the development accounts) in
 * en, ru and sr, against the budgets of budgets.json: axe-core violations and sideways scrolling on a 320 px
 * screen in Chromium, and Nu validator errors on the server HTML. One browser and one validator run for all.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { describeViolations } from "#harness/audit/axe.ts";
import { budgets } from "#harness/audit/budgets.ts";
import { auditPages as listPages, pageSamples } from "#harness/audit/pages.ts";
import { auditPages, type PageAudit } from "#harness/audit/run.ts";
import { describeVnu } from "#harness/audit/vnu.ts";
import { launch } from "#harness/browser.ts";

const baseURL = inject("baseURL");
let browser: Browser;
const results = new Map<string, PageAudit>();

beforeAll(async () => {
  browser = await launch();
  for (const result of await auditPages(browser, baseURL, listPages(await pageSamples(baseURL))))
    results.set(result.page.name, result);
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

function audited(name: string): PageAudit {
  const result = results.get(name);
  if (!result) throw new Error(`${name} was not audited`);
  return result;
}

// Test names are fixed before the server is asked for a real listing and article.
const names = listPages({ detailPath: "", articlePath: "" }).map((p) => p.name);

describe.each(names)("%s", (name) => {
  it("loads, hydrates and answers with its status", () => {
    const { status, page, error } = audited(name);
    expect(error, `${page.path} could not be audited`).toBeUndefined();
    expect(status, page.path).toBe(page.status);
  });
  it(`has at most ${budgets.axe.maxViolations} axe violations`, () => {
    const { violations, page } = audited(name);
    expect(audited(name).error).toBeUndefined();
    expect(violations.length, `${page.path}\n${describeViolations(violations).join("\n")}`).toBeLessThanOrEqual(
      budgets.axe.maxViolations,
    );
  });
  it(`does not scroll sideways on a ${budgets.narrowScreen.widthPx} px screen`, () => {
    const { overflowPx, page } = audited(name);
    expect(audited(name).error).toBeUndefined();
    expect(overflowPx, `${page.path}: px wider than the screen`).toBeLessThanOrEqual(
      budgets.narrowScreen.maxOverflowPx,
    );
  });
  it(`has at most ${budgets.vnu.maxErrors} Nu validator errors`, () => {
    const { vnu, page } = audited(name);
    expect(vnu.errors.length, `${page.path}\n${describeVnu(vnu.errors).join("\n")}`).toBeLessThanOrEqual(
      budgets.vnu.maxErrors,
    );
  });
});
