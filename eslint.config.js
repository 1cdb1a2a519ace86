// @ts-check
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The house rules (docs/architecture.md). Most of all the direction of imports (DESIGN §2): worker/
 * imports the app and shared/; client/ only client/ and shared/; shared/ neither; inside worker/ no
 * module imports a layer above its own; scripts/ and tests/ share harness/ and not each other.
 * Import specifiers are matched by regular expressions (`regex`): the glob form reads a leading `#`
 * (our package imports) as a comment.
 */

/** worker/'s layers, low → high (worker/app-env.ts): a layer imports only its own and lower ones. */
const WORKER_LAYERS = ["db", "http", "services", "live", "auth", "middleware", "api"];
/** Folders and entry modules above every layer: they assemble the Worker. */
const ABOVE_LAYERS = ["images", "seo", "builds", "map"];
const WORKER_ENTRIES = ["index", "in-process-api", "api-fetcher", "app-context", "page-methods", "scheduled"];

const restricted = (...patterns) => ["error", { patterns }];
/** Import specifiers matching any of these regular expressions are refused, with the reason. */
const forbid = (regexes, message) => ({ regex: regexes.join("|"), message });

const notWorker = forbid(
  ["^#worker/", "/worker/"],
  "The app never imports the worker: what it needs comes through client/app-context.ts.",
);
const notClient = forbid(["^#client/", "/client/"], "shared/ is imported by both sides and imports neither.");
const notUp = forbid(
  ["^\\.\\./"],
  "Use the package imports (#worker/…, #client/…, #shared/…) instead of climbing folders.",
);
const notTooling = forbid(
  ["^#(tests|harness)/", "/(tests|harness|scripts)/"],
  "The site's code does not import the test or script tooling.",
);

/** What a worker/ layer may not import: the layers above it, the page-level folders and the entries. */
function workerLayer(index) {
  const layer = WORKER_LAYERS[index];
  const above = [...WORKER_LAYERS.slice(index + 1), ...ABOVE_LAYERS];
  return {
    files: [`worker/${layer}/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": restricted(
        notUp,
        forbid(
          [`^#worker/(${above.join("|")})/`, `^#worker/(${WORKER_ENTRIES.join("|")})\\.ts$`],
          `worker/${layer}/ sits below ${above.join(", ")} and the entry modules: move what both need down (worker/app-env.ts lists the layers).`,
        ),
      ),
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      ".builds/",
      ".wrangler/",
      ".react-router/",
      "reports/",
      "public/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-control-regex": "off",
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": restricted(notWorker, notUp, notTooling) },
  },
  {
    // Loaders and actions read the edge through the app context, and route modules type them with Route.*.
    files: ["client/**/*.{ts,tsx}"],
    ignores: ["client/**/*.test.{ts,tsx}", "client/test-app-context.ts"],
    rules: {
      "no-restricted-imports": restricted(
        notWorker,
        notUp,
        notTooling,
        forbid(
          ["^#shared/message-catalog\\.ts$"],
          "Messages reach loaders through the app context (context.get(appContext).messages).",
        ),
        {
          regex: "^react-router$",
          importNames: ["LoaderFunctionArgs", "ActionFunctionArgs"],
          message:
            "Route modules use the generated Route.LoaderArgs / Route.ActionArgs; helpers take RequestArgs (client/app-context.ts).",
        },
      ),
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: { "no-restricted-imports": restricted(notWorker, notClient, notUp, notTooling) },
  },
  ...WORKER_LAYERS.map((_, index) => workerLayer(index)),
  {
    files: ["worker/*.ts", `worker/{${ABOVE_LAYERS.join(",")}}/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": restricted(notUp, notTooling) },
  },
  {
    // Tests read JSON of any shape (JSON-LD, API bodies) by path.
    files: ["tests/**/*.ts", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["harness/**/*.ts"],
    rules: {
      "no-restricted-imports": restricted(
        forbid(["^#tests/", "/(tests|scripts)/"], "harness/ is what scripts/ and tests/ build on: it imports neither."),
      ),
    },
  },
  {
    files: ["scripts/**/*.ts"],
    rules: {
      "no-restricted-imports": restricted(
        forbid(["^#tests/", "/tests/"], "scripts/ and tests/ share harness/, not each other."),
      ),
    },
  },
  {
    files: ["tests/**/*.ts"],
    rules: {
      "no-restricted-imports": restricted(forbid(["/scripts/"], "scripts/ and tests/ share harness/, not each other.")),
    },
  },
);
