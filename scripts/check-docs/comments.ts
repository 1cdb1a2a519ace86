/**
 * The comments of the files ESLint does not read (decision 074): stylesheets, SQL, JSON with comments, and
 * the files whose comments start with `#` (TOML, shell, the static files' `_headers`, ignore lists).
 * A comment marker inside a quoted string is not one.
 */

export interface Comment {
  /** Offset of the comment's text (after its marker) in the file. */
  index: number;
  text: string;
}

type Syntax = { line?: string; block: boolean; quotes: string };

const SYNTAXES: Record<string, Syntax> = {
  css: { block: true, quotes: `"'` },
  sql: { line: "--", block: true, quotes: `'"` },
  jsonc: { line: "//", block: true, quotes: `"` },
  hash: { line: "#", block: false, quotes: `"'` },
};

/** Which comment syntax a tracked file has, or undefined when it has none this check reads. */
export function commentSyntax(file: string): keyof typeof SYNTAXES | undefined {
  const name = file.split("/").pop()!;
  if (name.endsWith(".css")) return "css";
  if (name.endsWith(".sql")) return "sql";
  if (name.endsWith(".jsonc") || /^tsconfig.*\.json$/.test(name)) return "jsonc";
  if (name.endsWith(".toml") || name.endsWith(".sh") || name === "_headers" || /^\.\w+ignore$/.test(name))
    return "hash";
  if (file.startsWith(".ci/")) return "hash";
  return undefined;
}

export function commentsOf(source: string, syntax: keyof typeof SYNTAXES): Comment[] {
  const { line, block, quotes } = SYNTAXES[syntax]!;
  const comments: Comment[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (quotes.includes(char)) {
      // A string runs to its closing quote (a backslash escapes one) or, unclosed, to the end of its line.
      let end = i + 1;
      while (end < source.length && source[end] !== char && source[end] !== "\n") end += source[end] === "\\" ? 2 : 1;
      i = end + 1;
    } else if (line && source.startsWith(line, i) && (line !== "#" || i === 0 || /\s/.test(source[i - 1]!))) {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      comments.push({ index: i + line.length, text: source.slice(i + line.length, stop) });
      i = stop;
    } else if (block && source.startsWith("/*", i)) {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end;
      comments.push({ index: i + 2, text: source.slice(i + 2, stop) });
      i = stop + 2;
    } else i++;
  }
  return comments;
}
