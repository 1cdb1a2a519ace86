import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import type { AppEnv } from "#worker/app-env.ts";
import { LATEST_BUILD_PATH } from "#shared/builds.ts";
import { apiError } from "#worker/http/api-error.ts";

/** Written by vite.config.ts into the production build (ISO time); absent where worker modules run unbuilt. */
declare const __BUILT_AT__: string | undefined;

/** When this build was made, or null outside a production build. */
const builtAt = (): string | null => (typeof __BUILT_AT__ === "string" ? __BUILT_AT__ : null);

/**
 * The build's id (decision 042): React Router's manifest version, a hash of every route's and the entry's
 * hashed chunk and stylesheet names — so it changes whenever the browser's code does, and the browser
 * already has it (`manifest-{id}.js`). Pages carry it in `<meta name="build-id">`.
 */
export const buildIdOf = (build: Pick<ServerBuild, "assets">): string => build.assets.version;

/** What a build holds, per route: its path and the chunks and stylesheets it loads (snake_case JSON). */
function buildMeta(build: Pick<ServerBuild, "assets">) {
  const { assets } = build;
  return {
    id: assets.version,
    built_at: builtAt(),
    entry: { module: assets.entry.module, imports: assets.entry.imports },
    routes: Object.values(assets.routes).flatMap((route) =>
      route
        ? [
            {
              id: route.id,
              parent_id: route.parentId ?? null,
              path: route.path ?? null,
              index: route.index ?? false,
              module: route.module,
              imports: route.imports ?? [],
              css: route.css ?? [],
            },
          ]
        : [],
    ),
  };
}

/**
 * Product §7 site infrastructure: `GET /builds/latest.json?t=…` names the deployed build (never cached: an
 * open page compares it with its own to offer a reload), `GET /builds/meta/{buildId}.json` what that build
 * holds (immutable: an id names one build). Answered before the page middleware, so no page cache.
 */
export function builds(build: Pick<ServerBuild, "assets">) {
  const id = buildIdOf(build);
  const app = new Hono<AppEnv>();
  app.get(LATEST_BUILD_PATH, (c) => c.json({ id, built_at: builtAt() }, 200, { "Cache-Control": "no-store" }));
  // Any other path under /builds/ (another build's id, junk) is a JSON 404 — not a page, not kept.
  app.get("/builds/*", (c) => {
    if (c.req.path === `/builds/meta/${id}.json`)
      return c.json(buildMeta(build), 200, { "Cache-Control": "public, max-age=31536000, immutable" });
    c.header("Cache-Control", "no-store");
    return apiError(c, 404, "not_found", "No such build");
  });
  return app;
}
