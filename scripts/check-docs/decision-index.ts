/**
 * docs/decisions/README.md indexes every decision record, and only records that exist (decision 074).
 * Numbers may have gaps (a number can be given out and not used); an index row links `NNN-title.md`.
 */
import type { LineProblem } from "./readme-commands.ts";

const RECORD = /^(\d{3})-.+\.md$/;
const ROW = /^\|\s*(\d{3})\s*\|/;
const LINK = /\]\((\d{3}-[^)\s]+\.md)\)/g;

/** `records`: the names of the files in docs/decisions/; `index`: the text of its README.md. */
export function decisionIndexProblems(index: string, records: string[]): LineProblem[] {
  const problems: LineProblem[] = [];
  const recordSet = new Set(records.filter((name) => RECORD.test(name)));
  const numbers = new Map<string, string>();
  for (const name of [...recordSet].sort()) {
    const number = name.slice(0, 3);
    const other = numbers.get(number);
    if (other) problems.push({ line: 1, problem: `${other} and ${name} have the same number` });
    numbers.set(number, name);
  }
  const linked = new Set<string>();
  /** The line of the last row whose number is below each record's: where a missing one belongs. */
  const rows: { number: string; line: number }[] = [];
  for (const [i, line] of index.split("\n").entries()) {
    const row = ROW.exec(line)?.[1];
    if (row) rows.push({ number: row, line: i + 1 });
    for (const [, target] of line.matchAll(LINK)) {
      linked.add(target!);
      if (!recordSet.has(target!))
        problems.push({ line: i + 1, problem: `${target} is indexed but there is no such record` });
      else if (row && row !== target!.slice(0, 3))
        problems.push({ line: i + 1, problem: `row ${row} links ${target}, a record of another number` });
    }
  }
  for (const name of recordSet)
    if (!linked.has(name)) {
      const before = rows.filter((row) => row.number < name.slice(0, 3)).at(-1);
      problems.push({
        line: before ? before.line + 1 : 1,
        problem: `${name} is not in the index: add its row (number, linked title, date, status)`,
      });
    }
  return problems.sort((a, b) => a.line - b.line);
}
