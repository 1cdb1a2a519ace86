/**
 * The main thread during load (decision 045): each page is loaded in Chromium with the CPU slowed 4×
 * (DevTools' CPU throttling, `budgets.mainThread.cpuSlowdown`, as Lighthouse's mobile preset assumes) and a performance trace recorded
 * from the navigation until the page has hydrated and gone quiet; every task the renderer's main thread
 * ran is read from the trace. Reported per page: the longest task and the sum of the tasks' time over
 * 50 ms (what total blocking time adds up), over several loads.
 */
import { launch as launchChrome } from "chrome-launcher";
import { CHROMIUM_FLAGS, chromiumPath } from "../browser.ts";
import { Cdp } from "../cdp.ts";
import { budgets } from "./budgets.ts";
import type { AuditPage } from "./pages.ts";

/** What a traced load needs of a page: its name for the tables, its path (or a `data:` URL), its cookie. */
export type TracedPage = Pick<AuditPage, "name" | "path" | "cookie">;

/**
 * The browser's own floor: a document of a heading and a paragraph, no style, no script (marked
 * hydrated, so the load waits for nothing). Its first layout and paint in a fresh renderer at 4× are
 * themselves a task of 50–90 ms on this machine, so the pages' longest tasks are printed beside it.
 */
export const MINIMAL_DOCUMENT: TracedPage = {
  name: "floor: a minimal document",
  path: `data:text/html,${encodeURIComponent(
    '<!doctype html><html lang="en" data-hydrated><meta charset="utf-8"><meta name="viewport" ' +
      'content="width=device-width, initial-scale=1"><title>Minimal</title><h1>A heading</h1><p>A paragraph.</p>',
  )}`,
};

/** A task longer than this blocks input (the long-task threshold Lighthouse's TBT uses). */
const LONG_TASK_MS = 50;
const { cpuSlowdown: CPU_SLOWDOWN } = budgets.mainThread;

/** Lighthouse's mobile device (Moto G Power): the same viewport, so the same markup lays out. */
const MOBILE = {
  metrics: { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true },
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      frame?: string;
      url?: string;
      isLoadingMainFrame?: boolean;
      /** `Profile`: when V8's sampling began, µs. */
      startTime?: number;
      /** `ProfileChunk`: new nodes of the call tree, and the samples since the last chunk. */
      cpuProfile?: {
        nodes?: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

/** The JavaScript V8 sampled in the trace: each sample's thread, time (µs) and function. */
function jsSamples(events: TraceEvent[]): { thread: string; ts: number; fn: string }[] {
  const profiles = new Map<string, { thread: string; ts: number; nodes: Map<number, string> }>();
  const samples: { thread: string; ts: number; fn: string }[] = [];
  for (const e of events) {
    const data = e.args?.data;
    if (e.name === "Profile" && data?.startTime !== undefined)
      profiles.set(`${e.pid}:${e.id}`, { thread: `${e.pid}:${e.tid}`, ts: data.startTime, nodes: new Map() });
    if (e.name !== "ProfileChunk" || !data) continue;
    const profile = profiles.get(`${e.pid}:${e.id}`);
    if (!profile) continue;
    for (const { id, callFrame: f } of data.cpuProfile?.nodes ?? [])
      profile.nodes.set(
        id,
        `${f.functionName || "(anonymous)"}${f.url ? ` ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1}` : ""}`,
      );
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      profile.ts += data.timeDeltas?.[i] ?? 0;
      samples.push({ thread: profile.thread, ts: profile.ts, fn: profile.nodes.get(node) ?? "?" });
    });
  }
  return samples;
}

export interface TaskFigures {
  /** The longest main-thread task, ms. */
  longestMs: number;
  /** Σ (task − 50 ms) over the tasks longer than 50 ms. */
  overMs: number;
  /** How many tasks were longer than 50 ms. */
  longTasks: number;
  /** Main-thread busy time, ms (all tasks). */
  busyMs: number;
}

export interface LongTaskResult {
  name: string;
  path: string;
  /** One entry per load. */
  loads: TaskFigures[];
  /** The three longest tasks of the worst load: how long, and what ran in them (top-level events). */
  worst: { ms: number; what: string }[];
}

/** The tasks of the renderer main thread that loaded `url`, from a Chromium trace (µs → ms). */
export function mainThreadTasks(events: TraceEvent[]): { start: number; ms: number; what: string }[] {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The renderer that navigated: the one with a main-frame navigation start; else the busiest.
  const navigated = events.find(
    (e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && mainThreads.has(`${e.pid}:${e.tid}`),
  );
  const tasks = events.filter(
    (e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && e.dur !== undefined,
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const task of tasks) {
    const key = `${task.pid}:${task.tid}`;
    if (!mainThreads.has(key)) continue;
    const list = byThread.get(key);
    if (list) list.push(task);
    else byThread.set(key, [task]);
  }
  const key = navigated
    ? `${navigated.pid}:${navigated.tid}`
    : [...byThread.entries()].sort((a, b) => b[1].length - a[1].length)[0]?.[0];
  const own = key ? (byThread.get(key) ?? []) : [];
  const from = navigated?.ts ?? 0;
  const samples = jsSamples(events);
  /** The JavaScript that ran longest inside a task, by self time of its sampled functions. */
  const script = (task: TraceEvent) => {
    const thread = `${task.pid}:${task.tid}`;
    const inTask = samples.filter((x) => x.thread === thread && x.ts >= task.ts && x.ts < task.ts + task.dur!);
    const counts = new Map<string, number>();
    for (const { fn } of inTask) if (fn !== "(idle)" && fn !== "(program)") counts.set(fn, (counts.get(fn) ?? 0) + 1);
    // Each sample stands for the interval around it: the task's time spread over its samples.
    const perSample = inTask.length ? task.dur! / 1000 / inTask.length : 0;
    const top = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .filter(([, n]) => n * perSample >= 2);
    return top.length ? `; JS: ${top.map(([fn, n]) => `${fn} ${(n * perSample).toFixed(0)} ms`).join(", ")}` : "";
  };
  // What ran inside a task: its events of over 5 ms, summed by name (script evaluation, a call, style…).
  const inside = (task: TraceEvent) => {
    const end = task.ts + task.dur!;
    const sums = new Map<string, number>();
    for (const e of events) {
      if (e.pid !== task.pid || e.tid !== task.tid || e.ph !== "X" || e === task) continue;
      if (e.ts < task.ts || e.ts >= end || (e.dur ?? 0) < 5_000 || /RunTask/.test(e.name)) continue;
      const name = `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, "")}` : ""}`;
      sums.set(name, (sums.get(name) ?? 0) + e.dur! / 1000);
    }
    const top = [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`);
    return (top.join(", ") || "—") + script(task);
  };
  return own
    .filter((t) => t.ts >= from)
    .map((t) => ({ start: (t.ts - from) / 1000, ms: t.dur! / 1000, what: t.dur! > 30_000 ? inside(t) : "" }));
}

export function taskFigures(tasks: { ms: number }[]): TaskFigures {
  const long = tasks.filter((t) => t.ms > LONG_TASK_MS);
  return {
    longestMs: Math.max(0, ...tasks.map((t) => t.ms)),
    overMs: long.reduce((sum, t) => sum + t.ms - LONG_TASK_MS, 0),
    longTasks: long.length,
    busyMs: tasks.reduce((sum, t) => sum + t.ms, 0),
  };
}

/** Categories of a performance panel recording: tasks, and what ran inside them. */
const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "loading",
  // V8's sampling profiler: which functions ran inside a long task.
  "disabled-by-default-v8.cpu_profiler",
].join(",");

/**
 * Loads `page` once in a fresh browser context over the bare DevTools protocol — a driver's own
 * scripts (Playwright's injected script is a 60 ms task at 4×) would be measured with the page —
 * traced, with the CPU slowed, until it has hydrated and gone quiet; resolves with its main thread's tasks.
 */
async function tracedLoad(cdp: Cdp, baseURL: string, page: TracedPage) {
  const { browserContextId } = await cdp.send<{ browserContextId: string }>("Target.createBrowserContext", {
    disposeOnDetach: true,
  });
  const { targetId } = await cdp.send<{ targetId: string }>("Target.createTarget", {
    url: "about:blank",
    browserContextId,
  });
  const { sessionId } = await cdp.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
  const send = (method: string, params: Record<string, unknown> = {}) => cdp.send(method, params, sessionId);
  try {
    await send("Page.enable");
    await send("Network.enable");
    if (page.cookie) await send("Network.setExtraHTTPHeaders", { headers: { cookie: page.cookie } });
    await send("Emulation.setDeviceMetricsOverride", MOBILE.metrics);
    await send("Emulation.setTouchEmulationEnabled", { enabled: true });
    await send("Emulation.setUserAgentOverride", { userAgent: MOBILE.userAgent });
    await send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    const offData = cdp.on("Tracing.dataCollected", (params, from) => {
      if (from === sessionId) events.push(...(params.value as TraceEvent[]));
    });
    const complete = new Promise<void>((resolve) => {
      const off = cdp.on("Tracing.tracingComplete", (_, from) => {
        if (from !== sessionId) return;
        off();
        resolve();
      });
    });
    await send("Tracing.start", { categories: TRACE_CATEGORIES, transferMode: "ReportEvents" });
    const loaded = new Promise<void>((resolve) => {
      const off = cdp.on("Page.loadEventFired", (_, from) => {
        if (from !== sessionId) return;
        off();
        resolve();
      });
    });
    await send("Page.navigate", { url: page.path.startsWith("data:") ? page.path : `${baseURL}${page.path}` });
    await loaded;
    // Hydrated: root.tsx marks <html data-hydrated>; asked with a one-line evaluation, nothing injected.
    for (let waited = 0; ; waited += 50) {
      const { result } = (await send("Runtime.evaluate", {
        expression: "document.documentElement.hasAttribute('data-hydrated')",
        returnByValue: true,
      })) as { result: { value: boolean } };
      if (result.value) break;
      if (waited > 30_000) throw new Error(`${page.path} did not hydrate within 30 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // Quiet: what load and hydration scheduled after them (lazy parts, idle callbacks) runs too.
    await new Promise((r) => setTimeout(r, 1_500));
    await send("Tracing.end");
    await complete;
    offData();
    return mainThreadTasks(events);
  } finally {
    await cdp.send("Target.disposeBrowserContext", { browserContextId }).catch(() => undefined);
  }
}

/** Each page `loads` times (after one warm-up load that fills the server's caches). */
export async function measureLongTasks(
  baseURL: string,
  pages: TracedPage[],
  { loads = 3, log = (_: string) => {} }: { loads?: number; log?: (line: string) => void } = {},
): Promise<LongTaskResult[]> {
  const chrome = await launchChrome({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_FLAGS });
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const cdp = await Cdp.connect(webSocketDebuggerUrl);
  const results: LongTaskResult[] = [];
  try {
    for (const page of pages) {
      await tracedLoad(cdp, baseURL, page);
      const all: { start: number; ms: number; what: string }[][] = [];
      for (let i = 0; i < loads; i++) all.push(await tracedLoad(cdp, baseURL, page));
      const figures = all.map(taskFigures);
      const worstLoad = all[figures.indexOf(figures.reduce((a, b) => (b.longestMs > a.longestMs ? b : a)))]!;
      results.push({
        name: page.name,
        path: page.path,
        loads: figures,
        worst: [...worstLoad]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 3)
          .map(({ ms, what }) => ({ ms, what })),
      });
      log(`  ${page.name.padEnd(12)} longest ${figures.map((f) => f.longestMs.toFixed(0)).join(" / ")} ms`);
    }
  } finally {
    cdp.close();
    chrome.kill();
  }
  return results;
}

export function longTaskTable(results: LongTaskResult[]) {
  return Object.fromEntries(
    results.map((r) => [
      r.name,
      {
        "longest task ms, each load": r.loads.map((f) => f.longestMs.toFixed(0)).join(" "),
        "Σ over 50 ms, each load": r.loads.map((f) => f.overMs.toFixed(0)).join(" "),
        "tasks > 50 ms": r.loads.map((f) => f.longTasks).join(" "),
        "main thread busy ms": r.loads.map((f) => f.busyMs.toFixed(0)).join(" "),
        "worst task: what ran": r.worst[0] ? `${r.worst[0].ms.toFixed(0)} ms: ${r.worst[0].what}` : "—",
      },
    ]),
  );
}
