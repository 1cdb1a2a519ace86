/**
 * `npm run deploy -- --env staging|production [--check-only]` (docs/operations.md): the check — types, the
 * environment's build (`CLOUDFLARE_ENV`), its configuration's placeholders, wrangler's dry run —, then
 * `ops init --remote` (migrations before code, then the reference data), then `wrangler deploy` of that
 * build; last, which settings the deployed Worker needs that it cannot see set. Only the Cloudflare calls
 * need the network.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { buildSite } from "#harness/build.ts";
import { wranglerConfig } from "#harness/folders.ts";
import { wrangler, wranglerEnv } from "#harness/wrangler.ts";
import { configProblems, type DeployConfig, DEPLOY_ENVIRONMENTS, missingSecrets } from "./ops/deploy-checks.ts";
import { init } from "./ops/init.ts";

const { values } = parseArgs({
  options: { env: { type: "string" }, "check-only": { type: "boolean", default: false } },
});
const env = values.env;
if (!env || !(DEPLOY_ENVIRONMENTS as readonly string[]).includes(env)) {
  console.error(`Usage: npm run deploy -- --env <${DEPLOY_ENVIRONMENTS.join("|")}> [--check-only]`);
  process.exit(2);
}

function step(title: string, cmd: string, args: string[], extraEnv: Record<string, string> = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...wranglerEnv, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`✗ ${title} failed: nothing was deployed.`);
    process.exit(1);
  }
}

step("types", "npm", ["run", "--silent", "typecheck"]);
console.log(`\n▶ build for ${env} (CLOUDFLARE_ENV=${env}) into .builds/deploy-${env}`);
// A folder of its own: the developer's build/ (npm start) stays as it is.
const folder = `.builds/deploy-${env}`;
if (buildSite(folder, { inherit: true, cloudflareEnv: env }).status !== 0) {
  console.error("✗ build failed: nothing was deployed.");
  process.exit(1);
}
const built = wranglerConfig(folder);
const config = JSON.parse(readFileSync(built, "utf8")) as DeployConfig;
const problems = configProblems(config, env);
if (problems.length) {
  console.error(`\n✗ ${built} is not ready to deploy:\n  - ${problems.join("\n  - ")}`);
  process.exit(1);
}
step("wrangler deploy --dry-run", "npx", ["wrangler", "deploy", "--dry-run", "-c", built]);
if (values["check-only"]) {
  console.log(`\n✓ ${env} passes the check (--check-only: nothing sent to Cloudflare).`);
  process.exit(0);
}

console.log(`\n▶ ops init --remote --env ${env}`);
try {
  await init({ remote: true, env });
} catch (error) {
  console.error(`✗ ops init failed (${error instanceof Error ? error.message : error}): the code was not deployed.`);
  process.exit(1);
}
step(`wrangler deploy (${config.name})`, "npx", ["wrangler", "deploy", "-c", built]);

// The secrets are the Worker's: readable once it exists, so after its first deploy.
const listed = await wrangler(["secret", "list", "--format", "json", "--env", env], { quiet: true });
const secrets = (JSON.parse(listed.slice(listed.indexOf("["))) as { name: string }[]).map((s) => s.name);
const missing = missingSecrets(config.vars ?? {}, secrets);
if (missing.length) {
  console.log(
    `\n! ${config.name} cannot see these settings; set each with \`npx wrangler secret put NAME --env ${env}\`:`,
  );
  for (const secret of missing) console.log(`  ${secret.name.padEnd(22)} ${secret.why}`);
  process.exitCode = 3;
} else console.log(`\n✓ ${config.name} deployed, with every setting it needs.`);
