/**
 * Production latency, measured (decision 091): a page's first byte and complete document with every D1
 * round trip slowed by `X-Debug-D1-Delay` (a database in another region), and how many round trips stood
 * before the first byte and in all. The counts come from the worker's development meter: the response's
 * `X-Debug-D1-Before-First-Byte` header (the sequential round trips before the headers, hence the first
 * byte, went out) and `GET /api/dev/d1/<X-Debug-D1-Id>` once the body has ended (round trips, sequential
 * depth and writes of the whole request). Samples are sequential, taken in turn; medians are reported.
 */
import { budgets } from "./budgets.ts";

/**
 * The delays measured (ms per round trip): none, a neighbouring region, and the goals' (budgets.json
 * `latency`, another continent).
 */
const D1_DELAYS_MS = [...new Set([0, 50, budgets.latency.d1DelayMs])].sort((a, b) => a - b);

export interface LatencyTarget {
  path: string;
  headers: Record<string, string>;
}

export interface LatencyFigures {
  path: string;
  delayMs: number;
  status: number;
  /** Medians over the samples. */
  firstByteMs: number;
  completeMs: number;
  /** Sequential round trips before the first byte (the header). */
  sequentialBeforeFirstByte: number;
  /** Round trips of the whole request, their sequential depth and the writes among them. */
  roundTrips: number;
  sequential: number;
  writes: number;
  sessionReads: number;
  apiCalls: string[];
  /** The last sample's round trips in order, each with its sequential depth: where the chain is. */
  trips: { sql: string; depth: number }[];
}

interface FinalCounts {
  roundTrips: number;
  writes: number;
  sequential: number;
  sessionReads: number;
  apiCalls: string[];
  trips: { sql: string; depth: number }[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function sample(url: string, target: LatencyTarget, delayMs: number) {
  const headers = { ...target.headers, "accept-encoding": "identity", "x-debug-d1-delay": String(delayMs) };
  const start = performance.now();
  const res = await fetch(`${url}${target.path}`, { headers, redirect: "manual" });
  const reader = res.body!.getReader();
  let firstByte: number | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (value?.length && firstByte === undefined) firstByte = performance.now() - start;
    if (done) break;
  }
  const complete = performance.now() - start;
  const id = res.headers.get("x-debug-d1-id");
  if (!id) throw new Error(`${target.path} has no X-Debug-D1-Id: is the server in development, asked from loopback?`);
  const counts = (await (await fetch(`${url}/api/dev/d1/${id}`)).json()) as FinalCounts;
  return {
    status: res.status,
    firstByte: firstByte ?? complete,
    complete,
    beforeFirstByte: Number(res.headers.get("x-debug-d1-before-first-byte")),
    counts,
  };
}

/** Each target at each delay: `samples` sequential requests (after one warm-up), in turn. */
export async function measureLatency<K extends string>(
  url: string,
  targets: Record<K, LatencyTarget>,
  samples: number,
): Promise<Record<K, LatencyFigures[]>> {
  const result = {} as Record<K, LatencyFigures[]>;
  for (const name of Object.keys(targets) as K[]) {
    result[name] = [];
    const target = targets[name];
    for (const delayMs of D1_DELAYS_MS) {
      await sample(url, target, delayMs);
      const taken = [];
      for (let i = 0; i < samples; i++) taken.push(await sample(url, target, delayMs));
      const last = taken.at(-1)!;
      result[name].push({
        path: target.path,
        delayMs,
        status: last.status,
        firstByteMs: median(taken.map((t) => t.firstByte)),
        completeMs: median(taken.map((t) => t.complete)),
        sequentialBeforeFirstByte: median(taken.map((t) => t.beforeFirstByte)),
        roundTrips: median(taken.map((t) => t.counts.roundTrips)),
        sequential: median(taken.map((t) => t.counts.sequential)),
        writes: median(taken.map((t) => t.counts.writes)),
        sessionReads: median(taken.map((t) => t.counts.sessionReads)),
        apiCalls: last.counts.apiCalls,
        trips: last.counts.trips,
      });
    }
  }
  return result;
}

/** The goals' verdicts at the budget's delay: one line per page and goal, and the misses. */
export function latencyVerdicts(figures: Record<string, LatencyFigures[]>): { lines: string[]; misses: string[] } {
  const { d1DelayMs: delayMs, firstByte, complete } = budgets.latency;
  const firstByteMax = firstByte.roundTrips * delayMs + firstByte.plusMs;
  const completeMax = complete.roundTrips * delayMs + complete.plusMs;
  const lines: string[] = [];
  const misses: string[] = [];
  for (const [name, rows] of Object.entries(figures)) {
    const row = rows.find((r) => r.delayMs === delayMs);
    if (!row) continue;
    const checks = [
      ["first byte", row.firstByteMs, firstByteMax],
      ["complete document", row.completeMs, completeMax],
    ] as const;
    for (const [what, ms, max] of checks) {
      const pass = ms <= max;
      const line = `${pass ? "pass" : "FAIL"}  ${name}: ${what} ${ms.toFixed(0)} ms ${pass ? "≤" : ">"} ${max} ms at ${delayMs} ms per round trip (${row.sequentialBeforeFirstByte} sequential before the first byte, ${row.sequential} in all)`;
      lines.push(line);
      if (!pass) misses.push(`latency: ${line.slice(6)}`);
    }
  }
  return { lines, misses };
}
