/**
 * `npm start`: builds the production worker into build/, migrates and (if empty) seeds the local D1
 * (.wrangler/state), then serves the build on workerd at http://localhost:8787 until stopped. Local
 * serving runs with ENVIRONMENT=development so the dev outbox stands in for SMS and e-mail.
 */
import { buildSite } from "#harness/build.ts";
import { FOLDERS } from "#harness/folders.ts";
import { seedLocalD1 } from "#harness/seed/local-d1.ts";
import { serveBuild } from "#harness/serve-build.ts";

const folders = FOLDERS.start;
const build = buildSite(folders.build, { inherit: true });
if (build.status !== 0) process.exit(build.status);
await seedLocalD1({ state: folders.state, ifEmpty: true });

const port = Number(process.env.PORT ?? 8787);
const server = await serveBuild(folders, { port, inherit: true });
console.log(`\nKvadrat is served at http://localhost:${port}\n`);
server.process.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void server.stop().then(() => process.exit(0)));
