import { existsSync, readdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { join } from "node:path";
import { Cdp } from "../cdp.ts";

/**
 * CPU time of the worker, not wall time (decision 045): V8's sampling profiler in workerd, driven over the
 * inspector port wrangler dev opens (DevTools protocol). A profile taken around N sequential requests
 * to one page gives the CPU per render (sampled time outside `(idle)`, ÷ N) and where it goes (self time
 * per function).
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** One function's share of a profile: self time, in ms per request. */
interface ProfileItem {
  name: string;
  where: string;
  selfMs: number;
}

export interface CpuProfile {
  requests: number;
  /** Sampled time not idle, per request. */
  cpuMsPerRequest: number;
  /** Wall time of the profiled window, per request. */
  wallMsPerRequest: number;
  top: ProfileItem[];
  /** Self time grouped by where it is spent (React, React Router, the app, the runtime…), per request. */
  groups: Record<string, number>;
  /** Functions by inclusive time (their own and their callees', recursion counted once), per request. */
  inclusive: ProfileItem[];
}

/** Attaches to the worker's isolate behind `inspectorUrl` (http://127.0.0.1:PORT). */
async function attach(inspectorUrl: string): Promise<Cdp> {
  const targets = (await (await fetch(`${inspectorUrl}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  const target = targets[0];
  if (!target) throw new Error(`no inspector target at ${inspectorUrl}/json`);
  // The inspector proxy admits DevTools from localhost only, and wants an Origin to say so.
  return Cdp.connect(target.webSocketDebuggerUrl, { origin: "http://localhost" });
}

/** A frame's original place: the bundle's source maps, read once per build folder. */
export type Locate = (frame: ProfileNode["callFrame"]) => { source: string; line: number } | null;

/** Locates frames of the worker bundle in `serverDir` (index.js and assets/*.js, with their .map files). */
export function sourceLocator(serverDir: string): Locate {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string) => {
    const file = url.replace(/^.*\//, "");
    if (!maps.has(file)) {
      const candidates = [join(serverDir, `${file}.map`), join(serverDir, "assets", `${file}.map`)];
      const found = candidates.find((path) => existsSync(path));
      maps.set(file, found ? new SourceMap(JSON.parse(readFileSync(found, "utf8"))) : null);
    }
    return maps.get(file) ?? null;
  };
  // Touch the folder so a wrong one fails loudly rather than locating nothing.
  readdirSync(serverDir);
  return (frame) => {
    if (!frame.url || frame.lineNumber < 0) return null;
    const entry = mapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
    if (!entry || !("originalSource" in entry) || !entry.originalSource) return null;
    const source = entry.originalSource.replace(/^.*?(node_modules\/|(?=(client|worker|shared)\/))/, "$1");
    return { source, line: entry.originalLine + 1 };
  };
}

/** Where a function belongs, by its original source: the groups the decision's table names. */
export function groupOf(frame: ProfileNode["callFrame"], source: string | undefined): string {
  const { functionName } = frame;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)" || functionName === "(root)") return "runtime (outside JavaScript)";
  if (!source) return frame.url ? "bundled code (unmapped)" : `native: ${functionName || "(anonymous)"}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) return pkg === "react-dom" || pkg === "react" ? "React" : pkg === "react-router" ? "React Router" : pkg;
  return source.split("/")[0] === "client"
    ? "app: client/"
    : source.split("/")[0] === "worker"
      ? "app: worker/"
      : `app: ${source.split("/")[0]}/`;
}

/**
 * Profiles `requests` sequential calls of `run` in the isolate behind `inspectorUrl`, sampling every
 * `intervalUs` µs. The bundle is one file, so functions are named by name and line.
 */
export async function profileRequests(
  inspectorUrl: string,
  run: () => Promise<void>,
  {
    requests = 50,
    intervalUs = 100,
    topN = 25,
    locate = () => null,
  }: { requests?: number; intervalUs?: number; topN?: number; locate?: Locate } = {},
): Promise<CpuProfile> {
  const inspector = await attach(inspectorUrl);
  try {
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: intervalUs });
    await inspector.send("Profiler.start");
    const start = performance.now();
    for (let i = 0; i < requests; i++) await run();
    const wall = performance.now() - start;
    const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
    await inspector.send("Profiler.disable");
    return summarize(profile, requests, wall, topN, locate);
  } finally {
    inspector.close();
  }
}

/** Self time per node from the samples and their time deltas (µs), folded by function. */
export function summarize(
  profile: Profile,
  requests: number,
  wallMs: number,
  topN: number,
  locate: Locate,
): CpuProfile {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the delta to the next one (the last has none).
  for (let i = 0; i < samples.length; i++) {
    const next = deltas[i + 1] ?? 0;
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + next);
  }
  // A node's function name and place (original file and line where the source maps know it), once per node:
  // the inclusive walk meets each ancestor again for every node under it.
  const labels = new Map<number, ReturnType<typeof labelOf>>();
  const label = (id: number) => {
    let found = labels.get(id);
    if (!found) labels.set(id, (found = labelOf(byId.get(id)!.callFrame)));
    return found;
  };
  const labelOf = (frame: ProfileNode["callFrame"]) => {
    const place = locate(frame);
    const name = frame.functionName || "(anonymous)";
    const where = place
      ? `${place.source}:${place.line}`
      : frame.url
        ? `${frame.url.replace(/^.*\//, "")}:${frame.lineNumber + 1}`
        : "";
    return { name, where, key: `${name} ${where}`, source: place?.source };
  };
  const add = (into: Map<string, ProfileItem>, at: ReturnType<typeof labelOf>, us: number) => {
    const item = into.get(at.key) ?? { name: at.name, where: at.where, selfMs: 0 };
    item.selfMs += us / 1000 / requests;
    into.set(at.key, item);
  };
  const items = new Map<string, ProfileItem>();
  const groups: Record<string, number> = {};
  let busy = 0;
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") continue;
    busy += us;
    const at = label(id);
    add(items, at, us);
    const group = groupOf(frame, at.source);
    groups[group] = (groups[group] ?? 0) + us / 1000 / requests;
  }
  // Inclusive time: each node's self time added to every distinct function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, ProfileItem>();
  for (const [id, us] of self) {
    if (byId.get(id)!.callFrame.functionName === "(idle)") continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (byId.get(at)!.callFrame.functionName === "(root)") break;
      const place = label(at);
      if (seen.has(place.key)) continue;
      seen.add(place.key);
      add(inclusive, place, us);
    }
  }
  return {
    inclusive: [...inclusive.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, topN * 2),
    requests,
    cpuMsPerRequest: busy / 1000 / requests,
    wallMsPerRequest: wallMs / requests,
    top: [...items.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, topN),
    groups: Object.fromEntries(Object.entries(groups).sort((a, b) => b[1] - a[1])),
  };
}
