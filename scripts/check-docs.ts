/**
 * `node scripts/check-docs.ts`, the second half of `npm run lint` (decision 074): the documentation names
 * only what exists. It fails, naming file:line, when
 * - a Markdown file, or a comment of a stylesheet, SQL, TOML, shell, `_headers` or JSON-with-comments file,
 *   names a repository path that does not exist, or a Markdown link's target does not (check-docs/paths.ts
 *   says what a path is and which generated ones are not checked; the comments of the code are ESLint's,
 *   check-docs/eslint-plugin.ts);
 * - README's command tables miss a script of package.json, or a Markdown file names a script it lacks;
 * - a decision record is missing from docs/decisions/README.md, or the index names one that is not there.
 */
import { readFileSync } from "node:fs";
import { commentSyntax, commentsOf } from "./check-docs/comments.ts";
import { decisionIndexProblems } from "./check-docs/decision-index.ts";
import { loadRepository, missingLinkTargets, missingPaths, type PackageJson } from "./check-docs/paths.ts";
import { scriptsMissingFromReadme, unknownScripts } from "./check-docs/readme-commands.ts";

const DECISIONS = "docs/decisions/";

const repository = loadRepository(".");
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as PackageJson).scripts ?? {};
const problems: string[] = [];

/** Line starts of a text, to turn an offset into a line number. */
function lineOf(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (index) => {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= index) line++;
    return line + 1;
  };
}

for (const file of [...repository.files].sort()) {
  const syntax = commentSyntax(file);
  if (!file.endsWith(".md") && !syntax) continue;
  const text = readFileSync(file, "utf8");
  const line = lineOf(text);
  if (file.endsWith(".md")) {
    for (const { index, problem } of [...missingPaths(text, repository), ...missingLinkTargets(text, file, repository)])
      problems.push(`${file}:${line(index)}: ${problem}`);
    for (const { line: at, problem } of unknownScripts(text, scripts)) problems.push(`${file}:${at}: ${problem}`);
  } else
    for (const comment of commentsOf(text, syntax!))
      for (const { index, problem } of missingPaths(comment.text, repository))
        problems.push(`${file}:${line(comment.index + index)}: ${problem}`);
}

for (const { line, problem } of scriptsMissingFromReadme(readFileSync("README.md", "utf8"), scripts))
  problems.push(`README.md:${line}: ${problem}`);

const records = [...repository.files]
  .filter((file) => file.startsWith(DECISIONS))
  .map((file) => file.slice(DECISIONS.length));
for (const { line, problem } of decisionIndexProblems(readFileSync(`${DECISIONS}README.md`, "utf8"), records))
  problems.push(`${DECISIONS}README.md:${line}: ${problem}`);

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(
    `\n${problems.length} problem(s) in the documentation (scripts/check-docs.ts, decision 074): name things as they are now.`,
  );
  process.exit(1);
}
