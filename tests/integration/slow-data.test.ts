/**
 * Slow data (decision 028), with the production deadlines: an API slower than
 * CRITICAL_DATA_TIMEOUT_MS costs a streamed page only the sections it feeds (their fallback, the document
 * finished), and a page whose own data it is gets the 503 screen before anything is sent. The API is
 * slowed with the development knobs `X-Debug-Api-Delay` (and `X-Debug-Api-Delay-Path`, one endpoint).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import { CRITICAL_DATA_TIMEOUT_MS, STREAM_TIMEOUT_MS } from "#shared/constants.ts";
import { BOT_UA, BROWSER_UA, heading, ORIGIN } from "#tests/fixtures/requests.ts";

/** Past the page data deadline, short of React Router's stream timeout. */
const SLOW_MS = 5_000;
/** Leeway for the timers of a busy machine. */
const SLACK_MS = 250;

interface Timed {
  status: number;
  /** When the status and headers came (ms after the request). */
  headersAt: number;
  /** Each chunk of the body and when it came. */
  chunks: { at: number; text: string }[];
  /** When the body ended. */
  endedAt: number;
  body: string;
}

/** A request with the API slowed, its answer read chunk by chunk with the time of each. */
async function slow(
  path: string,
  { onlyPath, userAgent = BROWSER_UA }: { onlyPath?: string; userAgent?: string } = {},
) {
  const start = Date.now();
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: {
      "user-agent": userAgent,
      "x-debug-api-delay": String(SLOW_MS),
      ...(onlyPath ? { "x-debug-api-delay-path": onlyPath } : {}),
    },
  });
  const headersAt = Date.now() - start;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: Timed["chunks"] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push({ at: Date.now() - start, text: decoder.decode(value, { stream: true }) });
  }
  const timed: Timed = {
    status: res.status,
    headersAt,
    chunks,
    endedAt: Date.now() - start,
    body: chunks.map((c) => c.text).join(""),
  };
  return timed;
}

/** What came before the deadline. */
const sentBefore = (answer: Timed, ms: number) =>
  answer.chunks
    .filter((c) => c.at < ms)
    .map((c) => c.text)
    .join("");

/** A streamed document that ended well: closed, no section left to the browser (React's `$RX`), no error screen. */
function expectFinished(answer: Timed, unavailable: string) {
  expect(answer.body.trimEnd().endsWith("</html>")).toBe(true);
  expect(answer.body).not.toContain("$RX(");
  expect(answer.body).not.toContain("Server Timeout");
  // The screen's heading (its text also travels in the page's messages, so look for the element).
  expect(shown(answer.body, unavailable)).toBe(0);
  // Settled by the page's own deadlines, not cut by the stream timeout.
  expect(answer.endedAt).toBeLessThan(STREAM_TIMEOUT_MS);
}

/** How many elements show this text (the text alone also travels in the page's messages). */
const shown = (html: string, text: string) => html.split(`>${text}</`).length - 1;

describe("slow secondary data", { timeout: 20_000 }, () => {
  it("home: the shell streams at once, every section says it could not be loaded, the document ends", async () => {
    const answer = await slow("/sr/");
    expect(answer.status).toBe(200);
    expect(answer.headersAt).toBeLessThan(CRITICAL_DATA_TIMEOUT_MS);
    const shell = sentBefore(answer, CRITICAL_DATA_TIMEOUT_MS);
    expect(shell).toMatch(/<header[^>]*>/);
    expect(shell).toContain(sr["page.home.heading"]);
    expect(shown(shell, sr["home.sectionUnavailable"])).toBe(0);
    // Promoted, newest, advantages, cities, articles, questions: each its own fallback, in the page's language.
    expect(shown(answer.body, sr["home.sectionUnavailable"])).toBe(6);
    expectFinished(answer, sr["error.unavailable.heading"]);
  });

  it("home for a crawler: the same fallbacks in a whole document, status 200", async () => {
    const answer = await slow("/", { userAgent: BOT_UA });
    expect(answer.status).toBe(200);
    expect(shown(answer.body, en["home.sectionUnavailable"])).toBe(6);
    expectFinished(answer, en["error.unavailable.heading"]);
  });

  it("listing detail: the listing streams, similar listings say they could not be loaded", async () => {
    const row = await env.DB.prepare(
      `SELECT l.id, l.deal, l.property_type, c.slug, l.title FROM listings l JOIN cities c ON c.id = l.city_id
       WHERE l.status = 'active' AND l.lang = 'en' ORDER BY l.id LIMIT 1`,
    ).first<{ id: number; deal: string; property_type: string; slug: string; title: string }>();
    const path = `/${row!.deal === "sale" ? "buy" : "rent"}/${row!.property_type}/${row!.slug}/${row!.id}/`;
    const answer = await slow(path, { onlyPath: "/api/realty/search" });
    expect(answer.status).toBe(200);
    const shell = sentBefore(answer, CRITICAL_DATA_TIMEOUT_MS);
    expect(heading(shell)).toBe(row!.title);
    expect(shell).toContain('data-testid="similar-skeleton"');
    expect(shown(answer.body, en["detail.similar.unavailable"])).toBe(1);
    expect(answer.body).not.toContain('data-testid="similar-listings"');
    expectFinished(answer, en["error.unavailable.heading"]);
  });

  it("search with no results: wider searches are offered without their counts, the document ends", async () => {
    const answer = await slow("/ru/search/?city=beograd&price_max=1", { onlyPath: "/api/realty/total" });
    expect(answer.status).toBe(200);
    expect(shown(sentBefore(answer, CRITICAL_DATA_TIMEOUT_MS), ru["search.empty.title"])).toBe(1);
    expect(answer.body).toMatch(/href="\/ru\/search\/\?city=beograd"[^>]*>[^<]+<\/a><\/li>/);
    expect(answer.body).toMatch(/href="\/ru\/search\/"[^>]*>Все объявления<\/a>/);
    expectFinished(answer, ru["error.unavailable.heading"]);
  });
});

describe("slow critical data", { timeout: 20_000 }, () => {
  it("a list page answers 503 with its translated screen at the deadline, nothing sent before", async () => {
    const answer = await slow("/ru/buy/apartment/beograd/");
    expect(answer.status).toBe(503);
    // The status is decided before a byte leaves, at the deadline rather than when the API would answer.
    expect(answer.headersAt).toBeGreaterThanOrEqual(CRITICAL_DATA_TIMEOUT_MS - SLACK_MS);
    expect(answer.headersAt).toBeLessThan(SLOW_MS);
    expect(answer.chunks[0]!.at).toBeGreaterThanOrEqual(answer.headersAt);
    expect(heading(answer.body)).toBe(ru["error.unavailable.heading"]);
    expect(answer.body.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("a listing whose own data is slow answers 503 too", async () => {
    const row = await env.DB.prepare("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 1").first<{
      id: number;
    }>();
    const answer = await slow(`/buy/apartment/beograd/${row!.id}/`, { onlyPath: `/api/realty/${row!.id}` });
    expect(answer.status).toBe(503);
    expect(heading(answer.body)).toBe(en["error.unavailable.heading"]);
  });
});

describe("client navigations (.data)", { timeout: 20_000 }, () => {
  let detail: string;
  beforeAll(async () => {
    const row = await env.DB.prepare(
      `SELECT l.id, l.deal, l.property_type, c.slug FROM listings l JOIN cities c ON c.id = l.city_id
       WHERE l.status = 'active' ORDER BY l.id LIMIT 1`,
    ).first<{ id: number; deal: string; property_type: string; slug: string }>();
    detail = `/${row!.deal === "sale" ? "buy" : "rent"}/${row!.property_type}/${row!.slug}/${row!.id}/`;
  });

  it("secondary data settles as unavailable (null) and the data stream ends before the stream timeout", async () => {
    const answer = await slow(`${detail}_.data`, { onlyPath: "/api/realty/search" });
    expect(answer.status).toBe(200);
    expect(answer.headersAt).toBeLessThan(CRITICAL_DATA_TIMEOUT_MS);
    // The similar listings' promise, sent as a later line of the stream: resolved to null (-5 in turbo-stream).
    expect(answer.body).toMatch(/\nP\d+:-5\n?$/);
    expect(answer.body).not.toContain("Server Timeout");
    expect(answer.endedAt).toBeLessThan(STREAM_TIMEOUT_MS);
  });

  it("critical data past the deadline answers 503 with the error for the route's error screen", async () => {
    const answer = await slow("/buy/apartment/beograd/_.data");
    expect(answer.status).toBe(503);
    expect(answer.headersAt).toBeGreaterThanOrEqual(CRITICAL_DATA_TIMEOUT_MS - SLACK_MS);
    expect(answer.headersAt).toBeLessThan(SLOW_MS);
    expect(answer.body).toContain('["ErrorResponse"');
    expect(answer.body).toContain("API unavailable");
  });
});
