/**
 * CPU time the server's processes spent (user + system, all threads), from /proc: what a request costs
 * the machine, whichever isolate or thread did the work (decision 045). Linux only; the clock tick is
 * 10 ms, so it is read around many requests.
 */
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10;

/** The processes in the process group `pgid` (serveBuild starts wrangler dev as its own group). */
function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command (which may hold spaces) — pgrp is the 5th field overall.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** utime + stime of one process, ms (0 when it is gone). */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Names of the group's processes, for the report (`workerd`, `node`…). */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "?";
  }
}

/**
 * CPU per call of `run`, over `requests` sequential calls, of the server's workerd processes (the
 * worker, its assets and D1, and wrangler's proxy in front) — not wrangler's own node process.
 */
export async function cpuPerRequest(
  pgid: number,
  run: () => Promise<void>,
  requests: number,
): Promise<{ cpuMs: number; wallMs: number }> {
  const pids = groupPids(pgid).filter((pid) => commandOf(pid) === "workerd");
  if (!pids.length) throw new Error(`no workerd process in process group ${pgid}`);
  const total = () => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
  const before = total();
  const start = performance.now();
  for (let i = 0; i < requests; i++) await run();
  const wallMs = (performance.now() - start) / requests;
  return { cpuMs: (total() - before) / requests, wallMs };
}
