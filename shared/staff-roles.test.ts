import { describe, expect, it } from "vitest";
import { hasRole } from "./staff-roles.ts";

describe("hasRole", () => {
  it("admin holds every role; others only their own", () => {
    expect(hasRole(["admin"], "editor")).toBe(true);
    expect(hasRole(["moderator"], "moderator")).toBe(true);
    expect(hasRole(["moderator", "editor"], "admin")).toBe(false);
    expect(hasRole([], "moderator")).toBe(false);
  });
});
