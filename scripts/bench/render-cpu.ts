/**
 * The render-cost goal of `npm run bench` (decision 095): the workerd CPU of one uncached render of each page
 * type ÷ that of the layout alone (the offline page: header, footer, messages and scripts, no data of its own),
 * at most `budgets.renderCpuRatio.max`. A page's own data and markup may cost what the layout does, no more.
 */
import { budgets } from "#harness/audit/budgets.ts";
import { goalTable } from "./goal-table.ts";

export function renderCpuGoal(
  cpu: Record<string, { cpuMs: number }>,
  layout: string,
  pages: string[],
): { ratios: Record<string, number>; failures: string[] } {
  const base = cpu[layout]!.cpuMs;
  const { max } = budgets.renderCpuRatio;
  const ratios = Object.fromEntries(pages.map((name) => [name, cpu[name]!.cpuMs / base]));
  const failures = goalTable(
    `CPU per uncached render ÷ the layout alone's (${base.toFixed(1)} ms) ≤ ${max}`,
    pages.map((name) => ({
      name,
      figures: { "CPU ms/render": cpu[name]!.cpuMs.toFixed(1), "÷ layout": ratios[name]!.toFixed(2) },
      goal: { limit: max, value: ratios[name]! },
    })),
  );
  return { ratios, failures: failures.map((line) => `render CPU: ${line}`) };
}
