import { afterAll, beforeAll, expect, it } from "vitest";
import { startVnuService, validateHtml } from "./vnu.ts";

/** Errors (an unknown element) and a warning (a trailing slash on a void element). */
const FAULTY = `<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>t</title></head><body><blink>x</blink></body></html>`;
const CLEAN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body><p>x</p></body></html>`;

let service: Awaited<ReturnType<typeof startVnuService>>;
beforeAll(async () => {
  service = await startVnuService();
}, 90_000);
afterAll(() => service?.stop());

it("finds the same errors and warnings through the running checker as in a java run of its own", async () => {
  const documents = { faulty: FAULTY, clean: CLEAN };
  const own = await validateHtml(documents);
  const served = await validateHtml(documents, service.url);
  const gist = (results: typeof own) =>
    Object.fromEntries(
      Object.entries(results).map(([name, { errors, warnings }]) => [
        name,
        { errors: errors.map((m) => m.message), warnings: warnings.map((m) => m.message) },
      ]),
    );
  expect(gist(served)).toEqual(gist(own));
  expect(own.faulty!.errors.map((m) => m.message)).toContain(
    "The “blink” element is a completely-unknown element that is not allowed anywhere in any HTML content.",
  );
  expect(own.faulty!.warnings).toHaveLength(1);
  expect(own.clean).toEqual({ errors: [], warnings: [] });
}, 90_000);
