/**
 * The ESLint half of the docs check (decision 074): the repository paths the comments of the code name
 * exist. ESLint has parsed every file already, so its list of comments costs nothing; scripts/check-docs.ts
 * reads the Markdown and the files ESLint does not.
 */
import type { ESLint, Rule } from "eslint";
import { loadRepository, missingPaths, type Repository } from "./paths.ts";

/** The files, listed once per process (an editor's ESLint sees files added since when it restarts). */
const repositories = new Map<string, Repository>();

function repositoryAt(root: string): Repository {
  let repository = repositories.get(root);
  if (!repository) repositories.set(root, (repository = loadRepository(root)));
  return repository;
}

const pathsExist: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: { description: "Repository paths named in comments exist (decision 074)" },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        const repository = repositoryAt(context.cwd);
        const { sourceCode } = context;
        for (const comment of sourceCode.getAllComments()) {
          // `value` leaves out the comment's opening `//`, `/*` or `#!`.
          const start = comment.range![0] + 2;
          for (const { index, length, problem } of missingPaths(comment.value, repository))
            context.report({
              loc: {
                start: sourceCode.getLocFromIndex(start + index),
                end: sourceCode.getLocFromIndex(start + index + length),
              },
              message: `${problem}: name the file as it is now (decision 074).`,
            });
        }
      },
    };
  },
};

export const housePlugin: ESLint.Plugin = { rules: { "paths-exist": pathsExist } };
