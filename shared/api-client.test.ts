import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "./api-client.ts";

describe("createApiClient", () => {
  function client(respond: (request: Request) => Response | Promise<Response>) {
    const failures: { status: number; serverMessage?: string }[] = [];
    const requests: Request[] = [];
    const api = createApiClient({
      baseUrl: "https://kvadrat.test",
      locale: "sr",
      accessToken: "token-1",
      onFailure: (failure) => failures.push(failure),
      fetch: async (input, init) => {
        const request = new Request(input, init);
        requests.push(request);
        return respond(request);
      },
    });
    return { api, failures, requests };
  }

  it("sends X-Requested-With, the bearer token, the locale and the query", async () => {
    const { api, requests, failures } = client(() => Response.json({ items: [] }));
    const result = await api.get("/api/realty/search", { type: [1, 4], city: "beograd", q: "", page: 2 });
    expect(result).toEqual({ ok: true, status: 200, data: { items: [] } });
    const request = requests[0]!;
    expect(request.headers.get("x-requested-with")).toBe("XMLHttpRequest");
    expect(request.headers.get("authorization")).toBe("Bearer token-1");
    expect(request.headers.get("accept-language")).toBe("sr");
    expect(request.url).toBe("https://kvadrat.test/api/realty/search?type=1&type=4&city=beograd&page=2");
    expect(failures).toEqual([]);
  });

  it("posts JSON", async () => {
    const { api, requests } = client(() => Response.json({ data: { ok: 1 } }));
    await api.post("/api/feedback/question", { text: "Hi" });
    expect(requests[0]!.method).toBe("POST");
    expect(requests[0]!.headers.get("content-type")).toBe("application/json");
    expect(await requests[0]!.json()).toEqual({ text: "Hi" });
  });

  it.each([400, 401, 403, 404, 429, 500, 503])(
    "a %i is ok: false with the error, reported with the API's message",
    async (status) => {
      const { api, failures } = client(() =>
        Response.json({ error: { code: "x", message: "Boom", fields: { price: "validation.number" } } }, { status }),
      );
      const result = await api.get("/api/x");
      expect(result).toEqual({
        ok: false,
        status,
        error: { code: "x", message: "Boom", fields: { price: "validation.number" } },
      });
      expect(failures).toEqual([{ status, serverMessage: "Boom" }]);
    },
  );

  it("a network failure is ok: false with no status, no content and nothing reported", async () => {
    const onFailure = vi.fn();
    const api = createApiClient({
      baseUrl: "https://kvadrat.test",
      onFailure,
      fetch: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    expect(await api.get("/api/cities")).toEqual({ ok: false });
    expect(onFailure).not.toHaveBeenCalled();
  });
});
