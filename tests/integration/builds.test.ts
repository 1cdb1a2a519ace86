import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`);

/** The build id a page names in its `<meta name="build-id">`. */
async function pageBuildId(path: string): Promise<string | undefined> {
  const html = await (await get(path)).text();
  return /<meta name="build-id" content="([^"]+)">/.exec(html)?.[1];
}

async function latest() {
  const res = await get(`/builds/latest.json?t=${Date.now()}`);
  return { res, body: (await res.json()) as { id: string; built_at: string | null } };
}

describe("GET /builds/latest.json", () => {
  it("names the deployed build, never cached, the id every page carries", async () => {
    const { res, body } = await latest();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(Object.keys(body).sort()).toEqual(["built_at", "id"]);
    expect(body.id).toMatch(/^[\w-]{6,}$/);
    // A production build says when it was made.
    expect(new Date(body.built_at!).toISOString()).toBe(body.built_at);
    for (const path of ["/", "/ru/", "/sr/buy/", "/about/", "/no-such-page/"])
      expect(await pageBuildId(path)).toBe(body.id);
  });

  it("is the id of the React Router manifest the pages load", async () => {
    const { body } = await latest();
    const html = await (await get("/")).text();
    expect(html).toContain(`/assets/manifest-${body.id}.js`);
  });
});

describe("GET /builds/meta/{buildId}.json", () => {
  it("lists the current build's routes with their chunks and stylesheets, cached for good", async () => {
    const { body: build } = await latest();
    const res = await get(`/builds/meta/${build.id}.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const meta = (await res.json()) as {
      id: string;
      built_at: string;
      entry: { module: string; imports: string[] };
      routes: {
        id: string;
        parent_id: string | null;
        path: string | null;
        module: string;
        imports: string[];
        css: string[];
      }[];
    };
    expect(meta.id).toBe(build.id);
    expect(meta.built_at).toBe(build.built_at);
    expect(meta.entry.module).toMatch(/^\/assets\/.+\.js$/);
    const root = meta.routes.find((route) => route.id === "root");
    expect(root?.parent_id).toBeNull();
    expect(root?.css.length).toBeGreaterThan(0);
    expect(meta.routes.length).toBeGreaterThan(10);
    for (const route of meta.routes) {
      expect(route.module).toMatch(/^\/assets\/.+\.js$/);
      for (const file of [...route.imports, ...route.css]) expect(file).toMatch(/^\/assets\//);
    }
    // The files it names are the ones this build's pages load.
    const html = await (await get("/")).text();
    for (const file of [meta.entry.module, root!.module]) expect(html).toContain(file);
  });

  it("answers another build's id or a junk path with a JSON 404, not a page and not a 5xx", async () => {
    const { body: build } = await latest();
    for (const path of [
      "/builds/meta/00000000.json",
      `/builds/meta/${build.id}`,
      `/builds/meta/${build.id}.json/`,
      `/builds/meta/${build.id.toUpperCase()}x.json`,
      "/builds/meta/%E0%A4%A.json",
      "/builds/meta/%00.json",
      `/builds/meta/${"a".repeat(1000)}.json`,
      "/builds/meta/<script>.json",
      "/builds/meta/a/b.json",
      "/builds/",
      "/builds/latest",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code, path).toBe("not_found");
    }
  });
});
