import { expect, it } from "vitest";
import { MAX_PAGE } from "#shared/api/limits.ts";
import { pageParam } from "./page-param.server.ts";

it("reads a page number, the first page for anything else, never past MAX_PAGE", () => {
  expect(pageParam("3")).toBe(3);
  for (const junk of [null, "", "0", "-2", "1.5", "x", "1e400"]) expect(pageParam(junk)).toBe(1);
  expect(pageParam(String(MAX_PAGE + 5))).toBe(MAX_PAGE);
});
