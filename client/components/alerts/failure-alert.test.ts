import { describe, expect, it } from "vitest";
import { alertForStatus } from "./failure-alert.ts";

describe("alertForStatus (SPEC §8)", () => {
  it("maps 401, 403 and 404 to their alerts", () => {
    expect(alertForStatus(401, undefined, false)?.messageId).toBe("alert.unauthorized");
    expect(alertForStatus(403, undefined, false)?.messageId).toBe("alert.forbidden");
    expect(alertForStatus(404, undefined, false)?.messageId).toBe("alert.notFound");
  });
  it("shows the server message on 500 only when error logging is enabled", () => {
    expect(alertForStatus(500, "DB down", true)).toEqual({
      messageId: "alert.serverErrorDetailed",
      values: { message: "DB down" },
    });
    expect(alertForStatus(500, "DB down", false)?.messageId).toBe("alert.serverError");
  });
  it.each([400, 402, 409, 422, 429, 502, 503])("raises no alert for %i", (status) => {
    expect(alertForStatus(status, "x", true)).toBeNull();
  });
});
