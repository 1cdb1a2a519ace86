/**
 * Every page type (home, search, list, detail, media index, tag, article, about, FAQ, privacy,
 * favourites — also with a guest's saved searches —, sign-in dialog, 404, error, offline) and the signed-in pages
 * (wizard create / params / check, owner and admin previews, the cabinet's, as the development accounts), each
 * in one of en, ru and sr by turns (`npm run audit` audits all three), against the budgets of budgets.json: axe-core violations, console errors and failed requests
 * during the load (as `npm run audit` judges them) and sideways scrolling on a 320 px screen in Chromium, no
 * date formatter built while the page loads, no raw message id or English text on a ru/sr page, and Nu validator errors on the server HTML. One browser and one validator run for all.
 */
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { describeViolations } from "#harness/audit/axe.ts";
import { budgets } from "#harness/audit/budgets.ts";
import { type AuditPage, auditPagesOneLocaleEach as listPages, pageSamples } from "#harness/audit/pages.ts";
import { auditPageInBrowser, type BrowserAudit, consoleFailure, validatePages } from "#harness/audit/run.ts";
import { describeVnu, type VnuResult } from "#harness/audit/vnu.ts";

const baseURL = inject("baseURL");
let browser: Browser;
const pages = new Map<string, AuditPage>();
let validation: Promise<Record<string, VnuResult>>;
const browserAudits = new Map<string, Promise<BrowserAudit>>();

// Each page is audited by its own first test, so a slow machine slows the run down instead of
// failing every page at one shared deadline; the Nu validator runs beside them.
beforeAll(async () => {
  browser = await chromium.connect(inject("browserEndpoint"));
  for (const page of listPages(await pageSamples(baseURL))) pages.set(page.name, page);
  validation = validatePages(baseURL, [...pages.values()]);
  validation.catch(() => {}); // reported by the tests that await it
});
afterAll(async () => {
  await validation?.catch(() => {});
  await browser?.close();
});

function page(name: string): AuditPage {
  const found = pages.get(name);
  if (!found) throw new Error(`${name} is not among the audited pages`);
  return found;
}

function audited(name: string): Promise<BrowserAudit> {
  let audit = browserAudits.get(name);
  if (!audit) browserAudits.set(name, (audit = auditPageInBrowser(browser, baseURL, page(name))));
  return audit;
}

// Test names are fixed before the server is asked for a real listing and article.
const names = listPages({ detailPath: "", articlePath: "", agencyPath: "" }).map((p) => p.name);

describe.each(names)("%s", (name) => {
  it("loads, hydrates and answers with its status", async () => {
    const { status, error } = await audited(name);
    const { path, status: expected } = page(name);
    expect(error, `${path} could not be audited`).toBeUndefined();
    expect(status, path).toBe(expected);
  });
  it(`has at most ${budgets.axe.maxViolations} axe violations`, async () => {
    const { violations, error } = await audited(name);
    expect(error).toBeUndefined();
    expect(violations.length, `${page(name).path}\n${describeViolations(violations).join("\n")}`).toBeLessThanOrEqual(
      budgets.axe.maxViolations,
    );
  });
  it(`does not scroll sideways on a ${budgets.narrowScreen.widthPx} px screen`, async () => {
    const { overflowPx, error } = await audited(name);
    expect(error).toBeUndefined();
    expect(overflowPx, `${page(name).path}: px wider than the screen`).toBeLessThanOrEqual(
      budgets.narrowScreen.maxOverflowPx,
    );
  });
  // As `npm run audit` judges it: an aborted request (a fetch the page started and then threw away) fails too.
  it(`logs at most ${budgets.console.maxErrors} console errors and ${budgets.console.maxFailedRequests} failed requests while it loads`, async () => {
    const { problems, error } = await audited(name);
    expect(error).toBeUndefined();
    expect(consoleFailure(problems), page(name).path).toBeNull();
  });
  it("shows no raw message id, and no English on a Russian or Serbian page", async () => {
    const { error, language } = await audited(name);
    expect(error).toBeUndefined();
    expect(language, page(name).path).toEqual([]);
  });
  it("builds no date formatter while it loads (its dates come formatted, decision 018)", async () => {
    const { dateFormatters, error } = await audited(name);
    expect(error).toBeUndefined();
    expect(dateFormatters, page(name).path).toBe(0);
  });
  // The validator's one run over every document may still be going when the first page asks.
  it(`has at most ${budgets.vnu.maxErrors} Nu validator errors`, { timeout: 240_000 }, async () => {
    const vnu = (await validation)[name];
    expect(vnu, `${name} was not validated`).toBeDefined();
    expect(vnu!.errors.length, `${page(name).path}\n${describeVnu(vnu!.errors).join("\n")}`).toBeLessThanOrEqual(
      budgets.vnu.maxErrors,
    );
  });
});
