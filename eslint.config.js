// @ts-check
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The house rules (docs/architecture.md). Most of all the direction of imports (DESIGN §2): worker/
 * imports the app and shared/; client/ only client/ and shared/; shared/ neither; inside worker/ no
 * module imports a layer above its own; scripts/ and tests/ share harness/ and not each other.
 */

/** worker/'s layers, low → high (worker/app-env.ts): a layer imports only its own and lower ones. */
const WORKER_LAYERS = ["db", "http", "services", "auth", "middleware", "api"];
/** The worker's entry modules, above every layer: they assemble the Worker. */
const WORKER_ENTRIES = ["index", "in-process-api", "api-fetcher", "app-context", "page-methods"].map(
  (name) => `#worker/${name}.ts`,
);
const ABOVE_LAYERS = ["images", "seo"];

const restricted = (...patterns) => ["error", { patterns }];
const forbid = (group, message) => ({ group, message });

const notWorker = forbid(
  ["#worker/*", "**/worker/*"],
  "The app never imports the worker: what it needs comes through client/app-context.ts.",
);
const notClient = forbid(["#client/*", "**/client/*"], "shared/ is imported by both sides and imports neither.");
const notUp = forbid(
  ["../*"],
  "Use the package imports (#worker/…, #client/…, #shared/…) instead of climbing folders.",
);

/** What a worker/ layer may not import: the layers above it, the page-level folders and the entries. */
function workerLayer(index) {
  const above = [...WORKER_LAYERS.slice(index + 1), ...ABOVE_LAYERS].map((layer) => `#worker/${layer}/*`);
  return {
    files: [`worker/${WORKER_LAYERS[index]}/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": restricted(
        notUp,
        forbid(
          [...above, ...WORKER_ENTRIES],
          `worker/${WORKER_LAYERS[index]}/ sits below ${WORKER_LAYERS.slice(index + 1).join(", ")}, images, seo and the entry modules: move what both need down (worker/app-env.ts lists the layers).`,
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
    rules: {
      "no-restricted-imports": restricted(
        notWorker,
        notUp,
        forbid(["#tests/*", "#scripts/*", "#harness/*"], "The app does not import the test or script tooling."),
      ),
    },
  },
  {
    // Loaders and actions read the edge through the app context, and route modules type them with Route.*.
    files: ["client/**/*.{ts,tsx}"],
    ignores: ["client/**/*.test.{ts,tsx}", "client/test-app-context.ts"],
    rules: {
      "no-restricted-imports": restricted(
        notWorker,
        notUp,
        forbid(["#tests/*", "#scripts/*", "#harness/*"], "The app does not import the test or script tooling."),
        forbid(
          ["#shared/message-catalog.ts"],
          "Messages reach loaders through the app context (context.get(appContext).messages).",
        ),
        {
          group: ["react-router"],
          importNames: ["LoaderFunctionArgs", "ActionFunctionArgs"],
          message:
            "Route modules use the generated Route.LoaderArgs / Route.ActionArgs; helpers take RequestArgs (client/app-context.ts).",
        },
      ),
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": restricted(
        notWorker,
        notClient,
        notUp,
        forbid(["#tests/*", "#scripts/*", "#harness/*"], "shared/ does not import the test or script tooling."),
      ),
    },
  },
  ...WORKER_LAYERS.map((_, index) => workerLayer(index)),
  {
    files: ["worker/*.ts", `worker/{${ABOVE_LAYERS.join(",")}}/**/*.ts`],
    rules: { "no-restricted-imports": restricted(notUp) },
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
        forbid(
          ["#tests/*", "**/tests/*", "**/scripts/*"],
          "harness/ is what scripts/ and tests/ build on: it imports neither.",
        ),
      ),
    },
  },
  {
    files: ["scripts/**/*.ts"],
    rules: {
      "no-restricted-imports": restricted(
        forbid(["#tests/*", "**/tests/*"], "scripts/ and tests/ share harness/, not each other."),
      ),
    },
  },
  {
    files: ["tests/**/*.ts"],
    rules: {
      "no-restricted-imports": restricted(
        forbid(["**/scripts/*"], "scripts/ and tests/ share harness/, not each other."),
      ),
    },
  },
);
