import { Hono } from "hono";
import { FeedbackQuestionBody } from "#shared/api/content.ts";
import { FEEDBACK_QUESTIONS_PER_IP_PER_HOUR } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { insertFeedbackQuestion } from "#worker/db/content.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { perAddress, throttle } from "#worker/middleware/throttle.ts";
import { valid } from "./validate.ts";

/** Product §7 "Content": a visitor's question from the FAQ page, kept with the visitor's language. */
export const feedback = new Hono<AppEnv>().post(
  "/feedback/question",
  valid("json", FeedbackQuestionBody),
  throttle((c) => [perAddress(c, "feedback", FEEDBACK_QUESTIONS_PER_IP_PER_HOUR, 3600)]),
  async (c) => {
    const body = c.req.valid("json");
    const id = await insertFeedbackQuestion(c.env.DB, { ...body, locale: apiLocale(c) });
    return c.json({ data: { id } }, 201);
  },
);
