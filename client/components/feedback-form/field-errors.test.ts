import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FeedbackQuestionBody } from "#shared/api/content.ts";
import { localizeFieldError } from "./field-errors.ts";

const issuesOf = (input: unknown) =>
  Object.fromEntries(
    (v.safeParse(FeedbackQuestionBody, input).issues ?? []).map((issue) => [
      issue.path?.[0]?.key as string,
      issue.message,
    ]),
  );

describe("localizeFieldError", () => {
  it("names every rule of the API's question schema", () => {
    for (const message of Object.values(issuesOf({})))
      expect(localizeFieldError(message)).toEqual({ key: "feedback.error.required" });
    const cases: [unknown, string, ReturnType<typeof localizeFieldError>][] = [
      [{ name: " ", email: "a@b.rs", question: "long enough question" }, "name", { key: "feedback.error.required" }],
      [
        { name: "x".repeat(101), email: "a@b.rs", question: "long enough question" },
        "name",
        { key: "feedback.error.tooLong", values: { max: 100 } },
      ],
      [{ name: "Ana", email: "nope", question: "long enough question" }, "email", { key: "feedback.error.email" }],
      [
        { name: "Ana", email: "a@b.rs", question: "short" },
        "question",
        { key: "feedback.error.tooShort", values: { min: 10 } },
      ],
      [
        { name: "Ana", email: "a@b.rs", question: "q".repeat(2001) },
        "question",
        { key: "feedback.error.tooLong", values: { max: 2000 } },
      ],
    ];
    for (const [input, field, expected] of cases) {
      const message = issuesOf(input)[field];
      expect(message, field).toBeTruthy();
      expect(localizeFieldError(message!)).toEqual(expected);
    }
  });

  it("falls back to a general message", () => {
    expect(localizeFieldError("is odd")).toEqual({ key: "feedback.error.invalid" });
  });
});
