import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { housePlugin } from "./eslint-plugin.ts";

/** The rule against this repository's own files. */
function lint(code: string) {
  const linter = new Linter({ cwd: process.cwd() });
  return linter.verify(
    code,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { house: housePlugin },
        rules: { "house/paths-exist": "error" },
      },
    ],
    "example.ts",
  );
}

describe("house/paths-exist", () => {
  it("reports a path a comment names that does not exist, where it is written", () => {
    const messages = lint(
      "const a = 1; // see worker/gone.ts\n/**\n * and `client/root.tsx`, `#shared/gone.ts`\n */\n",
    );
    expect(messages.map(({ line, column, message }) => ({ line, column, message }))).toEqual([
      { line: 1, column: 21, message: "worker/gone.ts does not exist: name the file as it is now (decision 074)." },
      { line: 3, column: 28, message: "#shared/gone.ts does not exist: name the file as it is now (decision 074)." },
    ]);
  });

  it("reads comments only: a string naming a missing path is code's business", () => {
    expect(lint('const path = "worker/gone.ts";\n')).toEqual([]);
  });
});
