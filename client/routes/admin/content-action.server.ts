import { data, redirect } from "react-router";
import type { ApiResult } from "#shared/api-client.ts";
import type { ContentFormState } from "#client/components/admin/content-form.tsx";
import { requestedPath } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";

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
