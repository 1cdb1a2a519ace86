import { FeedbackQuestionBody } from "#shared/api/content.ts";
import { type Limits, limitsOf } from "#shared/validation.ts";

/** The fields of the question form, in order. */
export const FEEDBACK_FIELDS = ["name", "email", "question"] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/** The limits of POST /api/feedback/question, read from its schema for the form's constraint validation. */
export const FEEDBACK_LIMITS = Object.fromEntries(
  FEEDBACK_FIELDS.map((field) => [field, limitsOf(FeedbackQuestionBody.entries[field])]),
) as Record<FeedbackField, Limits>;

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
