import { describe, expect, it, vi } from "vitest";
import { type AlertRequest, alertForStatus, createApiClient } from "./api-client.ts";

describe("alertForStatus (SPEC §8)", () => {
  it("maps 401, 403 and 404 to their alerts", () => {
    expect(alertForStatus(401, undefined, false)?.messageId).toBe("alert.unauthorized");
    expect(alertForStatus(403, undefined, false)?.messageId).toBe("alert.forbidden");
    expect(alertForStatus(404, undefined, false)?.messageId).toBe("alert.notFound");
  });
  it("shows the server message on 500 only when error logging is enabled", () => {
    expect(alertForStatus(500, "DB down", true)).toEqual({
      type: "error",
      messageId: "alert.serverErrorDetailed",
      values: { message: "DB down" },
    });
    expect(alertForStatus(500, "DB down", false)?.messageId).toBe("alert.serverError");
  });
  it.each([400, 402, 409, 422, 429, 502, 503])("raises no alert for %i", (status) => {
    expect(alertForStatus(status, "x", true)).toBeNull();
  });
});

describe("createApiClient", () => {
  function client(respond: (request: Request) => Response | Promise<Response>, errorLogging = false) {
    const alerts: AlertRequest[] = [];
    const requests: Request[] = [];
    const api = createApiClient({
      baseUrl: "https://kvadrat.test",
      locale: "sr",
      accessToken: "token-1",
      errorLogging,
      onAlert: (alert) => alerts.push(alert),
      fetch: async (input, init) => {
        const request = new Request(input, init);
        requests.push(request);
        return respond(request);
      },
    });
    return { api, alerts, requests };
  }

  it("sends X-Requested-With, the bearer token, the locale and the query", async () => {
    const { api, requests } = client(() => Response.json({ items: [] }));
    const result = await api.get("/api/realty/search", { type: [1, 4], city: "beograd", q: "", page: 2 });
    expect(result).toEqual({ ok: true, status: 200, data: { items: [] } });
    const request = requests[0]!;
    expect(request.headers.get("x-requested-with")).toBe("XMLHttpRequest");
    expect(request.headers.get("authorization")).toBe("Bearer token-1");
    expect(request.headers.get("accept-language")).toBe("sr");
    expect(request.url).toBe("https://kvadrat.test/api/realty/search?type=1&type=4&city=beograd&page=2");
  });

  it("posts JSON", async () => {
    const { api, requests } = client(() => Response.json({ data: { ok: 1 } }));
    await api.post("/api/feedback/question", { text: "Hi" });
    expect(requests[0]!.method).toBe("POST");
    expect(requests[0]!.headers.get("content-type")).toBe("application/json");
    expect(await requests[0]!.json()).toEqual({ text: "Hi" });
  });

  it.each([
    [401, "alert.unauthorized"],
    [403, "alert.forbidden"],
    [404, "alert.notFound"],
    [500, "alert.serverError"],
  ])("a %i raises %s and returns ok: false with the error", async (status, messageId) => {
    const { api, alerts } = client(() =>
      Response.json({ error: { code: "x", message: "Boom" } }, { status }),
    );
    const result = await api.get("/api/x");
    expect(result).toEqual({ ok: false, status, error: { code: "x", message: "Boom" } });
    expect(alerts).toEqual([expect.objectContaining({ type: "error", messageId })]);
  });

  it("shows the server's message on 500 with error logging", async () => {
    const { api, alerts } = client(() => Response.json({ error: { code: "x", message: "Boom" } }, { status: 500 }), true);
    await api.get("/api/x");
    expect(alerts[0]).toEqual({ type: "error", messageId: "alert.serverErrorDetailed", values: { message: "Boom" } });
  });

  it("other statuses: ok false, field errors kept, no alert", async () => {
    const { api, alerts } = client(() =>
      Response.json({ error: { code: "invalid_input", message: "Bad", fields: { price: "too low" } } }, { status: 400 }),
    );
    const result = await api.get("/api/x");
    expect(result).toMatchObject({ ok: false, status: 400, error: { fields: { price: "too low" } } });
    expect(alerts).toEqual([]);
  });

  it("a network failure is ok: false with no status, no content and no alert", async () => {
    const onAlert = vi.fn();
    const api = createApiClient({
      baseUrl: "https://kvadrat.test",
      onAlert,
      fetch: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    expect(await api.get("/api/cities")).toEqual({ ok: false });
    expect(onAlert).not.toHaveBeenCalled();
  });
});
