import { describe, expect, it } from "vitest";
import { exists, missingLinkTargets, missingPaths, repository } from "./paths.ts";

const repo = repository(
  [
    "README.md",
    "package.json",
    "docs/architecture.md",
    "docs/decisions/README.md",
    "shared/api/limits.ts",
    "shared/paths.ts",
    "worker/db/listings.ts",
    "worker/db/migrations/0001_init.sql",
    "worker/index.ts",
    "tests/e2e/search.test.ts",
  ],
  { imports: { "#shared/*": "./shared/*" }, devDependencies: { "world-atlas": "^2.0.2" } },
);

/** The paths a text is refused for. */
const refused = (text: string) => missingPaths(text, repo).map((problem) => problem.problem);

describe("missingPaths", () => {
  it("refuses a path from the root that does not exist, in backticks or not", () => {
    expect(refused("see `worker/services/payments.ts` and worker/messages.ts.")).toEqual([
      "worker/services/payments.ts does not exist",
      "worker/messages.ts does not exist",
    ]);
  });

  it("passes files and folders that exist, with the punctuation, line numbers and possessives of prose", () => {
    expect(
      refused("(worker/index.ts:12), `worker/db/`, worker/db's files, worker/index.ts's default; README.md"),
    ).toEqual([]);
  });

  it("reads the package's import aliases as their folders", () => {
    expect(refused("`#shared/paths.ts` and #shared/gone.ts")).toEqual(["#shared/gone.ts does not exist"]);
  });

  it("takes a path without its extension as a module", () => {
    expect(refused("`shared/api/limits` `shared/api/missing`")).toEqual(["shared/api/missing does not exist"]);
  });

  it("matches wildcards as globs", () => {
    expect(
      refused("`worker/db/migrations/NNNN_*.sql` `tests/e2e/*.test.ts` `#shared/…` `tests/**/<name>.test.ts`"),
    ).toEqual([]);
    expect(refused("`tests/integration/*.test.ts` `worker/db/migrations/NNNN_*.js`")).toEqual([
      "tests/integration/*.test.ts does not exist",
      "worker/db/migrations/NNNN_*.js does not exist",
    ]);
  });

  it("finds a source file written from a folder below the root in some folder", () => {
    expect(refused("`db/listings.ts` and layout/account-menu.tsx")).toEqual([
      "layout/account-menu.tsx is in no folder of the repository",
    ]);
  });

  it("refuses `../` paths, which leave the repository", () => {
    expect(refused("`../elsewhere/notes.md`; `../` alone is only a word")).toEqual([
      "../elsewhere/notes.md points outside the repository",
    ]);
  });

  it("leaves the allowlisted paths alone: generated folders", () => {
    expect(refused("`build/server/wrangler.json`, .builds/test/, `reports/audit.json`")).toEqual([]);
  });

  it("is not fooled by URLs, absolute paths, a package's files or MIME types", () => {
    expect(
      refused("https://example.com/worker/x.ts /api/realty/:id `world-atlas/countries-10m.json` image/png ./x.js"),
    ).toEqual([]);
  });

  it("gives each problem's offset and length in the text", () => {
    const text = "line one\n * (worker/gone.ts)";
    const [problem] = missingPaths(text, repo);
    expect(text.slice(problem!.index, problem!.index + problem!.length)).toBe("worker/gone.ts");
  });
});

describe("exists", () => {
  it("tells folders from files by their slash", () => {
    expect(exists("worker/db/", repo)).toBe(true);
    expect(exists("worker/db", repo)).toBe(true);
    expect(exists("worker/index.ts/", repo)).toBe(false);
  });
});

describe("missingLinkTargets", () => {
  it("resolves a link against its file's folder and refuses one whose target is missing or outside", () => {
    const markdown =
      "[index](decisions/README.md), [home](../README.md#top), [gone](decisions/099-x.md), [out](../../x.md)";
    expect(missingLinkTargets(markdown, "docs/architecture.md", repo).map((problem) => problem.problem)).toEqual([
      "decisions/099-x.md does not exist",
      "../../x.md points outside the repository",
    ]);
  });

  it("leaves other sites, mail addresses and anchors alone", () => {
    expect(missingLinkTargets("[a](https://x.org/a.md) [b](mailto:a@b.c) [c](#top)", "README.md", repo)).toEqual([]);
  });
});
