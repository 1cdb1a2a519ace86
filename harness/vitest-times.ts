/**
 * A vitest reporter of where a run's time goes: per project, its files, their summed time and the span
 * from its first file's start to its last file's end, and the slowest files. `npm test` (scripts/test.ts)
 * names the output file in `VITEST_TIMES_FILE` and prints the figures at the end.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export interface ProjectTimes {
  project: string;
  files: number;
  /** Summed time of the files' tests and hooks, in ms. */
  busyMs: number;
  /** From the first file's start to the last one's end, in ms. */
  spanMs: number;
  slowest: { file: string; ms: number }[];
}

const SLOWEST = 5;

export default class VitestTimes implements Reporter {
  private started = new Map<string, number>();
  private ended = new Map<string, number>();

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    this.ended.set(module.moduleId, Date.now());
  }

  onTestRunEnd(modules: readonly TestModule[]) {
    const file = process.env.VITEST_TIMES_FILE;
    if (!file) return;
    const byProject = new Map<string, TestModule[]>();
    for (const module of modules)
      byProject.set(module.project.name, [...(byProject.get(module.project.name) ?? []), module]);
    const times: ProjectTimes[] = [...byProject].map(([project, list]) => {
      const starts = list.map((m) => this.started.get(m.moduleId)).filter((t) => t !== undefined);
      const ends = list.map((m) => this.ended.get(m.moduleId)).filter((t) => t !== undefined);
      const files = list.map((m) => ({ file: relative(process.cwd(), m.moduleId), ms: m.diagnostic().duration }));
      return {
        project,
        files: list.length,
        busyMs: files.reduce((sum, f) => sum + f.ms, 0),
        spanMs: starts.length && ends.length ? Math.max(...ends) - Math.min(...starts) : 0,
        slowest: files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST),
      };
    });
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(times, null, 2));
  }
}
