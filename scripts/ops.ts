/**
 * `npm run ops -- COMMAND [ARGS] [--local [--persist-to DIR] | --remote] [--env NAME]`: what an operator
 * runs against a site's D1 (docs/operations.md). The local D1 by default.
 *   init         applies the migrations, then upserts the reference data a live site needs (idempotent)
 *   admin EMAIL  creates or promotes the account to administrator and prints a one-time sign-in link
 */
import { parseArgs } from "node:util";
import type { D1Target } from "./ops/d1-target.ts";

const COMMANDS: Record<string, (target: D1Target, args: string[]) => Promise<void>> = {
  init: async (target) => (await import("./ops/init.ts")).init(target),
  admin: async (target, args) => (await import("./ops/admin.ts")).admin(target, args),
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    local: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string" },
    env: { type: "string" },
  },
});
const [command, ...args] = positionals;
const run = command ? COMMANDS[command] : undefined;
if (!run) {
  console.error(
    `Usage: npm run ops -- <${Object.keys(COMMANDS).join("|")}> … [--local [--persist-to DIR] | --remote] [--env NAME]`,
  );
  process.exit(2);
}
if (values.local && values.remote) {
  console.error("--local and --remote name different databases: give one");
  process.exit(2);
}
if (values.remote && values["persist-to"]) {
  console.error("--persist-to names a local D1 folder: it goes with --local");
  process.exit(2);
}
try {
  await run({ remote: values.remote, persistTo: values["persist-to"], env: values.env }, args);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
