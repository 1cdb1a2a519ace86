/**
 * The back office's content reference data and dashboard (decision 060):
 * - editors and admins (404 for anyone else): `GET|POST /api/admin/tags`, `PUT|DELETE /api/admin/tags/{id}`;
 *   `GET|POST /api/admin/faq`, `PUT|DELETE /api/admin/faq/{id}`, `POST /api/admin/faq/{id}/move`; the same
 *   for `/api/admin/advantages`; `GET /api/admin/tooltips`, `PUT /api/admin/tooltips/{key}`;
 * - any staff role: `GET /api/admin/dashboard` (the payments' sums for admins only).
 * Bodies in shared/api/admin-content.ts. Each write is one D1 batch with its audit row; the public pages
 * read these tables through the reference cache (worker/db/reference-data.ts), which this isolate drops at
 * once and every other one within REFERENCE_CACHE_TTL.
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import {
  AdminTooltipParam,
  AdvantageBody,
  FaqBody,
  MoveBody,
  NewTagBody,
  TAG_MAX_DEPTH,
  TagBody,
  TooltipBody,
} from "#shared/api/admin-content.ts";
import { DASHBOARD_DAYS } from "#shared/api/admin-dashboard.ts";
import { IdParam } from "#shared/api/conventions.ts";
import { hasRole } from "#shared/staff-roles.ts";
import type { AppEnv, Database } from "#worker/app-env.ts";
import {
  adminTooltip,
  adminTooltips,
  advantagesStore,
  deleteTag,
  faqStore,
  insertTag,
  type ListStore,
  siblingSlugTaken,
  tagArticleCounts,
  updateTag,
  updateTooltip,
} from "#worker/db/admin-content.ts";
import { dashboard } from "#worker/db/admin-dashboard.ts";
import { loadTags } from "#worker/db/content.ts";
import { forgetReferenceData } from "#worker/db/reference-data.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { staffAction } from "#worker/http/staff-action.ts";
import { requireRole } from "#worker/middleware/staff.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import { toAdminAdvantage, toAdminFaq, toAdminTags, toAdminTooltip } from "./shapes/admin-content.ts";
import { toDashboard } from "./shapes/dashboard.ts";
import { valid } from "./validate.ts";

/** Content writes per editor and hour: far above a day's editing, a ceiling for a stolen session. */
const CONTENT_WRITES_PER_HOUR = 300;

const IdParams = v.object({ id: IdParam });

async function adminTags(db: Database) {
  const [tree, filed] = await Promise.all([loadTags(db), tagArticleCounts(db)]);
  return toAdminTags(tree, filed);
}

const gone = (c: Context<AppEnv>, what: string) => apiError(c, 404, "not_found", `No such ${what}`);
const slugTaken = (c: Context<AppEnv>) =>
  apiError(c, 409, "slug_taken", "Another tag at this level has this slug", { slug: "adminTexts.error.slugTaken" });

export const adminContent = new Hono<AppEnv>();

for (const path of ["/admin/tags", "/admin/faq", "/admin/advantages", "/admin/tooltips"]) {
  adminContent.use(path, requireRole("editor"));
  adminContent.use(`${path}/*`, requireRole("editor"));
  adminContent.on(
    ["POST", "PUT", "DELETE"],
    [path, `${path}/*`],
    throttle((c) => [perUser(c, "content-write", CONTENT_WRITES_PER_HOUR, 3600)]),
  );
}
adminContent.use("/admin/dashboard", async (c, next) => {
  const roles = c.get("user")?.roles ?? [];
  if (roles.length === 0) return apiError(c, 404, "not_found", "No such endpoint");
  await next();
  c.header("Cache-Control", "private, no-store");
});

// ------------------------------------------------------------------------------------------- tags

adminContent
  .get("/admin/tags", async (c) => {
    const items = await adminTags(c.env.DB);
    return c.json({ items, total: items.length });
  })
  .post("/admin/tags", valid("json", NewTagBody), async (c) => {
    const input = c.req.valid("json");
    const tree = await loadTags(c.env.DB);
    const parent = input.parent_id === null ? null : tree.byId.get(input.parent_id);
    if (parent === undefined) {
      return apiError(c, 422, "no_parent", "No such parent tag", { parent_id: "adminTexts.error.noParent" });
    }
    if (parent && parent.depth >= TAG_MAX_DEPTH) {
      return apiError(c, 422, "too_deep", `Tags nest at most ${TAG_MAX_DEPTH} levels`, {
        parent_id: "adminTexts.error.tooDeep",
      });
    }
    if (await siblingSlugTaken(c.env.DB, parent?.id ?? null, input.slug)) return slugTaken(c);
    const id = await insertTag(c.env.DB, parent, input, staffAction(c));
    // The next id or the slug was taken by a write in between: the editor tries again.
    if (id === null) return slugTaken(c);
    forgetReferenceData("tags");
    const created = (await adminTags(c.env.DB)).find((tag) => tag.id === id)!;
    return c.json({ data: created }, 201);
  })
  .put("/admin/tags/:id", valid("param", IdParams), valid("json", TagBody), async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const tag = (await adminTags(c.env.DB)).find((row) => row.id === id);
    if (!tag) return gone(c, "tag");
    if (input.slug !== tag.slug) {
      if (tag.articles > 0) {
        return apiError(c, 409, "slug_in_use", `${tag.articles} articles' addresses hold this slug`, {
          slug: "adminTexts.error.slugInUse",
        });
      }
      if (await siblingSlugTaken(c.env.DB, tag.parent_id, input.slug, id)) return slugTaken(c);
    }
    let updated: boolean;
    try {
      updated = await updateTag(c.env.DB, tag, input, staffAction(c));
    } catch (error) {
      if (error instanceof Error && /constraint/i.test(error.message)) return slugTaken(c);
      throw error;
    }
    if (!updated) {
      return apiError(c, 409, "slug_in_use", "An article was filed under the tag meanwhile", {
        slug: "adminTexts.error.slugInUse",
      });
    }
    forgetReferenceData("tags");
    return c.json({ data: (await adminTags(c.env.DB)).find((row) => row.id === id)! });
  })
  .delete("/admin/tags/:id", valid("param", IdParams), async (c) => {
    const { id } = c.req.valid("param");
    const tag = (await adminTags(c.env.DB)).find((row) => row.id === id);
    if (!tag) return gone(c, "tag");
    if (tag.children > 0 || tag.articles > 0 || !(await deleteTag(c.env.DB, tag, staffAction(c)))) {
      return apiError(c, 409, "tag_not_empty", "Only a tag with no tags and no articles below it can be deleted");
    }
    forgetReferenceData("tags");
    return c.json({ data: { deleted: true } });
  });

// ------------------------------------------------------------------------------ FAQ and advantages

function listRoutes<Input extends Record<string, unknown>, Row extends { id: number; position: number }, Item>(
  path: string,
  what: string,
  s: ListStore<Input, Row>,
  body: v.GenericSchema<unknown, Input>,
  cacheKey: "faq" | "advantages",
  shape: (row: Row) => Item,
) {
  const shaped = (row: Row | null) => (row === null ? null : shape(row));
  adminContent
    .get(path, async (c) => {
      const items = (await s.all(c.env.DB)).map(shape);
      return c.json({ items, total: items.length });
    })
    .post(path, valid("json", body), async (c) => {
      // Hono does not narrow a generic schema's validated type to its output: `as Input` says it.
      const id = await s.insert(c.env.DB, c.req.valid("json") as Input, staffAction(c));
      if (id === null) return apiError(c, 409, "conflict", "Another change came first; try again");
      forgetReferenceData(cacheKey);
      return c.json({ data: shaped(await s.one(c.env.DB, id)) }, 201);
    })
    .put(`${path}/:id`, valid("param", IdParams), valid("json", body), async (c) => {
      const { id } = c.req.valid("param");
      const before = await s.one(c.env.DB, id);
      if (!before || !(await s.update(c.env.DB, before, c.req.valid("json") as Input, staffAction(c)))) {
        return gone(c, what);
      }
      forgetReferenceData(cacheKey);
      return c.json({ data: shaped(await s.one(c.env.DB, id)) });
    })
    .delete(`${path}/:id`, valid("param", IdParams), async (c) => {
      const { id } = c.req.valid("param");
      const before = await s.one(c.env.DB, id);
      if (!before || !(await s.remove(c.env.DB, before, staffAction(c)))) return gone(c, what);
      forgetReferenceData(cacheKey);
      return c.json({ data: { deleted: true } });
    })
    .post(`${path}/:id/move`, valid("param", IdParams), valid("json", MoveBody), async (c) => {
      const { id } = c.req.valid("param");
      if (!(await s.one(c.env.DB, id))) return gone(c, what);
      if (!(await s.move(c.env.DB, id, c.req.valid("json").direction, staffAction(c)))) {
        return apiError(c, 409, "at_end", "The item is already at that end of the list");
      }
      forgetReferenceData(cacheKey);
      const items = (await s.all(c.env.DB)).map(shape);
      return c.json({ items, total: items.length });
    });
}

listRoutes("/admin/faq", "question", faqStore, FaqBody, "faq", toAdminFaq);
listRoutes("/admin/advantages", "advantage", advantagesStore, AdvantageBody, "advantages", toAdminAdvantage);

// ------------------------------------------------------------------------------------------ tooltips

adminContent
  .get("/admin/tooltips", async (c) => {
    const items = (await adminTooltips(c.env.DB)).map(toAdminTooltip);
    return c.json({ items, total: items.length });
  })
  .put("/admin/tooltips/:key", valid("param", AdminTooltipParam), valid("json", TooltipBody), async (c) => {
    const { key } = c.req.valid("param");
    const before = await adminTooltip(c.env.DB, key);
    if (!before || !(await updateTooltip(c.env.DB, before, c.req.valid("json"), staffAction(c)))) {
      return gone(c, "tooltip");
    }
    const after = await adminTooltip(c.env.DB, key);
    return c.json({ data: after && toAdminTooltip(after) });
  });

// ----------------------------------------------------------------------------------------- dashboard

adminContent.get("/admin/dashboard", async (c) => {
  const withMoney = hasRole(c.get("user")!.roles, "admin");
  return c.json({ data: toDashboard(await dashboard(c.env.DB, nowOf(c), DASHBOARD_DAYS), withMoney) });
});
