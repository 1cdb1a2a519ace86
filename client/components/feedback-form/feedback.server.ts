import { data, redirect } from "react-router";
import { localizePath } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { appContext, type RequestArgs } from "#client/app-context.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { FeedbackQuestionBody } from "#shared/api/content.ts";
import { limitsOf } from "#shared/validation.ts";
import {
  FEEDBACK_FIELDS,
  type FeedbackActionData,
  type FeedbackField,
  type FeedbackLimits,
} from "./feedback-fields.ts";

/** The form's limits, read from the API's schema on the server: the page's bundle carries no schema. */
export const FEEDBACK_LIMITS = Object.fromEntries(
  FEEDBACK_FIELDS.map((field) => [field, limitsOf(FeedbackQuestionBody.entries[field])]),
) as FeedbackLimits;

/**
 * The action of a page with the question form (about, FAQ): sends the question to
 * POST /api/feedback/question. Sent → 303 to /thank-you/ (a reload does not send it twice); refused →
 * 400 with the typed values and each field's error in the page's language; the API failing → its status (503
 * when it does not answer).
 */
export async function feedbackAction({ request, context }: RequestArgs) {
  const { api, locale } = context.get(appContext);
  const form = await request.formData();
  const values = Object.fromEntries(
    FEEDBACK_FIELDS.map((field) => [field, String(form.get(field) ?? "").slice(0, 4000)]),
  ) as Record<FeedbackField, string>;
  const result = await api.askQuestion(values);
  if (result.ok) throw redirect(`${localizePath(paths.page("thankYou"), locale)}?sent=question`, 303);

  const { fields, status, serverMessage } = formProblem(result, { name: "name", email: "email", question: "question" });
  const invalid = status === 400 && Object.keys(fields).length > 0;
  return data<FeedbackActionData>({ values, errors: fields, failed: !invalid, serverMessage }, { status });
}
