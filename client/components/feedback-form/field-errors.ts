/** The fields of the question form, in order. */
export const FEEDBACK_FIELDS = ["name", "email", "question"] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/** Limits of POST /api/feedback/question (shared/api/content.ts), mirrored as constraint validation. */
export const FEEDBACK_LIMITS = {
  name: { max: 100 },
  email: { max: 254 },
  question: { min: 10, max: 2000 },
} as const;

/** A message of `locales/*.json` with its values. */
export interface LocalizedError {
  key: string;
  values?: Record<string, number>;
}

/**
 * The API answers field errors in English (`"must be at least 10 characters"`); the page shows them
 * in its language: the rule is recognised and named by a message key, its number kept.
 */
export function localizeFieldError(message: string): LocalizedError {
  const min = /at least (\d+)/.exec(message);
  if (min) return { key: "feedback.error.tooShort", values: { min: Number(min[1]) } };
  const max = /at most (\d+)/.exec(message);
  if (max) return { key: "feedback.error.tooLong", values: { max: Number(max[1]) } };
  // A field missing from the body altogether: "Invalid key: Expected "name" but received undefined".
  if (/required|received undefined/i.test(message)) return { key: "feedback.error.required" };
  if (/e-?mail/i.test(message)) return { key: "feedback.error.email" };
  return { key: "feedback.error.invalid" };
}

/** What the form's action answers when the question was not sent. */
export interface FeedbackActionData {
  values: Record<FeedbackField, string>;
  errors: Partial<Record<FeedbackField, LocalizedError>>;
  /** The question could not be sent at all (the API failed). */
  failed: boolean;
}
