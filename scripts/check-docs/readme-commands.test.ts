import { describe, expect, it } from "vitest";
import { scriptsMissingFromReadme, unknownScripts } from "./readme-commands.ts";

const scripts = { start: "x", test: "x", build: "x", "bench:db": "x", lint: "x" };

const readme = `# Project

| Command                                      | What it does |
| -------------------------------------------- | ------------ |
| \`npm start\`, \`npm test\`                  | serve; test  |
| \`npm run build\`                            | builds       |
| \`npm run bench:db [-- --sizes 10000]\`      | the figures  |

| Folder | Holds (\`npm run lint\` is named here, not in a command table) |
| ------ | ------------------------------------------------------------- |
`;

describe("scriptsMissingFromReadme", () => {
  it("names each script no command table lists, at the first table's line", () => {
    expect(scriptsMissingFromReadme(readme, scripts)).toEqual([
      {
        line: 3,
        problem: "npm run lint (package.json) is in no command table of README.md: add a row saying what it does",
      },
    ]);
  });

  it("passes when every script is listed", () => {
    expect(
      scriptsMissingFromReadme(readme.replace("`npm run build`", "`npm run build`, `npm run lint`"), scripts),
    ).toEqual([]);
  });

  it("says so when README has no command table", () => {
    expect(scriptsMissingFromReadme("# Project\n", scripts)).toHaveLength(1);
  });
});

describe("unknownScripts", () => {
  it("refuses a script package.json does not have, flags before the name allowed", () => {
    expect(
      unknownScripts("`npm run --silent lint`\nthen `npm run gone -- --x` and `npm test`; `npm run NAME`", scripts),
    ).toEqual([{ line: 2, problem: "npm run gone: package.json has no such script" }]);
  });
});
