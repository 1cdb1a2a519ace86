import type { ApiResult } from "#shared/api-client.ts";

export type FailedResult = Extract<ApiResult<unknown>, { ok: false }>;

/** Message ids of a form-wide failure, by what went wrong; a form may word one its own way. */
export const FORM_ERRORS = {
  signIn: "form.error.signIn",
  forbidden: "form.error.forbidden",
  rateLimited: "form.error.rateLimited",
  generic: "form.error.generic",
  unavailable: "form.error.unavailable",
} as const;

export interface FormProblem<F extends string> {
  /** Each form field's message id (the API's `fields`, already ids: shared/validation.ts). */
  fields: Partial<Record<F, string>>;
  /** A message id for the whole form: an API field the form has no place for, or the failure itself. */
  error?: string;
  /**
   * The status the form post answers with: the API's, so the browser's notices follow product §8 by it
   * (client/api/api-failures.ts); 503 when the API did not answer.
   */
  status: number;
  /** The API's message of a 500, for the notice that shows it when error logging is on. */
  serverMessage?: string;
}

/**
 * A failed API call as a form shows it — the one mapping from an API problem to a form's fields.
 * `fieldOf` maps the API's field names onto the form's (the first message of a field wins).
 */
export function formProblem<F extends string>(
  result: FailedResult,
  fieldOf: Partial<Record<string, F>>,
  errors: Partial<Record<keyof typeof FORM_ERRORS, string>> = {},
): FormProblem<F> {
  const words = { ...FORM_ERRORS, ...errors };
  const fields: Partial<Record<F, string>> = {};
  let error: string | undefined;
  for (const [key, message] of Object.entries(result.error?.fields ?? {})) {
    const target = fieldOf[key];
    if (target) fields[target] ??= message;
    else error ??= message;
  }
  const status = result.status;
  if (Object.keys(fields).length === 0 && !error) {
    error =
      status === 401
        ? words.signIn
        : status === 403
          ? words.forbidden
          : status === 429
            ? words.rateLimited
            : status && status < 500
              ? words.generic
              : words.unavailable;
  }
  return { fields, error, status: status ?? 503, serverMessage: status === 500 ? result.error?.message : undefined };
}
