/**
 * README's command tables name every script of package.json, and the Markdown names no script that is not
 * there (decision 074). A command table is one whose first column is headed "Command"; its first cells name
 * commands as `npm run NAME`, `npm start` or `npm test`.
 */

export interface LineProblem {
  /** 1-based. */
  line: number;
  problem: string;
}

/**
 * `npm run name` (flags such as `--silent` before the name allowed), and npm's own `npm start` and `npm test`.
 * A name in capitals is a placeholder (`npm run NAME`).
 */
const NPM_COMMAND = /\bnpm (?:run(?:-script)?(?: -{1,2}[\w-]+)* ([a-z][\w:.-]*)|(start|test)\b)/g;

function scriptsNamed(text: string): string[] {
  return [...text.matchAll(NPM_COMMAND)].map((match) => (match[1] ?? match[2])!);
}

/** The scripts of package.json that no command table of README lists. */
export function scriptsMissingFromReadme(readme: string, scripts: Record<string, string>): LineProblem[] {
  const lines = readme.split("\n");
  const listed = new Set<string>();
  let firstTable: number | undefined;
  let inTable = false;
  for (const [i, line] of lines.entries()) {
    const cells = line.trim().startsWith("|") ? line.split("|").map((cell) => cell.trim()) : undefined;
    if (!cells) inTable = false;
    else if (!inTable) {
      inTable = cells[1] === "Command";
      if (inTable) firstTable ??= i + 1;
    } else for (const name of scriptsNamed(cells[1]!)) listed.add(name);
  }
  if (firstTable === undefined)
    return [{ line: 1, problem: "README.md has no command table (a table headed Command)" }];
  return Object.keys(scripts)
    .filter((name) => !listed.has(name))
    .map((name) => ({
      line: firstTable,
      problem: `npm run ${name} (package.json) is in no command table of README.md: add a row saying what it does`,
    }));
}

/** `npm run NAME` in a text where package.json has no such script. */
export function unknownScripts(text: string, scripts: Record<string, string>): LineProblem[] {
  const problems: LineProblem[] = [];
  for (const [i, line] of text.split("\n").entries())
    for (const name of scriptsNamed(line))
      if (!(name in scripts))
        problems.push({ line: i + 1, problem: `npm run ${name}: package.json has no such script` });
  return problems;
}
