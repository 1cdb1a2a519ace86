import { expect, it } from "vitest";
import { stylesheet } from "./inline-styles.ts";

const ORIGIN = "https://kvadrat.test";

/** An ASSETS binding answering from `answers` in turn, counting its reads. */
function assets(answers: (() => Response)[]) {
  const reads: string[] = [];
  return {
    reads,
    env: {
      ASSETS: {
        fetch: async (url: URL) => {
          reads.push(url.pathname);
          return answers[Math.min(reads.length - 1, answers.length - 1)]!();
        },
      } as unknown as Fetcher,
    },
  };
}

it("keeps a stylesheet's text, not a read another request may still wait on", async () => {
  const { env, reads } = assets([() => new Response("a{color:red}")]);
  const path = "/assets/kept-a.css";
  // Two requests missing at once each read: neither waits on the other's I/O.
  expect(await Promise.all([stylesheet(env, ORIGIN, path), stylesheet(env, ORIGIN, path)])).toEqual([
    "a{color:red}",
    "a{color:red}",
  ]);
  expect(reads).toEqual([path, path]);
  // Once read, kept for the isolate.
  expect(await stylesheet(env, ORIGIN, path)).toBe("a{color:red}");
  expect(reads).toHaveLength(2);
});

it("does not keep a failed read, and keeps a stylesheet too large or unsafe to inline as linked", async () => {
  const failing = assets([
    () => new Response("gone", { status: 500 }),
    () => {
      throw new Error("network");
    },
    () => new Response("b{color:blue}"),
  ]);
  const path = "/assets/kept-b.css";
  expect(await stylesheet(failing.env, ORIGIN, path)).toBeNull();
  expect(await stylesheet(failing.env, ORIGIN, path)).toBeNull();
  expect(await stylesheet(failing.env, ORIGIN, path)).toBe("b{color:blue}");
  expect(failing.reads).toHaveLength(3);

  const unsafe = assets([() => new Response("c{content:'</style>'}"), () => new Response("x".repeat(20 * 1024))]);
  expect(await stylesheet(unsafe.env, ORIGIN, "/assets/kept-c.css")).toBeNull();
  expect(await stylesheet(unsafe.env, ORIGIN, "/assets/kept-c.css")).toBeNull();
  expect(await stylesheet(unsafe.env, ORIGIN, "/assets/kept-d.css")).toBeNull();
  expect(unsafe.reads).toEqual(["/assets/kept-c.css", "/assets/kept-d.css"]);
});
