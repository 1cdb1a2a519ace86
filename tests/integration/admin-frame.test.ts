/**
 * The back office's frame: `/admin/` answers staff only — a 404 for everyone else, guests
 * asked to sign in first — with the navigation of the sections each person's roles open, not indexed; the
 * header links staff there, in every language.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { devSession, signUpByPhone } from "./auth-fixtures.ts";

const grant = (userId: number, role: string) =>
  env.DB.prepare("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, 0) ON CONFLICT DO NOTHING")
    .bind(userId, role)
    .run();

const page = (path: string, cookie?: string) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, ...(cookie ? { cookie } : {}) },
  });

/** The hrefs of the back office's navigation. */
async function sections(res: Response): Promise<string[]> {
  const html = await res.text();
  const nav = /<nav[^>]*aria-label="(?:Back office|Управление сайтом|Upravljanje sajtom)"[^>]*>([\s\S]*?)<\/nav>/.exec(
    html,
  );
  expect(nav, "the back office's navigation").not.toBeNull();
  return [...nav![1]!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
}

let admin: string;
beforeAll(async () => {
  admin = await devSession("admin");
});

describe("/admin/", () => {
  it("is a 404 for people without a staff role; guests sign in first", async () => {
    const user = await signUpByPhone();
    const res = await page("/admin/", user.jar.header());
    expect(res.status).toBe(404);
    const guest = await page("/ru/admin/");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(`/ru/?auth=signin&next=${encodeURIComponent("/ru/admin/")}`);
  });

  it("opens every section to an admin, not indexed, the dashboard marked current", async () => {
    const res = await page("/admin/", admin);
    expect(res.status).toBe(200);
    const html = await res.clone().text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/admin\/"|<a[^>]*href="\/admin\/"[^>]*aria-current="page"/,
    );
    expect(await sections(res)).toEqual([
      "/admin/",
      "/admin/content/",
      "/admin/moderation/",
      "/admin/listings/",
      "/admin/agencies/",
      "/admin/users/",
      "/admin/payments/",
      "/admin/audit/",
    ]);
  });

  it("opens a moderator's and an editor's own sections only, in their language", async () => {
    const moderator = await signUpByPhone({ name: "Mod Mila" });
    await grant(moderator.user.id, "moderator");
    const editor = await signUpByPhone({ name: "Ed Edo" });
    await grant(editor.user.id, "editor");
    expect(await sections(await page("/sr/admin/", moderator.jar.header()))).toEqual([
      "/sr/admin/",
      "/sr/admin/moderation/",
      "/sr/admin/listings/",
      "/sr/admin/agencies/",
    ]);
    // The agencies' licence checks are a moderator's too (decision 087); not an editor's.
    expect((await page("/sr/admin/agencies/", moderator.jar.header())).status).toBe(200);
    expect((await page("/admin/agencies/", editor.jar.header())).status).toBe(404);
    expect(await sections(await page("/ru/admin/", editor.jar.header()))).toEqual(["/ru/admin/", "/ru/admin/content/"]);
    // A moderator's pages keep their own guard: the editor is not let into the queue.
    expect((await page("/admin/moderation/", editor.jar.header())).status).toBe(404);
  });

  it("is linked from the header for staff only", async () => {
    const staff = await (await page("/ru/", admin)).text();
    // An icon in the header's row, named by its text.
    expect(staff).toMatch(/<a[^>]*href="\/ru\/admin\/"[^>]*>[\s\S]*?Управление сайтом[\s\S]*?<\/a>/);
    const user = await signUpByPhone();
    expect(await (await page("/ru/", user.jar.header())).text()).not.toContain('href="/ru/admin/"');
  });
});
