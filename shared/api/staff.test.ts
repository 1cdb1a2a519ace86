import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AuditQuery, BlockUserBody, UserRolesBody } from "./staff.ts";

describe("staff schemas", () => {
  it("a period's dates cover whole UTC days; times are taken as given", () => {
    const out = v.parse(AuditQuery, { from: "2026-11-01", to: "2026-11-02" });
    expect(out.from).toBe(Date.parse("2026-11-01T00:00:00Z"));
    expect(out.to).toBe(Date.parse("2026-11-03T00:00:00Z") - 1);
    expect(v.parse(AuditQuery, { to: "2026-11-02T10:00:00Z" }).to).toBe(Date.parse("2026-11-02T10:00:00Z"));
    expect(v.safeParse(AuditQuery, { from: "2026-11-03", to: "2026-11-02" }).success).toBe(false);
    expect(v.parse(AuditQuery, {}).page).toBe(1);
  });

  it("a block's reason is plain text of 3 to 500 characters; roles are a set of known words", () => {
    expect(v.parse(BlockUserBody, { reason: "  Spam\u202e links  " }).reason).toBe("Spam links");
    expect(v.safeParse(BlockUserBody, { reason: "ab" }).success).toBe(false);
    expect(v.safeParse(BlockUserBody, { reason: "x".repeat(501) }).success).toBe(false);
    expect(v.parse(UserRolesBody, { roles: [] }).roles).toEqual([]);
    expect(v.safeParse(UserRolesBody, { roles: ["admin", "admin"] }).success).toBe(false);
    expect(v.safeParse(UserRolesBody, { roles: ["root"] }).success).toBe(false);
  });
});
