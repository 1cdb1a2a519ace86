import { data, redirect } from "react-router";
import type { ApiResult } from "#shared/api-client.ts";
import type { ContentFormState } from "#client/components/admin/content-form.tsx";
import { requestedPath } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";

/** The form's text fields, as sent (a missing one is empty: the API names it). */
export function textsOf(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

/**
 * After a content form post: success goes back to the page saying what was done (`?done=`, at the item's
 * anchor); a refusal naming fields comes back to the form with the values sent and an error beside each
 * field; one naming none (the item gone, at an end of the list) says so at the top.
 */
export function afterPost<T>(
  request: Request,
  result: ApiResult<T>,
  done: string,
  form: string,
  values: Record<string, string>,
  anchor = "",
) {
  if (result.ok) {
    const { url, path } = requestedPath(request);
    const back = new URL(path, url);
    back.searchParams.set("done", done);
    throw redirect(back.pathname + back.search + (anchor ? `#${anchor}` : ""));
  }
  if (result.status === undefined || result.status >= 500) throw unavailable();
  const fields = result.error?.fields ?? {};
  const state: ContentFormState & { code: string } = { form, values, fields, code: result.error?.code ?? "" };
  return data(state, { status: result.status === 404 ? 404 : 400 });
}

/** The API calls behind a page of ordered items (`OrderedItems`), for a body of the form's values. */
export interface OrderedItemsApi<Body> {
  create: (body: Body) => Promise<ApiResult<unknown>>;
  update: (id: number, body: Body) => Promise<ApiResult<unknown>>;
  remove: (id: number) => Promise<ApiResult<unknown>>;
  move: (id: number, direction: "up" | "down") => Promise<ApiResult<unknown>>;
}

/**
 * A post of an ordered items page: its intent (create, save, delete, up, down) on the item the form names,
 * answered as `afterPost` says. `values` are the item's fields as sent, the body of a create or a save.
 */
export async function orderedItemsAction<Body>(
  request: Request,
  form: FormData,
  { anchor, values, api }: { anchor: string; values: Record<string, string>; api: OrderedItemsApi<Body> },
) {
  const intent = String(form.get("intent") ?? "");
  const body = values as Body;
  if (intent === "create") return afterPost(request, await api.create(body), "created", "new", values);
  const id = parseId(String(form.get("id") ?? ""));
  if (!id) throw unavailable();
  const at = `${anchor}-${id}`;
  if (intent === "save") return afterPost(request, await api.update(id, body), "saved", String(id), values, at);
  if (intent === "delete") return afterPost(request, await api.remove(id), "deleted", String(id), {});
  if (intent === "up" || intent === "down") {
    return afterPost(request, await api.move(id, intent), "moved", String(id), {}, at);
  }
  throw unavailable();
}
