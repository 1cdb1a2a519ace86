/**
 * Decision 027: a client's mistake is a 4xx with the page's translated screen or the API's
 * JSON error, never a 500; query parameters a page does not read leave no trace; preview paints are
 * limited per address.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  PREVIEW_PAINTS_PER_ADDRESS,
  REQUEST_BODY_MAX_BYTES,
  REQUEST_HEADERS_MAX_BYTES,
  REQUEST_URL_MAX_BYTES,
} from "#shared/constants.ts";
import { browserInit, heading, htmlLang, ORIGIN } from "#tests/fixtures/requests.ts";
import { uniqueIp } from "#tests/integration/auth-fixtures.ts";

type Locale = "en" | "ru" | "sr";
const SCREEN = {
  en: {
    unavailable: "Service is temporarily unavailable",
    notFound: "Page not found…",
    code: (s: number) => `${s} error`,
  },
  ru: {
    unavailable: "Сервис временно недоступен",
    notFound: "Страница не найдена…",
    code: (s: number) => `Ошибка ${s}`,
  },
  sr: {
    unavailable: "Servis je privremeno nedostupan",
    notFound: "Stranica nije pronađena…",
    code: (s: number) => `Greška ${s}`,
  },
} as const;
const prefix = (locale: Locale) => (locale === "en" ? "" : `/${locale}`);

/** A page's answer: the status, and the translated error screen with the site's frame around it. */
async function expectScreen(res: Response, status: number, locale: Locale) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await res.text();
  expect(htmlLang(html)).toBe(locale);
  expect(heading(html)).toBe(status === 404 ? SCREEN[locale].notFound : SCREEN[locale].unavailable);
  if (status !== 404) expect(html).toContain(SCREEN[locale].code(status));
  expect(html).toMatch(/<header[^>]*>/);
  expect(html).toMatch(/<footer[^>]*>/);
  expect(html).not.toMatch(/URIError|at \w+ \(/);
  return html;
}

/** The API's answer: the status and its JSON error naming the part of the request at fault. */
async function expectApiError(res: Response, status: number, code: string, field: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toBeTruthy();
  expect(Object.keys(body.error.fields ?? {})).toEqual(field ? [field] : []);
}

interface Init {
  method?: string;
  headers?: Record<string, string>;
  body?: BodyInit | null;
}
/** With a streamed body the request has no Content-Length (workerd sends it chunked). */
const withStream = (init: Init): RequestInit =>
  init.body instanceof ReadableStream ? ({ ...init, duplex: "half" } as RequestInit) : init;
const page = (path: string, init: Init = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, browserInit({ ...withStream(init), headers: { origin: ORIGIN, ...init.headers } }));
const api = (path: string, init: Init = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    ...withStream(init),
    headers: { accept: "application/json", origin: ORIGIN, "x-requested-with": "XMLHttpRequest", ...init.headers },
  });

/** A body of `bytes` sent as a stream: the request has no Content-Length. */
function streamed(bytes: number, fill = "a"): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(fill.repeat(64 * 1024));
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const part = chunk.subarray(0, Math.min(left, chunk.length));
      left -= part.length;
      controller.enqueue(part);
    },
  });
}
const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const overLimitForm = () => `question=${"a".repeat(REQUEST_BODY_MAX_BYTES)}`;
const overLimitJson = () => JSON.stringify({ question: "a".repeat(REQUEST_BODY_MAX_BYTES) });

describe("415: a body of a type the endpoint does not take", () => {
  it.each([
    ["en", "text/plain", "question=hi"],
    ["ru", JSON_TYPE, '{"question":"hi"}'],
    ["sr", "application/xml", "<q/>"],
  ] as const)("a page action posted as %s/%s is the translated 415 screen", async (locale, type, body) => {
    await expectScreen(
      await page(`${prefix(locale)}/about/`, { method: "POST", headers: { "content-type": type }, body }),
      415,
      locale,
    );
  });

  it("a JSON endpoint given text/plain, a form or no type is the API's 415", async () => {
    for (const type of ["text/plain", FORM, ""]) {
      const res = await api("/api/feedback/question", {
        method: "POST",
        headers: type ? { "content-type": type } : {},
        body: "question=hi",
      });
      await expectApiError(res, 415, "unsupported_media_type", "content-type");
    }
  });

  it("a router data post of another type is a 415 too", async () => {
    const res = await page("/about/_.data", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" });
    expect(res.status).toBe(415);
  });
});

describe("403: a form post from another site", () => {
  it.each(["en", "ru", "sr"] as const)(
    "a page action posted from another origin is the %s 403 screen",
    async (locale) => {
      const res = await page(`${prefix(locale)}/about/`, {
        method: "POST",
        headers: { "content-type": FORM, origin: "https://evil.example" },
        body: "question=hi",
      });
      await expectScreen(res, 403, locale);
    },
  );

  it("a router data post from another origin is a 403 too", async () => {
    const cross = await page("/about/_.data", {
      method: "POST",
      headers: { "content-type": FORM, origin: "https://evil.example" },
      body: "question=hi",
    });
    expect(cross.status).toBe(403);
    await cross.body?.cancel();
  });
});

describe("400: a missing or unparsable body", () => {
  it("a page action posted with no body is the 400 screen", async () => {
    await expectScreen(await page("/about/", { method: "POST" }), 400, "en");
  });

  it("a page action posted as a broken multipart form is the 400 screen", async () => {
    const headers = { "content-type": "multipart/form-data; boundary=xyz" };
    await expectScreen(await page("/ru/favourites/", { method: "POST", headers, body: "garbage" }), 400, "ru");
  });

  it("the API's 400 for malformed or empty JSON, naming the body", async () => {
    for (const body of ['{"question":', ""]) {
      const res = await api("/api/feedback/question", { method: "POST", headers: { "content-type": JSON_TYPE }, body });
      await expectApiError(res, 400, "invalid_input", "body");
    }
  });
});

describe("405 with Allow: a method the page does not take", () => {
  it.each([
    ["PUT", "/about/", "GET, HEAD, POST", "en"],
    ["DELETE", "/sr/about/", "GET, HEAD, POST", "sr"],
    ["PATCH", "/ru/privacy-policy/", "GET, HEAD", "ru"],
    // A list page takes posts: "Save search" (decision 041).
    ["PUT", "/buy/apartment/beograd/", "GET, HEAD, POST", "en"],
  ] as const)("%s %s", async (method, path, allow, locale) => {
    const res = await page(path, { method, headers: { "content-type": FORM }, body: "x=1" });
    expect(res.headers.get("allow")).toBe(allow);
    await expectScreen(res, 405, locale);
  });

  it.each([
    ["PUT", "/about/_.data", "GET, HEAD, POST"],
    ["DELETE", "/about/_.data", "GET, HEAD, POST"],
    ["PATCH", "/_root.data", "GET, HEAD"],
    ["PUT", "/sr/faq/_.data", "GET, HEAD, POST"],
  ])("a router data request: %s %s", async (method, path, allow) => {
    const res = await page(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
  });

  it.each([
    ["POST", "/api/cities", "GET, HEAD"],
    ["DELETE", "/api/realty/5", "GET, HEAD"],
    ["GET", "/api/auth/logout", "POST"],
    ["PUT", "/api/user/options", "GET, HEAD"],
  ])("the API: %s %s, in its JSON error shape", async (method, path, allow) => {
    const res = await SELF.fetch(`${ORIGIN}${path}`, { method, headers: { origin: ORIGIN } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(await res.json()).toMatchObject({ error: { code: "method_not_allowed" } });
  });
});

describe("malformed percent-encoding is a 404 or 400, never a URIError 500", () => {
  it.each([
    ["/buy/%FF/", "en"],
    ["/rent/%E0%A4%A/", "en"],
    ["/sr/%E0%A4%A/", "sr"],
    ["/ru/buy/apartment/beograd/%FF/", "ru"],
    ["/media/%C0%AF/", "en"],
  ] as const)("%s is the 404 page", async (path, locale) => {
    await expectScreen(await page(path), 404, locale);
  });

  it.each([
    "/search/?q=%FF",
    "/buy/apartment/?price_min=%E0%A4%A&%FF=1",
    "/?where=%E0%A4%A&type=4",
    "/media/?page=%FF",
  ])("in the query: %s", async (path) => {
    const res = await page(path);
    await res.arrayBuffer();
    expect([200, 301, 302, 404]).toContain(res.status);
  });

  it("in the API's path and query", async () => {
    await expectApiError(await api("/api/realty/%FF"), 400, "invalid_input", "id");
    const res = await api("/api/realty/search?q=%FF&city=%E0%A4%A");
    await res.arrayBuffer();
    expect(res.status).toBeLessThan(500);
  });
});

describe("413: a body over the limit, before it is parsed", () => {
  it("a page form over the limit, with Content-Length", async () => {
    const res = await page("/about/", { method: "POST", headers: { "content-type": FORM }, body: overLimitForm() });
    await expectScreen(res, 413, "en");
  });

  it("a page form over the limit, streamed without Content-Length", async () => {
    const res = await page("/sr/about/", {
      method: "POST",
      headers: { "content-type": FORM },
      body: streamed(REQUEST_BODY_MAX_BYTES + 1),
    });
    await expectScreen(res, 413, "sr");
  });

  it("a page form just under the limit is read as a form (the action answers, not the limit)", async () => {
    const res = await page("/about/", {
      method: "POST",
      headers: { "content-type": FORM },
      body: streamed(REQUEST_BODY_MAX_BYTES - 1024, "b"),
    });
    await res.arrayBuffer();
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it("a JSON body over the limit, with and without Content-Length", async () => {
    const headers = { "content-type": JSON_TYPE };
    const sized = await api("/api/feedback/question", { method: "POST", headers, body: overLimitJson() });
    await expectApiError(sized, 413, "payload_too_large", "body");
    const stream = await api("/api/feedback/question", {
      method: "POST",
      headers,
      body: streamed(REQUEST_BODY_MAX_BYTES + 1),
    });
    await expectApiError(stream, 413, "payload_too_large", "body");
  });

  it("a JSON body under the limit still reaches validation", async () => {
    const res = await api("/api/feedback/question", {
      method: "POST",
      headers: { "content-type": JSON_TYPE },
      body: JSON.stringify({ question: "a".repeat(REQUEST_BODY_MAX_BYTES / 2) }),
    });
    expect(res.status).toBe(400);
  });
});

describe("414 and 431: absurd URLs and headers", () => {
  const longQuery = `?x=${"a".repeat(REQUEST_URL_MAX_BYTES)}`;
  const bigHeaders = { "x-filler": "a".repeat(REQUEST_HEADERS_MAX_BYTES) };

  it("a page URL over the limit is the 414 screen, which repeats none of it", async () => {
    const html = await expectScreen(await page(`/ru/about/${longQuery}`), 414, "ru");
    expect(html).not.toContain("aaaaaaaaaa");
    const path = await page(`/${"b".repeat(REQUEST_URL_MAX_BYTES)}/`);
    expect(await expectScreen(path, 414, "en")).not.toContain("bbbbbbbbbb");
  });

  it("a 64 KB query string is a small 414 page, not a megabyte", async () => {
    const res = await page(`/?${"utm=x&".repeat((64 * 1024) / 6)}`);
    const html = await expectScreen(res, 414, "en");
    expect(html.length).toBeLessThan(128 * 1024);
  });

  it("the API's 414", async () => {
    await expectApiError(await api(`/api/cities${longQuery}`), 414, "uri_too_long", "url");
  });

  it("headers over the limit are the 431 screen or the API's 431", async () => {
    await expectScreen(await page("/sr/faq/", { headers: bigHeaders }), 431, "sr");
    await expectApiError(await api("/api/cities", { headers: bigHeaders }), 431, "headers_too_large", "headers");
  });

  it("a URL and headers within the limits are served", async () => {
    const res = await page(`/about/?x=${"a".repeat(REQUEST_URL_MAX_BYTES / 2)}`, {
      headers: { "x-filler": "a".repeat(REQUEST_HEADERS_MAX_BYTES / 2) },
    });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
  });
});

describe("query parameters a page does not read leave no trace", () => {
  it("a junk query renders the clean page: no link, canonical or form repeats it", async () => {
    const clean = await (await page("/about/")).text();
    const res = await page("/about/?utm_source=JUNKMARK1&fbclid=JUNKMARK2&q=JUNKMARK3");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("JUNKMARK");
    // The address bar is cleaned before the router hydrates, the fragment kept.
    expect(html).toContain('history.replaceState(history.state,"","/about/"+location.hash)');
    expect(html).toContain('rel="canonical" href="https://kvadrat.test/about/"');
    const withoutScripts = (s: string) => s.replace(/<script[\s\S]*?<\/script>/g, "").replace(/nonce="[^"]*"/g, "");
    expect(withoutScripts(html)).toBe(withoutScripts(clean));
  });

  it("the parameters a page reads are kept, in their order", async () => {
    const res = await page("/buy/apartment/?rooms=2&utm_campaign=JUNKMARK&sort=price_asc");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("JUNKMARK");
    expect(html).toContain('history.replaceState(history.state,"","/buy/apartment/?rooms=2&sort=price_asc"');
    const about = await page("/sr/about/?gclid=JUNKMARK&auth=signin&via=email");
    expect(about.status).toBe(200);
    const html2 = await about.text();
    expect(html2).not.toContain("JUNKMARK");
    expect(html2).toContain('history.replaceState(history.state,"","/sr/about/?auth=signin&via=email"');
  });

  it("a page without junk carries no address script", async () => {
    const html = await (await page("/buy/apartment/?rooms=2")).text();
    expect(html).not.toContain("history.replaceState(history.state");
  });

  it("an 8 KB junk query gives the page its usual size", async () => {
    const clean = (await (await page("/")).text()).length;
    const junk = `/?${"utm_x=y&".repeat((REQUEST_URL_MAX_BYTES - 200) / 8)}`;
    const res = await page(junk);
    expect(res.status).toBe(200);
    expect(Math.abs((await res.text()).length - clean)).toBeLessThan(1024);
  });
});

describe("preview PNG paints are limited per address", () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 5);
  const png = (id: number, ip: string) =>
    SELF.fetch(`${ORIGIN}/images/listings/${id}.png`, {
      headers: { "cf-connecting-ip": ip, "x-debug-now": String(now) },
    });

  it(`answers 429 after ${PREVIEW_PAINTS_PER_ADDRESS} paints a window; kept pictures and other addresses are served`, async () => {
    const ip = uniqueIp();
    // A kept picture first, so the flood below has one to ask for again.
    const kept = await png(7, uniqueIp());
    expect(kept.status).toBe(200);
    await kept.arrayBuffer();
    // Ids with no picture are counted too: the count comes before the lookup.
    for (let i = 0; i < PREVIEW_PAINTS_PER_ADDRESS; i++) {
      const res = await png(800_000_000 + i, ip);
      await res.arrayBuffer();
      expect(res.status).toBe(404);
    }
    const started = Date.now();
    const refused = await png(8, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect(Date.now() - started).toBeLessThan(500);
    // What the edge keeps costs nothing and is still served; another address paints as usual.
    let again = await png(7, ip);
    for (let i = 0; i < 20 && again.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await png(7, ip);
    }
    expect(again.status).toBe(200);
    expect((await png(8, uniqueIp())).status).toBe(200);
  });
});
