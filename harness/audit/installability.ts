/**
 * Whether a page can be installed as an app (decision 043): Chromium's own verdict, `Page.getInstallabilityErrors`
 * over CDP, asked once the page's service worker controls it (Lighthouse 12 has no PWA category). An empty
 * list means installable: a manifest with name, icons and start URL, served over a secure origin
 * (loopback counts), with a service worker.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath, serviceWorkerControls } from "../browser.ts";
import type { AuditPage } from "./pages.ts";

export interface InstallabilityResult {
  name: string;
  url: string;
  /** Chromium's error ids with their arguments (`manifest-missing-suitable-icon (minimum-icon-size-in-pixels=144)`). */
  errors: string[];
}

export async function installability(baseURL: string, pages: AuditPage[]): Promise<InstallabilityResult[]> {
  const results: InstallabilityResult[] = [];
  for (const page of pages) {
    // A fresh profile each (the service worker of one page must not make the next installable), and a
    // profile on disk: Chromium installs nothing from an incognito one (`in-incognito`), which is what a
    // browser's new context is.
    const profile = mkdtempSync(join(tmpdir(), "installability-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
      baseURL,
      extraHTTPHeaders: page.cookie ? { cookie: page.cookie } : {},
    });
    try {
      const tab = context.pages()[0] ?? (await context.newPage());
      await tab.goto(page.path);
      const errors: string[] = [];
      await serviceWorkerControls(tab).catch((error: Error) => errors.push(error.message.split("\n")[0]!));
      const cdp = await context.newCDPSession(tab);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      for (const { errorId, errorArguments } of installabilityErrors) {
        const args = errorArguments.map(({ name, value }) => `${name}=${value}`).join(", ");
        errors.push(args ? `${errorId} (${args})` : errorId);
      }
      results.push({ name: page.name, url: page.path, errors });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  return results;
}

export function installabilityFailures(results: InstallabilityResult[]): string[] {
  return results
    .filter((r) => r.errors.length > 0)
    .map((r) => `Installability ${r.name} (${r.url}): ${r.errors.join(", ")}`);
}

export function installabilityTable(results: InstallabilityResult[]) {
  return Object.fromEntries(
    results.map((r) => [r.name, { installable: r.errors.length === 0, errors: r.errors.join(", ") || "–" }]),
  );
}
