import { Hono } from "hono";
import { FeedbackQuestionBody } from "#shared/api/content.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { insertFeedbackQuestion } from "#worker/db/content.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { valid } from "./validate.ts";

/** SPEC §7 "Content": a visitor's question from the FAQ page, kept with the visitor's language. */
export const feedback = new Hono<AppEnv>().post(
  "/feedback/question",
  valid("json", FeedbackQuestionBody),
  async (c) => {
    const body = c.req.valid("json");
    const id = await insertFeedbackQuestion(c.env.DB, { ...body, locale: apiLocale(c) });
    return c.json({ data: { id } }, 201);
  },
);
