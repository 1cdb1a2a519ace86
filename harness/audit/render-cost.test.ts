import { describe, expect, it } from "vitest";
import { groupOf, summarize } from "./cpu-profile.ts";
import { mainThreadTasks, taskFigures } from "./long-tasks.ts";

const frame = (functionName: string, url = "", lineNumber = -1) => ({ functionName, url, lineNumber, columnNumber: 0 });

describe("summarize (a workerd CPU profile)", () => {
  // root → handler → render; handler → (idle) is not work. Samples every 100 µs.
  const profile = {
    nodes: [
      { id: 1, callFrame: frame("(root)"), children: [2, 5] },
      { id: 2, callFrame: frame("handler", "index.js", 10), children: [3] },
      { id: 3, callFrame: frame("render", "index.js", 20), children: [4] },
      { id: 4, callFrame: frame("handler", "index.js", 10) }, // recursion: counted once inclusively
      { id: 5, callFrame: frame("(idle)") },
    ],
    startTime: 0,
    endTime: 1000,
    samples: [2, 3, 3, 4, 5, 5, 2],
    timeDeltas: [0, 100, 100, 100, 100, 100, 100],
  };
  const locate = (f: { url: string; lineNumber: number }) =>
    f.url ? { source: f.lineNumber === 20 ? "node_modules/react-dom/server.js" : "worker/app.ts", line: 1 } : null;
  const result = summarize(profile, 2, 10, 10, locate);

  it("counts sampled time outside (idle), per request", () => {
    // Sample i lasts until sample i+1: handler 100+100(+0 for the last), render 200, nested handler 100.
    expect(result.cpuMsPerRequest).toBeCloseTo((100 + 200 + 100 + 0) / 1000 / 2);
  });
  it("folds self time by function and place", () => {
    expect(Object.fromEntries(result.top.map((i) => [i.name, i.selfMs]))).toEqual({ render: 0.1, handler: 0.1 });
    expect(result.top.find((i) => i.name === "render")!.where).toBe("node_modules/react-dom/server.js:1");
  });
  it("gives inclusive time without counting a recursive function twice", () => {
    const handler = result.inclusive.find((i) => i.name === "handler")!;
    expect(handler.selfMs).toBeCloseTo(0.2);
    expect(result.inclusive.find((i) => i.name === "render")!.selfMs).toBeCloseTo(0.15);
  });
  it("groups by the original source", () => {
    expect(result.groups).toEqual({ "app: worker/": 0.1, React: 0.1 });
    expect(groupOf(frame("(garbage collector)"), undefined)).toBe("garbage collection");
    expect(groupOf(frame("fetch"), undefined)).toBe("native: fetch");
    expect(groupOf(frame("x", "index.js"), "node_modules/react-router/dist/x.js")).toBe("React Router");
  });
});

describe("mainThreadTasks (a Chromium trace)", () => {
  const meta = (pid: number, tid: number, name: string) => ({
    name: "thread_name",
    ph: "M",
    pid,
    tid,
    ts: 0,
    args: { name },
  });
  const task = (tid: number, ts: number, ms: number) => ({ name: "RunTask", ph: "X", pid: 1, tid, ts, dur: ms * 1000 });
  const events = [
    meta(1, 10, "CrRendererMain"),
    meta(1, 11, "Compositor"),
    { name: "navigationStart", ph: "R", pid: 1, tid: 10, ts: 1_000, args: { data: { isLoadingMainFrame: true } } },
    task(10, 500, 80), // before the navigation: not this page's
    task(10, 2_000, 30),
    task(10, 40_000, 120),
    {
      name: "FunctionCall",
      ph: "X",
      pid: 1,
      tid: 10,
      ts: 41_000,
      dur: 90_000,
      args: { data: { url: "http://x/assets/app.js" } },
    },
    task(10, 200_000, 51),
    task(11, 3_000, 500), // another thread
  ];

  it("reads the navigated renderer's main thread from the navigation on, naming what ran in long tasks", () => {
    const tasks = mainThreadTasks(events);
    expect(tasks.map((t) => t.ms)).toEqual([30, 120, 51]);
    expect(tasks[1]!.what).toBe("FunctionCall app.js 90 ms");
  });
  it("names the JavaScript V8 sampled inside a long task, by self time", () => {
    const node = (id: number, functionName: string, url = "", lineNumber = -1) => ({
      id,
      callFrame: { functionName, url, lineNumber },
    });
    const profiled = [
      ...events,
      { name: "Profile", ph: "P", pid: 1, tid: 10, ts: 0, id: "0x1", args: { data: { startTime: 40_000 } } },
      {
        name: "ProfileChunk",
        ph: "P",
        pid: 1,
        tid: 12, // the profiler's own thread: the samples are the Profile's thread's
        ts: 0,
        id: "0x1",
        args: {
          data: {
            cpuProfile: {
              nodes: [
                node(1, "(root)"),
                node(2, "appendChild"),
                node(3, "start", "http://x/app.js", 4),
                node(4, "(idle)"),
              ],
              samples: [2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4],
            },
            // Ten samples inside the 120 ms task (40–160 ms), the last one after it.
            timeDeltas: [10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 60_000],
          },
        },
      },
    ];
    expect(mainThreadTasks(profiled)[1]!.what).toBe(
      "FunctionCall app.js 90 ms; JS: appendChild 84 ms, start app.js:5 36 ms",
    );
  });
  it("gives the longest task and the time over 50 ms", () => {
    expect(taskFigures(mainThreadTasks(events))).toEqual({ longestMs: 120, overMs: 71, longTasks: 2, busyMs: 201 });
  });
});
