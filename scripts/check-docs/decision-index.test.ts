import { describe, expect, it } from "vitest";
import { decisionIndexProblems } from "./decision-index.ts";

const index = `# Decision records

| #   | Decision                 | Date       | Status   |
| --- | ------------------------ | ---------- | -------- |
| 001 | [One](001-one.md)        | 2026-11-23 | accepted |
| 003 | [Three](003-three.md)    | 2026-11-23 | accepted |
`;

describe("decisionIndexProblems", () => {
  it("passes an index of every record, with gaps in the numbers", () => {
    expect(decisionIndexProblems(index, ["001-one.md", "003-three.md", "README.md"])).toEqual([]);
  });

  it("names a record the index misses, at the line where its row belongs", () => {
    expect(decisionIndexProblems(index, ["001-one.md", "002-two.md", "003-three.md", "README.md"])).toEqual([
      { line: 6, problem: "002-two.md is not in the index: add its row (number, linked title, date, status)" },
    ]);
  });

  it("names an index row whose record is not there, or is another number's", () => {
    expect(
      decisionIndexProblems(index.replace("(003-three.md)", "(004-four.md)"), ["001-one.md", "004-four.md"]),
    ).toEqual([{ line: 6, problem: "row 003 links 004-four.md, a record of another number" }]);
    expect(decisionIndexProblems(index, ["001-one.md"])).toEqual([
      { line: 6, problem: "003-three.md is indexed but there is no such record" },
    ]);
  });

  it("names two records with one number", () => {
    expect(
      decisionIndexProblems(index, ["001-one.md", "001-uno.md", "003-three.md"]).map((problem) => problem.problem),
    ).toContain("001-one.md and 001-uno.md have the same number");
  });
});
