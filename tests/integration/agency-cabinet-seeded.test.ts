/**
 * The development manager's agency as the seed gives it (decision 109), the one the audit opens: its cabinet
 * shows every section, the listings of its photos not fetched are named in the reader's language (an owner's
 * title as written, marked with its own), and the seeded feed is never due for a check.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiFeedPhotoProblems } from "#shared/api/agency-feeds.ts";
import { claimDueFeeds } from "#worker/db/agency-feeds.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { devSession } from "./auth-fixtures.ts";

let cookie = "";
beforeAll(async () => {
  cookie = await devSession("manager");
});

const problems = async (locale: string) => {
  const res = await SELF.fetch(`${ORIGIN}/api/agency/feeds/photo-problems?locale=${locale}`, {
    headers: { cookie, "x-requested-with": "XMLHttpRequest" },
  });
  expect(res.status).toBe(200);
  return (await res.json<{ data: ApiFeedPhotoProblems }>()).data;
};

describe("the development manager's agency", () => {
  it("shows every section of the cabinet, in each language", async () => {
    for (const prefix of ["", "/ru", "/sr"]) {
      const res = await SELF.fetch(`${ORIGIN}${prefix}/cabinet/agency/`, {
        headers: { "user-agent": BROWSER_UA, cookie },
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const section of [
        "agency-profile-form",
        "agency-members",
        "agency-feeds",
        "feed-run",
        "feed-refusals",
        "feed-photo-problems",
      ]) {
        expect(html, `${prefix} ${section}`).toContain(`data-testid="${section}"`);
      }
      expect(html).toContain('id="agency-logo"');
    }
  });

  it("names a problem photo's listing in the reader's language, an owner's title in its own", async () => {
    const [problem] = (await problems("en")).items;
    const listing = () => env.DB.prepare("UPDATE listings SET title = ?, title_generated = ?, lang = ? WHERE id = ?");
    await listing().bind("Stale title, 58 m2", 1, "en", problem!.listing_id).run();
    const titles = new Set<string | null>();
    for (const locale of ["ru", "sr", "en"]) {
      const [item] = (await problems(locale)).items;
      expect(item!.listing_title_lang).toBe(locale);
      expect(item!.listing_title).not.toBe("Stale title, 58 m2");
      titles.add(item!.listing_title);
    }
    // Composed from the facts in each language.
    expect(titles.size).toBe(3);
    await listing().bind("Stan na Vračaru", 0, "sr", problem!.listing_id).run();
    expect((await problems("ru")).items[0]).toMatchObject({
      listing_title: "Stan na Vračaru",
      listing_title_lang: "sr",
    });
  });

  it("has a feed the Cron Trigger never claims, whatever the clock", async () => {
    const feed = await env.DB.prepare(
      "SELECT f.id FROM agency_feeds f JOIN agency_members m ON m.agency_id = f.agency_id WHERE m.user_id = 5",
    ).first<{ id: number }>();
    expect(feed).not.toBeNull();
    expect(await claimDueFeeds(env.DB, Date.UTC(2099, 11, 31), 1000)).not.toContain(feed!.id);
  });
});
