import { env, SELF } from "cloudflare:test";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FeedbackQuestionResponse } from "#shared/api/content.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";

const post = (body: unknown, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}/api/feedback/question`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const good = { name: "Ana Petrović", email: "ana@example.rs", question: "Kako da postavim oglas za stan?" };

async function fieldsOf(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400);
  const body = await res.json<{ error: { code: string; fields: Record<string, string> } }>();
  expect(body.error.code).toBe("invalid_input");
  return body.error.fields;
}

const stored = (id: number) =>
  env.DB.prepare("SELECT name, email, question, locale, created_at FROM feedback_questions WHERE id = ?")
    .bind(id)
    .first<{ name: string; email: string; question: string; locale: string; created_at: number }>();

describe("POST /api/feedback/question", () => {
  it("stores a trimmed question with the request's locale: 201 { data: { id } }", async () => {
    const before = Date.now();
    const res = await post({
      name: "  Ana Petrović ",
      email: " ana@example.rs ",
      question: "  Kako da postavim oglas za stan?\n",
    });
    expect(res.status).toBe(201);
    const { data } = v.parse(FeedbackQuestionResponse, await res.json());
    expect(data.id).toBeGreaterThan(0);
    const row = await stored(data.id);
    expect(row).toMatchObject({ ...good, locale: "en" });
    expect(row!.created_at).toBeGreaterThanOrEqual(before - 1000);
  });

  it("keeps the locale of ?locale= or Accept-Language", async () => {
    const ru = v.parse(
      FeedbackQuestionResponse,
      await (await post(good, { "accept-language": "ru-RU,ru;q=0.9" })).json(),
    );
    expect((await stored(ru.data.id))!.locale).toBe("ru");
    const res = await SELF.fetch(`${ORIGIN}/api/feedback/question?locale=sr`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "ru" },
      body: JSON.stringify(good),
    });
    const sr = v.parse(FeedbackQuestionResponse, await res.json());
    expect((await stored(sr.data.id))!.locale).toBe("sr");
  });

  it("each call is a new question", async () => {
    const a = v.parse(FeedbackQuestionResponse, await (await post(good)).json());
    const b = v.parse(FeedbackQuestionResponse, await (await post(good)).json());
    expect(b.data.id).not.toBe(a.data.id);
  });

  it("accepts the limits and unicode", async () => {
    const res = await post({
      name: "Ђ".repeat(100),
      email: `${"a".repeat(64)}@${"b".repeat(60)}.rs`,
      question: `🏠${"ж".repeat(1998)}🔑`.slice(0, 2000),
    });
    expect(res.status).toBe(201);
    const sql = await post({
      name: "Robert'); DROP TABLE feedback_questions;--",
      email: "x@example.com",
      question: "' OR 1=1; -- is this safe?",
    });
    expect(sql.status).toBe(201);
    const { data } = v.parse(FeedbackQuestionResponse, await sql.json());
    expect((await stored(data.id))!.name).toBe("Robert'); DROP TABLE feedback_questions;--");
  });

  it("400 names name", async () => {
    for (const name of ["", "   ", "n".repeat(101), 42, null, ["Ana"]]) {
      expect(await fieldsOf(await post({ ...good, name })), JSON.stringify(name)).toHaveProperty("name");
    }
    expect(await fieldsOf(await post({ email: good.email, question: good.question }))).toHaveProperty("name");
  });

  it("400 names email", async () => {
    for (const email of [
      "",
      "ana",
      "ana@",
      "@example.rs",
      "ana@@example.rs",
      "ana example@x.rs",
      `${"a".repeat(250)}@x.rs`,
      1,
      true,
    ]) {
      expect(await fieldsOf(await post({ ...good, email })), JSON.stringify(email)).toHaveProperty("email");
    }
  });

  it("400 names question", async () => {
    for (const question of ["", "too short", "   short   ", "q".repeat(2001), {}, 1234567890]) {
      expect(await fieldsOf(await post({ ...good, question })), JSON.stringify(question)).toHaveProperty("question");
    }
  });

  it("400 names every bad field at once", async () => {
    const fields = await fieldsOf(await post({ name: "", email: "nope", question: "?" }));
    expect(Object.keys(fields).sort()).toEqual(["email", "name", "question"]);
    expect(Object.keys(await fieldsOf(await post({}))).sort()).toEqual(["email", "name", "question"]);
  });

  it("400 for a body that is not a JSON object", async () => {
    for (const body of ["{", "not json", "[]", "null", '"text"', "42", ""]) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "invalid_input" } });
    }
    // Form data is not the JSON the endpoint takes (decision 027).
    const form = await SELF.fetch(`${ORIGIN}/api/feedback/question`, {
      method: "POST",
      body: new URLSearchParams(good),
    });
    expect(form.status).toBe(415);
  });

  it("another method is a 405 naming POST, in the API's error shape", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await SELF.fetch(`${ORIGIN}/api/feedback/question`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await res.json()).toMatchObject({ error: { code: "method_not_allowed" } });
    }
  });

  it("no junk gives a 5xx", async () => {
    const junk: unknown[] = [
      "\u0000",
      "x".repeat(100_000),
      { name: { $gt: "" }, email: ["a@b.c"], question: null },
      { name: "A", email: "a@b.co", question: "x".repeat(10), extra: "ignored" },
      { __proto__: { name: "x" } },
      { name: "\ud800", email: "a@b.co", question: "\udfff".repeat(20) },
    ];
    for (const body of junk) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBeLessThan(500);
    }
  });
});
