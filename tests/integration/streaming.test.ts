import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { BOT_UA, BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";

const DELAY_MS = 600;

/** Reads a streamed response, noting when each chunk arrived. */
async function readChunks(res: Response, start: number) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: { at: number; text: string }[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push({ at: Date.now() - start, text: decoder.decode(value, { stream: true }) });
  }
  return chunks;
}

it("sends the shell (head, header) before deferred loader data resolves", async () => {
  const start = Date.now();
  const res = await SELF.fetch(`${ORIGIN}/`, {
    headers: { "user-agent": BROWSER_UA, "x-debug-api-delay": String(DELAY_MS) },
  });
  expect(res.status).toBe(200);
  const chunks = await readChunks(res, start);
  // The shell may come in several chunks (the inlined stylesheets split it), all before the data.
  const shell = chunks
    .filter((c) => c.at < DELAY_MS)
    .map((c) => c.text)
    .join("");
  expect(shell).toContain("<head>");
  expect(shell).toMatch(/<style data-href="\/assets\/[^"]+\.css">/);
  expect(shell).toMatch(/<header[^>]*>/);
  expect(shell).not.toContain('data-testid="popular-cities"');

  const whole = chunks.map((c) => c.text).join("");
  const delayedAt = chunks.find((c) => c.text.includes('data-testid="popular-cities"'))?.at;
  expect(delayedAt).toBeGreaterThanOrEqual(DELAY_MS);
  expect(whole).toContain("Belgrade");
});

it("gives crawlers the fully resolved document", async () => {
  const res = await SELF.fetch(`${ORIGIN}/`, { headers: { "user-agent": BOT_UA, "x-debug-api-delay": "200" } });
  const chunks = await readChunks(res, Date.now());
  // The resolved list is in the HTML itself, not only in a streamed script, and arrives with the shell.
  const html = chunks.map((c) => c.text).join("");
  const list = /<ul data-testid="popular-cities"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  expect(list).toContain("Belgrade");
  expect(html).not.toContain(`aria-busy="true"`);
});

it("ignores the latency knob in production", async () => {
  // The test worker runs with ENVIRONMENT=development; production is covered by api-fetcher.test.ts.
  const res = await SELF.fetch(`${ORIGIN}/`, { headers: { "user-agent": BROWSER_UA, "x-debug-api-delay": "nope" } });
  expect(res.status).toBe(200);
});
