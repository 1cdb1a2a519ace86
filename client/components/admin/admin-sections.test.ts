import { describe, expect, it } from "vitest";
import { sectionsFor } from "./admin-sections.ts";

const keys = (roles: Parameters<typeof sectionsFor>[0]) => sectionsFor(roles).map((section) => section.key);

describe("sectionsFor", () => {
  it("opens nothing to a person without a staff role", () => {
    expect(keys([])).toEqual([]);
  });
  it("opens every section to an admin", () => {
    expect(keys(["admin"])).toEqual([
      "dashboard",
      "content",
      "moderation",
      "listings",
      "agencies",
      "users",
      "payments",
      "audit",
    ]);
  });
  it("opens a moderator's and an editor's own sections and the dashboard", () => {
    expect(keys(["moderator"])).toEqual(["dashboard", "moderation", "listings", "agencies"]);
    expect(keys(["editor"])).toEqual(["dashboard", "content"]);
    expect(keys(["editor", "moderator"])).toEqual(["dashboard", "content", "moderation", "listings", "agencies"]);
  });
});
