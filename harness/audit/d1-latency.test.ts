import { describe, expect, it } from "vitest";
import { budgets } from "./budgets.ts";
import { type LatencyFigures, latencyVerdicts } from "./d1-latency.ts";

const { d1DelayMs, firstByte, complete } = budgets.latency;
const firstByteMax = firstByte.roundTrips * d1DelayMs + firstByte.plusMs;
const completeMax = complete.roundTrips * d1DelayMs + complete.plusMs;

const row = (delayMs: number, firstByteMs: number, completeMs: number): LatencyFigures => ({
  path: "/search/",
  delayMs,
  status: 200,
  firstByteMs,
  completeMs,
  sequentialBeforeFirstByte: 1,
  roundTrips: 3,
  sequential: 1,
  writes: 0,
  sessionReads: 1,
  apiCalls: [],
  trips: [],
});

describe("latencyVerdicts (budgets.json `latency`)", () => {
  it("judges each page at the budget's delay only, by its round trips and milliseconds", () => {
    const { lines, misses } = latencyVerdicts({
      "search (guest)": [row(0, 900, 900), row(d1DelayMs, firstByteMax, completeMax)],
      "detail (guest)": [row(d1DelayMs, firstByteMax + 1, completeMax + 1)],
    });
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      new RegExp(`^pass  search \\(guest\\): first byte ${firstByteMax} ms ≤ ${firstByteMax} ms`),
    );
    expect(lines[1]).toMatch(/^pass {2}search \(guest\): complete document/);
    expect(misses).toEqual([
      `latency: detail (guest): first byte ${firstByteMax + 1} ms > ${firstByteMax} ms at ${d1DelayMs} ms per round trip (1 sequential before the first byte, 1 in all)`,
      `latency: detail (guest): complete document ${completeMax + 1} ms > ${completeMax} ms at ${d1DelayMs} ms per round trip (1 sequential before the first byte, 1 in all)`,
    ]);
  });
});
