import { describe, expect, it } from "vitest";
import { noticeForStatus } from "./failure-notice.ts";

describe("noticeForStatus (product §8)", () => {
  it("maps 401, 403 and 404 to their notices", () => {
    expect(noticeForStatus(401, undefined, false)?.textId).toBe("notice.unauthorized");
    expect(noticeForStatus(403, undefined, false)?.textId).toBe("notice.forbidden");
    expect(noticeForStatus(404, undefined, false)?.textId).toBe("notice.notFound");
  });
  it("shows the server message on 500 only when error logging is enabled", () => {
    expect(noticeForStatus(500, "DB down", true)).toEqual({
      textId: "notice.serverErrorDetailed",
      values: { message: "DB down" },
    });
    expect(noticeForStatus(500, "DB down", false)?.textId).toBe("notice.serverError");
  });
  it.each([400, 402, 409, 422, 429, 502, 503])("raises no notice for %i", (status) => {
    expect(noticeForStatus(status, "x", true)).toBeNull();
  });
});
