import type { Limits } from "#shared/validation.ts";

/** The fields of the question form, in order. */
export const FEEDBACK_FIELDS = ["name", "email", "question"] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/** Each field's limits as POST /api/feedback/question checks them (`feedbackLimits`, with the page's data). */
export type FeedbackLimits = Record<FeedbackField, Limits>;

/** What the form's action answers when the question was not sent. */
export interface FeedbackActionData {
  values: Record<FeedbackField, string>;
  /** Each field's message id (shared/validation.ts), formatted with the field's limits. */
  errors: Partial<Record<FeedbackField, string>>;
  /** The question could not be sent at all (the API failed). */
  failed: boolean;
  /** The API's message of a 500 (client/api/api-failures.ts). */
  serverMessage?: string;
}
