import { expect, it } from "vitest";
import { fromSiteLocalTime, siteLocalTime } from "#shared/site-time.ts";

it("reads and writes times in Serbia's zone across summer time, and refuses times that do not exist", () => {
  expect(fromSiteLocalTime("2026-12-01T09:00")).toBe(Date.parse("2026-12-01T08:00:00Z"));
  expect(fromSiteLocalTime("2026-07-01T09:00")).toBe(Date.parse("2026-07-01T07:00:00Z"));
  expect(siteLocalTime(Date.parse("2026-07-01T07:00:00Z"))).toBe("2026-07-01T09:00");
  expect(fromSiteLocalTime("2026-13-01T09:00")).toBeNull();
  // The hour clocks skip in spring.
  expect(fromSiteLocalTime("2026-03-29T02:30")).toBeNull();
  expect(fromSiteLocalTime("tomorrow")).toBeNull();
});
