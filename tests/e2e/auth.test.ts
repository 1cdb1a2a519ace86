/**
 * The Chromium half: sign up by phone with the code read from the dev outbox, land in the
 * cabinet, reload still signed in, sign out — with JavaScript; and a sign-in by e-mail and password with
 * the development account without JavaScript. Plus the dialog's native behaviour (modal, Escape) and
 * axe / Nu validator checks of the dialog and the cabinet pages.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeEach, expect, inject, it } from "vitest";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { describeVnu } from "#harness/audit/vnu.ts";
import { closeWatched, fileBrowser, hydrated, watchProblems, validateHtml } from "./browser.ts";

const baseURL = inject("baseURL");
const DEV_USER = { email: "user@kvadrat.test", password: "kvadrat-user-2026", name: "Ana Petrović" };

const browser = fileBrowser();
let context: BrowserContext;
let page: Page;
let problems: string[];
let documentRequests: string[];
/** Problems a test expects (see afterEach). */
let expected: RegExp[] = [];

/**
 * Each test's browser comes from its own address: the API limits code requests per IP (20 an hour), and
 * every local run would otherwise share one. Locally the header passes through; Cloudflare sets its own.
 */
function clientAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 24);
  // Loopback (127.0.0.0/8): the dev outbox answers only there (decision 026).
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function open(options: { javaScriptEnabled?: boolean } = {}) {
  context = await browser().newContext({
    baseURL,
    locale: "en-GB",
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { "cf-connecting-ip": clientAddress() },
    ...options,
  });
  page = await context.newPage();
  problems = watchProblems(page);
  documentRequests = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentRequests.push(request.url());
  });
}

beforeEach(async () => {
  expected = [];
  await open();
});
afterEach(async () => {
  await closeWatched(context);
  // Chromium reports requests React Router stops reading once it has what it needs (a signed-in `.data`
  // response whose last empty chunk comes late), and a signed-in
  // page's lazy script (the header's live count) that signing out's full navigation cuts short, as aborted.
  const benign = [
    /^requestfailed: \S+\/_\.data(\?\S*)? net::ERR_ABORTED$/,
    /^requestfailed: \S+\/assets\/[\w.-]+\.js net::ERR_ABORTED$/,
    ...expected,
  ];
  expect(problems.filter((p) => !benign.some((re) => re.test(p)))).toEqual([]);
});

/** A Serbian mobile number no earlier run used (the outbox and the limits are per number). */
function freshPhone(): string {
  return `+38166${String(Date.now()).slice(-7)}`;
}

async function outboxCode(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      code = ((await res.json()) as { items: { code: string }[] }).items[0]?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

const dialog = () => page.locator("dialog");
const isModal = () => page.evaluate(() => document.querySelector("dialog")?.matches(":modal") ?? false);

it("signs up by phone with the outbox code, lands in the cabinet, stays signed in on reload, signs out (JavaScript)", async () => {
  const phone = freshPhone();
  const name = "Dragana Stojanović";

  // A guarded page sends the visitor to the home page with the sign-in dialog and next.
  await page.goto("/cabinet/");
  expect(page.url()).toBe(`${baseURL}/?auth=signin&next=%2Fcabinet%2F`);
  await hydrated(page);
  documentRequests = [];
  await expect.poll(isModal).toBe(true);
  await expect.poll(() => dialog().getByRole("heading", { level: 2 }).textContent()).toBe("Sign in");

  await dialog().getByRole("link", { name: "Create one" }).click();
  await page.waitForURL(`${baseURL}/?auth=register&next=%2Fcabinet%2F`);
  await expect.poll(() => dialog().getByRole("heading", { level: 2 }).textContent()).toBe("Create an account");
  await expect.poll(isModal).toBe(true);

  await dialog().getByLabel("Your name").fill(name);
  const phoneField = dialog().locator('input[name="telephone"]');
  await expect.poll(() => phoneField.isEditable()).toBe(true);
  await phoneField.fill(phone);
  await dialog().getByRole("button", { name: "Get a code" }).click();

  const codeField = dialog().getByLabel("Code", { exact: true });
  await codeField.waitFor();
  expect(await codeField.getAttribute("inputmode")).toBe("numeric");
  expect(await codeField.getAttribute("autocomplete")).toBe("one-time-code");
  // The resend button counts down from the API's resend interval.
  const resend = dialog().getByRole("button", { name: /New code in \d+ s/ });
  await expect.poll(() => resend.isDisabled()).toBe(true);

  await codeField.fill(await outboxCode(phone));
  await dialog().getByRole("button", { name: "Create account" }).click();

  await page.waitForURL(`${baseURL}/cabinet/`);
  await expect.poll(() => page.locator("h1").textContent()).toBe("My account");
  await expect.poll(() => page.getByText(`Hello, ${name}!`).count()).toBe(1);
  // The header's account link is in its lazy signed-in chunk (decision 050): on a busy machine it may come a moment later.
  await expect.poll(() => page.getByRole("link", { name: `${name}, my account` }).count()).toBe(1);
  // The sign-in dialog closed (the cabinet keeps its own, closed, for confirming a deletion).
  expect(await page.getByRole("dialog").count()).toBe(0);
  // All of it without loading another document.
  expect(documentRequests).toEqual([]);

  await page.reload();
  await hydrated(page);
  expect(await page.getByText(`Hello, ${name}!`).count()).toBe(1);
  expect(await page.getByRole("link", { name: `${name}, my account` }).count()).toBe(1);

  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${baseURL}/`);
  await expect.poll(() => page.getByRole("banner").getByRole("link", { name: "Sign in" }).count()).toBe(1);
  expect(await page.getByRole("link", { name: `${name}, my account` }).count()).toBe(0);

  await page.goto("/cabinet/");
  expect(page.url()).toBe(`${baseURL}/?auth=signin&next=%2Fcabinet%2F`);
  await hydrated(page);
});

it("signs in by e-mail and password with the development account without JavaScript", async () => {
  await context.close();
  await open({ javaScriptEnabled: false });
  // Without JavaScript the CSP-bound module preloads are refused: not a problem of the page.
  expected = [/^requestfailed: \S+ csp$/];

  await page.goto("/cabinet/");
  expect(page.url()).toBe(`${baseURL}/?auth=signin&next=%2Fcabinet%2F`);
  // Rendered open by the server: usable as a page.
  expect(await dialog().getAttribute("open")).toBe("");
  await dialog().getByRole("link", { name: "E-mail" }).click();
  await page.waitForURL(/via=email/);
  expect(new URL(page.url()).searchParams.get("next")).toBe("/cabinet/");

  await dialog().getByLabel("E-mail").fill(DEV_USER.email);
  await dialog().getByRole("button", { name: "Sign in with a password" }).click();
  await page.waitForURL(`${baseURL}/auth/`);
  expect(await page.getByLabel("Password").getAttribute("autocomplete")).toBe("current-password");

  // (A wrong password is tested in tests/integration/pages-auth.test.ts: the account's password attempts
  // are limited to 10 per 15 minutes, shared by every run against this database.)
  await page.getByLabel("Password").fill(DEV_USER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${baseURL}/cabinet/`);
  expect(await page.getByText(`Hello, ${DEV_USER.name}!`).count()).toBe(1);
  expect(await page.getByRole("link", { name: `${DEV_USER.name}, my account` }).count()).toBe(1);

  // Sign-out works as a plain form too.
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${baseURL}/`);
  expect(await page.getByRole("banner").getByRole("link", { name: "Sign in" }).count()).toBe(1);
});

it("registers by phone without JavaScript: the phone widget's plain fields, the code page, the account", async () => {
  await context.close();
  await open({ javaScriptEnabled: false });
  expected = [/^requestfailed: \S+ csp$/];
  const phone = freshPhone();

  await page.goto("/sr/faq/?auth=register");
  expect(await dialog().getAttribute("open")).toBe("");
  await dialog().getByLabel("Vaše ime").fill("Bez Skripti");
  // Server-rendered, the widget is a country <select> (the edge's country first: miniflare says US) beside
  // a plain tel field; a national number goes with the chosen country.
  await dialog().locator('select[name="telephone_country"]').selectOption("RS");
  await dialog().locator('input[name="telephone"]').fill(phone.replace("+381", "0"));
  await dialog().getByRole("button", { name: "Pošalji kod" }).click();
  await page.waitForURL(`${baseURL}/sr/auth/`);
  const code = page.getByLabel("Kod", { exact: true });
  expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
  await code.fill(await outboxCode(phone));
  await page.getByRole("button", { name: "Napravi nalog" }).click();
  await page.waitForURL(`${baseURL}/sr/faq/`);
  expect(await page.getByRole("link", { name: "Bez Skripti, moj nalog" }).count()).toBe(1);
});

it("the dialog is modal with JavaScript: Escape closes it and removes the query", async () => {
  await page.goto("/about/?auth=signin&via=email");
  await hydrated(page);
  await expect.poll(isModal).toBe(true);
  // The focus starts in the dialog's first field.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
  await page.keyboard.press("Escape");
  await page.waitForURL(`${baseURL}/about/`);
  await expect.poll(() => page.locator("dialog").count()).toBe(0);

  // The header's link opens it again over the same page.
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL(`${baseURL}/about/?auth=signin`);
  await expect.poll(isModal).toBe(true);
  expect(documentRequests).toHaveLength(1);
});

it.each([
  ["/about/", "Sign in", "Sign in"],
  ["/ru/media/", "Войти", "Вход"],
])("the dialog opened on %s brings its texts with it, without a reload", async (path, link, heading) => {
  // The page's own data leaves the dialog's texts out; opening it fetches them with the root data.
  await page.goto(path);
  await hydrated(page);
  documentRequests = [];
  await page.getByRole("banner").getByRole("link", { name: link }).click();
  await expect.poll(isModal).toBe(true);
  await expect.poll(() => dialog().getByRole("heading", { level: 2 }).textContent()).toBe(heading);
  expect(await dialog().textContent()).not.toMatch(/\b(auth|phone)\.[a-z]+/);
  expect(documentRequests).toEqual([]);
});

it("axe finds nothing in the dialog, the cabinet and the personal page; the Nu validator no errors", async () => {
  const documents: Record<string, string> = {};
  const check = async (path: string) => {
    await page.goto(path);
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(describeViolations(await runAxe(page)), path).toEqual([]);
    documents[path] = await (await page.request.get(path)).text();
  };
  await check("/?auth=signin");
  await check("/ru/?auth=register&via=email");
  await check("/sr/?auth=recover");
  await check("/auth/?auth=recover&via=email");

  // A new account without a verified phone (the API sets the cookies in this browser context).
  const email = `axe${Date.now()}@example.rs`;
  const headers = { "x-requested-with": "XMLHttpRequest" };
  expect(
    (await page.request.post("/api/user/register/email", { data: { email, name: "Axe Tester" }, headers })).status(),
  ).toBe(202);
  const verified = await page.request.post("/api/user/register/email/verify", {
    data: { email, code: await outboxCode(email) },
    headers,
  });
  expect(verified.status()).toBe(201);

  await check("/cabinet/");
  await check("/cabinet/personal/");
  await check("/sr/cabinet/personal/?verify=phone&next=%2Fsr%2Flisting%2Fcreate%2F");
  expect(await page.getByRole("heading", { name: "Potvrdite broj telefona" }).count()).toBe(1);

  const results = await validateHtml(documents);
  for (const [path, result] of Object.entries(results)) expect(describeVnu(result.errors), path).toEqual([]);
}, 120_000);
