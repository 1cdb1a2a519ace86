// @ts-check
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { housePlugin } from "./scripts/check-docs/eslint-plugin.ts";

/**
 * The house rules (docs/architecture.md). Most of all the direction of imports (architecture §2): worker/
 * imports the app and shared/; client/ only client/ and shared/; shared/ neither; inside worker/ no
 * module imports a layer above its own; scripts/ and tests/ share harness/ and not each other.
 * Import specifiers are matched by regular expressions (`regex`): the glob form reads a leading `#`
 * (our package imports) as a comment.
 */

/**
 * The one map of worker/ (docs/architecture.md §2 says what each part is for). Low → high, a layer imports
 * only its own and lower ones (and shared/). Below them all, the top-level modules that are not entries
 * (config.ts, app-env.ts, …) import only shared/ and one another. Every folder of worker/ is in
 * WORKER_LAYERS or ABOVE_LAYERS: this file refuses to load otherwise.
 */
const WORKER_LAYERS = ["db", "http", "adapters", "feeds", "workflows", "live", "auth", "middleware", "api"];
/** Folders above every layer, beside the entry modules: they serve pages and files, and may import anything. */
const ABOVE_LAYERS = ["images", "seo", "builds", "map", "pwa"];
/** The top-level modules that assemble the Worker (entries): no layer imports them. */
const WORKER_ENTRIES = [
  "index",
  "in-process-api",
  "api-fetcher",
  "app-context",
  "page-methods",
  "payloads",
  "scheduled",
  "queue",
  "sign-in-link-page",
];
const workerFolders = readdirSync(new URL("worker/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unruled = workerFolders.filter((name) => !WORKER_LAYERS.includes(name) && !ABOVE_LAYERS.includes(name));
if (unruled.length > 0) {
  throw new Error(
    `eslint.config.js: worker/${unruled.join("/, worker/")}/ in no layer: add to WORKER_LAYERS or ABOVE_LAYERS.`,
  );
}

/** The Worker's bindings (wrangler.toml): the only upper-case names read off `env`. */
const BINDINGS = ["DB", "PHOTOS", "TILES", "LIVE", "RATE_LIMITS", "STATISTICS", "FEEDS", "FEED_PHOTOS", "ASSETS"];

/**
 * A JSON module imported without its type: the bundler takes it, Node (the scripts, `npm run audit`) refuses
 * to load it.
 */
const JSON_WITHOUT_TYPE = {
  selector: "ImportDeclaration[source.value=/\\.json$/][attributes.length=0]",
  message: 'Import JSON with `with { type: "json" }`: Node refuses it without, wherever the module is loaded.',
};
const restricted = (...patterns) => ["error", { patterns }];
/** Import specifiers matching any of these regular expressions are refused, with the reason. */
const forbid = (regexes, message) => ({ regex: regexes.join("|"), message });

const notWorker = forbid(
  ["^#worker/", "/worker/"],
  "The app never imports the worker: what it needs comes through client/app-context.server.ts.",
);
const notClient = forbid(["^#client/", "/client/"], "shared/ is imported by both sides and imports neither.");
const notUp = forbid(
  ["^\\.\\./"],
  "Use the package imports (#worker/…, #client/…, #shared/…) instead of climbing folders.",
);
const notTooling = forbid(
  ["^#(tests|harness)/", "/(tests|harness|scripts|vite-plugins)/"],
  "The site's code does not import the test, script or build tooling.",
);

/**
 * worker/db/ returns rows; worker/api/shapes/ makes the API's answers of them (decision 077): no `Api*`
 * type, path or image URL is made in db/.
 */
const notShaping = [
  {
    regex: "^#shared/api/",
    importNamePattern: "^Api",
    message: "worker/db/ returns rows: the API's shape is made in worker/api/shapes/ (decision 077).",
  },
  forbid(
    ["^#shared/(paths|photo-variants)\\.ts$"],
    "worker/db/ returns rows: paths and image URLs are made in worker/api/shapes/ (decision 077).",
  ),
];
/** The app's own rules of imports (client/, tests aside). */
const APP_RULES = [
  notWorker,
  notUp,
  notTooling,
  forbid(
    ["^#shared/text-catalog\\.ts$"],
    "Texts reach loaders through the app context (context.get(appContext).texts).",
  ),
  {
    regex: "^react-router$",
    importNames: ["LoaderFunctionArgs", "ActionFunctionArgs"],
    message:
      "Route modules use the generated Route.LoaderArgs / Route.ActionArgs; helpers take RequestArgs (client/app-context.server.ts).",
  },
];
const APP_TESTS = ["client/**/*.test.{ts,tsx}", "client/test-app-context.ts"];
/**
 * The app's modules that run on the server: route modules (React Router drops their loaders and actions, and
 * what only those import, from the browser's bundle) and *.server.ts modules.
 */
const SERVER_SIDE = ["client/routes/**", "client/root.tsx", "client/**/*.server.{ts,tsx}"];

/** What a worker/ layer may not import: the layers above it, the page-level folders and the entries. */
function workerLayer(index, { more = [] } = {}) {
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
          `worker/${layer}/ sits below ${above.join(", ")} and the entry modules: move what both need down (eslint.config.js maps the layers).`,
        ),
        ...more,
      ),
    },
  };
}

/** db/ imports only types from shared/api/: what it is given (validated queries, bodies) and stored values. */
const dbTypesOfApi = {
  files: ["worker/db/**/*.ts"],
  ignores: ["**/*.test.ts"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: "^#shared/api/",
            allowTypeImports: true,
            message:
              "worker/db/ imports only types from shared/api/ (decision 077): pass values in, or move them to shared/ outside api/.",
          },
        ],
      },
    ],
  },
};

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
    ignores: APP_TESTS,
    rules: { "no-restricted-imports": restricted(...APP_RULES) },
  },
  {
    // Decision 079: what runs only in loaders and actions sits in *.server.ts modules, which React Router's
    // build refuses in the browser's bundle. Every other module of the app may reach the browser: it
    // imports no .server module (not even for types: they go in a sibling types module) and builds no
    // responses — redirects and data() with a status are a loader's or an action's.
    files: ["client/**/*.{ts,tsx}"],
    ignores: [...APP_TESTS, ...SERVER_SIDE],
    rules: {
      "no-restricted-imports": restricted(
        ...APP_RULES,
        forbid(
          ["\\.server\\.tsx?$"],
          "A module the browser may load imports no *.server.ts module: move the types it needs into a types module beside it (decision 079).",
        ),
        {
          regex: "^react-router$",
          importNames: ["data", "redirect", "redirectDocument", "replace"],
          message:
            "Responses are built by loaders and actions: in the route module or a *.server.ts helper beside its feature (decision 079).",
        },
      ),
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: { "no-restricted-imports": restricted(notWorker, notClient, notUp, notTooling) },
  },
  workerLayer(0, { more: notShaping }),
  ...WORKER_LAYERS.slice(1).map((_, index) => workerLayer(index + 1)),
  dbTypesOfApi,
  {
    files: ["worker/*.ts", `worker/{${ABOVE_LAYERS.join(",")}}/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": restricted(notUp, notTooling) },
  },
  {
    // The top-level modules every layer may read (config.ts, app-env.ts, …) sit below the layers.
    files: ["worker/*.ts"],
    ignores: ["**/*.test.ts", ...WORKER_ENTRIES.map((name) => `worker/${name}.ts`)],
    rules: {
      "no-restricted-imports": restricted(
        notUp,
        notTooling,
        forbid(
          ["^#worker/[^/]+/", "^\\./[^/]+/", `^(#worker|\\.)/(${WORKER_ENTRIES.join("|")})\\.ts$`],
          "A top-level module of worker/ that is not an entry sits below every layer: it imports shared/ and the other such modules only.",
        ),
      ),
    },
  },
  {
    // Variables are read through worker/config.ts, parsed and typed once; only bindings are read off env.
    files: ["worker/**/*.ts"],
    ignores: ["worker/config.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        JSON_WITHOUT_TYPE,
        {
          selector: `MemberExpression:matches([object.name='env'], [object.property.name='env'][object.object.type!='MetaProperty'])[property.name=/^(?!(${BINDINGS.join("|")})$)[A-Z][A-Z0-9_]*$/]`,
          message: "Read variables with config(env) (worker/config.ts): parsed, typed and defaulted once.",
        },
      ],
    },
  },
  {
    files: ["{shared,client,harness,scripts}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", JSON_WITHOUT_TYPE] },
  },
  {
    // Tests read JSON of any shape (JSON-LD, API bodies) by path.
    files: ["tests/**/*.ts", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Build-time code (decision 079): Node, run by vite.config.ts; it reads the app's sources and constants,
    // never the Worker or the tooling. notTooling keeps the site's code from importing it.
    files: ["vite-plugins/**/*.ts"],
    rules: {
      "no-restricted-imports": restricted(
        notUp,
        forbid(
          ["^#(worker|tests|harness)/", "/(worker|tests|harness|scripts)/"],
          "The build reads the app's sources and shared/, not the Worker or the test and script tooling.",
        ),
      ),
    },
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
  {
    // The repository paths comments name exist (decision 074); scripts/check-docs.ts checks the other files.
    plugins: { house: housePlugin },
    rules: { "house/paths-exist": "error" },
  },
);
