/**
 * Where each command builds the site and keeps its local D1 (decision 020). `npm start`, `npm run dev`,
 * `npm run seed`, `npm run db:migrate` and `npm run check` use wrangler's defaults; every other command
 * has its own pair, so that it can run beside them (or beside another) in one checkout: a build empties
 * its folder first, and two workerd processes on one D1 file answer SQLITE_BUSY.
 */
export interface Folders {
  /** React Router's build directory: `client/` and `server/` (with the `wrangler.json` to serve). */
  build: string;
  /** Wrangler's `--persist-to` folder: the local D1. */
  state: string;
}

export const DEFAULT_FOLDERS: Folders = { build: "build", state: ".wrangler/state" };

export const FOLDERS = {
  start: DEFAULT_FOLDERS,
  /** The build the vitest projects test; one D1 per project that serves it under `state` (`testState`). */
  test: { build: ".builds/test", state: ".wrangler/test-state" },
  /**
   * Build B of the update and version-skew e2e tests (harness/second-build.ts): served on one port after
   * FOLDERS.test's build, both on this D1.
   */
  "test-b": { build: ".builds/test-b", state: ".wrangler/test-b-state" },
  audit: { build: ".builds/audit", state: ".wrangler/audit-state" },
  lighthouse: { build: ".builds/lighthouse", state: ".wrangler/lighthouse-state" },
  bench: { build: ".builds/bench", state: ".wrangler/bench-state" },
  /** `npm run abuse` empties its D1 first: every counter starts at zero. */
  abuse: { build: ".builds/abuse", state: ".wrangler/abuse-state" },
  /** One D1 per size under `state` (`benchDbState`). */
  "bench-db": { build: ".builds/bench-db", state: ".wrangler/bench-db-state" },
  /** `npm run bench:photos` empties its D1 first: the upload counter starts at zero. */
  "bench-photos": { build: ".builds/bench-photos", state: ".wrangler/bench-photos-state" },
  /** `npm run bench:feed` empties its D1 first: the agency's feed starts with no listings. */
  "bench-feed": { build: ".builds/bench-feed", state: ".wrangler/bench-feed-state" },
  /** `npm run payments:race` empties its D1 first: one intent, one ledger to read. */
  "payments-race": { build: ".builds/payments-race", state: ".wrangler/payments-race-state" },
} as const satisfies Record<string, Folders>;

/** vitest starts the `e2e` and the `audit` project's server side by side: each gets its own D1. */
export function testState(project: string): string {
  return `${FOLDERS.test.state}/${project}`;
}

/** The seeded D1 that the test servers' databases are copied from (`seedTestD1`); never served itself. */
export const SEEDED_TEST_STATE = `${FOLDERS.test.state}/.seeded`;

export function benchDbState(listings: number): string {
  return `${FOLDERS["bench-db"].state}/${listings}`;
}

/** The wrangler configuration the Cloudflare Vite plugin writes for a build. */
export function wranglerConfig(build: string): string {
  return `${build}/server/wrangler.json`;
}
