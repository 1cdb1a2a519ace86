/**
 * The site in production mode on an empty local D1 made by the operator's commands only.
 * `npm run ops -- init` fills it (and a second run changes nothing), `npm run ops -- admin` makes the first
 * administrator, and the test build is served with `ENVIRONMENT=production`, a real `JWT_SECRET` and the
 * e-mail adapter pointed at a local stand-in of the provider's HTTP API (`EMAIL_API_BASE`): a city page
 * answers in three languages, the printed link signs in (once), the admin publishes an article that shows
 * on /media/, a person registers by e-mail through the real adapter, and blocking them ends their session.
 * One D1 and one server for all: each step builds on the one before.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { describeVnu, validateHtml } from "#harness/audit/vnu.ts";
import { launch } from "#harness/browser.ts";
import { FOLDERS } from "#harness/folders.ts";
import { freePort, type ServedBuild, serveBuild } from "#harness/serve-build.ts";
import { wrangler, wranglerEnv } from "#harness/wrangler.ts";

const run = promisify(execFile);
const state = mkdtempSync(join(tmpdir(), "kvadrat-production-"));
let server: ServedBuild | undefined;
let mailServer: Server | undefined;
/** What the stand-in provider received: resend's JSON bodies. */
const sent: { to: string[]; subject: string; text: string; from: string; auth: string | undefined }[] = [];

const ops = async (...args: string[]) =>
  (
    await run(process.execPath, ["scripts/ops.ts", ...args, "--local", "--persist-to", state], {
      env: wranglerEnv,
      maxBuffer: 16 * 1024 * 1024,
    })
  ).stdout;

/** Rows of one query on the test's D1, read as the operator would (wrangler, beside the running server). */
async function query(sql: string): Promise<unknown[]> {
  const out = await wrangler(["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql], {
    quiet: true,
  });
  return (JSON.parse(out.slice(out.indexOf("[")))[0]?.results ?? []) as unknown[];
}

/** A stand-in of resend's `POST /emails`: records each e-mail and answers as resend does. */
async function startMailProvider(): Promise<string> {
  const port = await freePort();
  mailServer = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/emails") {
        res.writeHead(404).end();
        return;
      }
      sent.push({ ...(JSON.parse(body) as (typeof sent)[number]), auth: req.headers.authorization });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: `mail-${sent.length}` }));
    });
  });
  await new Promise<void>((resolve) => mailServer!.listen(port, "127.0.0.1", resolve));
  return `http://127.0.0.1:${port}`;
}

/** Cookies as a browser keeps them: the latest value of each name, cleared ones dropped. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair!.split("=");
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value.join("=") === "";
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A call as the site's own scripts make it (the CSRF guard's headers), with a jar's cookies. */
async function call(path: string, jar: Jar, body?: unknown): Promise<Response> {
  const res = await fetch(`${server!.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    redirect: "manual",
    headers: {
      cookie: jar.header(),
      origin: server!.url,
      "x-requested-with": "XMLHttpRequest",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  jar.take(res);
  return res;
}

const admin = new Jar();
let adminLink: URL;

beforeAll(async () => {
  const mailBase = await startMailProvider();
  // The operator's commands only: no seed, no development account.
  // A bad address or a password on the command line: refused before the database is touched.
  await expect(ops("admin", "not-an-address")).rejects.toMatchObject({
    stderr: expect.stringMatching(/not an e-mail/),
  });
  await expect(ops("admin", "boss@example.rs", "hunter2")).rejects.toMatchObject({
    stderr: expect.stringMatching(/no password/),
  });
  const first = await ops("init");
  expect(first).toMatch(/cities +\d{3} inserted, 0 updated, 0 unchanged/);
  const printed = await ops("admin", "Boss@Example.rs");
  expect(printed).toMatch(/Created boss@example\.rs as an administrator/);
  adminLink = new URL(/^(http:\/\/localhost:8787\/auth\/link\/\?token=[\w-]{43})$/m.exec(printed)![1]!);
  server = await serveBuild(
    { build: FOLDERS.test.build, state },
    {
      vars: {
        ENVIRONMENT: "production",
        JWT_SECRET: randomBytes(48).toString("base64"),
        EMAIL_PROVIDER: "resend",
        EMAIL_API_KEY: "re_test_key",
        EMAIL_FROM: "Kvadrat <no-reply@kvadrat.example>",
        EMAIL_API_BASE: mailBase,
      },
    },
  );
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => (mailServer ? mailServer.close(resolve) : resolve(undefined)));
  rmSync(state, { recursive: true, force: true });
});

describe("production mode after ops init and ops admin only", () => {
  it("a second ops init changes nothing", async () => {
    const second = await ops("init");
    expect(second).toContain("Reference data up to date: nothing changed.");
    for (const line of second.split("\n").filter((l) => / inserted, /.test(l)))
      expect(line).toMatch(/ 0 inserted, 0 updated, \d+ unchanged/);
  });

  it("serves a city page with the place's name in each language, and the small towns too", async () => {
    for (const [path, name] of [
      ["/buy/apartment/beograd/", "Belgrade"],
      ["/ru/buy/apartment/beograd/", "Белград"],
      ["/sr/buy/apartment/beograd/", "Beograd"],
      ["/ru/rent/house/arilje/", "Ариле"],
    ]) {
      const res = await fetch(`${server!.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(name);
    }
    const cities = (await (await fetch(`${server!.url}/api/cities`)).json()) as { total: number };
    expect(cities.total).toBeGreaterThan(250);
    // Zemun is Belgrade's district with the id it always had, not a place of its own.
    expect(await query("SELECT id, city_id FROM districts WHERE slug = 'zemun'")).toEqual([{ id: 5, city_id: 1 }]);
  });

  it("signs the administrator in through the printed link, once, in Chromium (axe and Nu clean)", async () => {
    const local = `${server!.url}${adminLink.pathname}${adminLink.search}`;
    // Opening the link (a person, or a link preview) signs nobody in: a page with one button.
    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull();
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/auth/link/">');
    const press = () =>
      fetch(`${server!.url}/auth/link/`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server!.url },
        body: new URLSearchParams({ token: adminLink.searchParams.get("token")! }),
      });
    const browser = await launch();
    try {
      const context = await browser.newContext({ locale: "en-GB" });
      const tab = await context.newPage();
      await tab.goto(local);
      expect(describeViolations(await runAxe(tab))).toEqual([]);
      await tab.getByRole("button", { name: "Sign in" }).press("Enter");
      await tab.waitForURL(`${server!.url}/admin/`);
      await expect.poll(() => tab.getByRole("heading", { level: 1 }).textContent()).toBe("Back office");
      for (const cookie of await context.cookies()) admin.set(cookie.name, cookie.value);
    } finally {
      await browser.close();
    }
    const { [local]: vnu } = await validateHtml({ [local]: html });
    expect(describeVnu(vnu!.errors)).toEqual([]);
    const account = await call("/api/account/data", admin);
    expect(account.status).toBe(200);
    expect(((await account.json()) as { data: unknown }).data).toMatchObject({
      email: "boss@example.rs",
      roles: ["admin"],
    });
    expect((await fetch(`${server!.url}/admin/`, { headers: { cookie: admin.header() } })).status).toBe(200);
    // Used: never a second session, never a 5xx.
    const again = await press();
    expect(again.status).toBe(410);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(await again.text()).toContain("This sign-in link was already used");
    const ru = await fetch(`${server!.url}/ru${adminLink.pathname}${adminLink.search}`);
    expect(ru.status).toBe(410);
    expect(await ru.text()).toContain("Эта ссылка для входа уже использована");
    const unknown = await fetch(`${server!.url}/sr/auth/link/?token=${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Ovaj link za prijavu nije važeći");
    // Another site's form cannot press the button for a visitor.
    const cross = await fetch(`${server!.url}/auth/link/`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ token: adminLink.searchParams.get("token")! }),
    });
    expect(cross.headers.get("set-cookie")).toBeNull();
  });

  it("publishes the administrator's article, which /media/ then shows", async () => {
    const tags = (await (await fetch(`${server!.url}/api/tag`)).json()) as { items: { id: number }[] };
    expect(tags.items.length).toBeGreaterThan(0);
    const version = (title: string) => ({
      title,
      lead: `${title}: the lead.`,
      body: `${title}.\n\nA second paragraph.`,
    });
    const created = await call("/api/admin/articles", admin, {
      tag_id: tags.items[0]!.id,
      slug: "first-article-of-the-site",
      status: "published",
      translations: {
        en: version("The first article of the site"),
        ru: version("Первая статья сайта"),
        sr: version("Prvi članak sajta"),
      },
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; path: string; status: string } };
    expect(data.status).toBe("published");
    for (const [path, title] of [
      ["/media/", "The first article of the site"],
      ["/ru/media/", "Первая статья сайта"],
      [data.path, "The first article of the site"],
    ]) {
      const res = await fetch(`${server!.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(title);
    }
  });

  const person = new Jar();
  let personId: number;

  it("registers a person by e-mail through the real e-mail adapter, over HTTP to the provider", async () => {
    const address = "new.person@example.rs";
    const asked = await call("/api/user/register/email", person, { email: address, name: "Nova Osoba" });
    expect(asked.status).toBe(202);
    await expect.poll(() => sent.filter((mail) => mail.to.includes(address)).length, { timeout: 10_000 }).toBe(1);
    const mail = sent.find((m) => m.to.includes(address))!;
    expect(mail.from).toBe("Kvadrat <no-reply@kvadrat.example>");
    expect(mail.auth).toBe("Bearer re_test_key");
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, mail.text).toBeDefined();
    const verified = await call("/api/user/register/email/verify", person, { email: address, code, remember_me: true });
    expect(verified.status).toBe(201);
    personId = ((await verified.json()) as { data: { user: { id: number } } }).data.user.id;
    expect((await call("/api/account/data", person)).status).toBe(200);
    // Production has no development outbox.
    expect((await fetch(`${server!.url}/api/dev/outbox?to=${address}`)).status).toBe(404);
  });

  it("a second ops admin promotes the same account with a new link; both runs are in the audit log", async () => {
    const printed = await ops("admin", "boss@example.rs");
    expect(printed).toMatch(/Promoted boss@example\.rs/);
    expect(printed).toMatch(/\/auth\/link\/\?token=[\w-]{43}$/m);
    expect(
      await query("SELECT actor_kind, actor_id, action FROM audit_log WHERE target_kind = 'user' ORDER BY id"),
    ).toEqual([
      { actor_kind: "ops", actor_id: null, action: "user.create" },
      { actor_kind: "ops", actor_id: null, action: "user.promote" },
    ]);
    expect(await query("SELECT count(*) AS n FROM user_roles")).toEqual([{ n: 1 }]);
  });

  it("blocking the person ends their open session at once", async () => {
    const blocked = await call(`/api/admin/users/${personId}/block`, admin, { reason: "Fake listings reported" });
    expect(blocked.status).toBe(200);
    const refused = await call("/api/account/data", person);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("account_blocked");
    // The page side too: the cabinet no longer opens for them.
    const cabinet = await fetch(`${server!.url}/cabinet/`, {
      redirect: "manual",
      headers: { cookie: person.header() },
    });
    expect(cabinet.status).not.toBe(200);
    expect(await query(`SELECT action, target_id FROM audit_log WHERE action = 'user.block' ORDER BY id`)).toEqual([
      { action: "user.block", target_id: String(personId) },
    ]);
  });
});
