import { describe, expect, it, vi } from "vitest";
import { type Mail, sendViaProvider } from "./mailer.ts";

const mail: Mail = {
  to: "ana@example.rs",
  subject: "New listings",
  text: "Plain text",
  html: "<p>With a photo</p>",
  purpose: "saved_search_digest",
  headers: { "List-Unsubscribe": "<https://kvadrat.rs/api/unsubscribe/one-click?token=t>" },
};

const mockFetch = () => vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response("{}"));
const bodyOf = (fetch: ReturnType<typeof mockFetch>) => JSON.parse(String(fetch.mock.calls[0]![1]!.body));

describe("e-mail providers (mocked fetch): the HTML part and the headers", () => {
  it("resend: `html` beside `text`", async () => {
    const fetch = mockFetch();
    await sendViaProvider({ EMAIL_PROVIDER: "resend", EMAIL_API_KEY: "k", EMAIL_FROM: "a@kvadrat.rs" }, mail, fetch);
    expect(bodyOf(fetch)).toMatchObject({ text: "Plain text", html: "<p>With a photo</p>", headers: mail.headers });
  });

  it("postmark: `HtmlBody` beside `TextBody`", async () => {
    const fetch = mockFetch();
    await sendViaProvider({ EMAIL_PROVIDER: "postmark", EMAIL_API_KEY: "k", EMAIL_FROM: "a@kvadrat.rs" }, mail, fetch);
    expect(bodyOf(fetch)).toMatchObject({
      TextBody: "Plain text",
      HtmlBody: "<p>With a photo</p>",
      Headers: [{ Name: "List-Unsubscribe", Value: mail.headers!["List-Unsubscribe"] }],
    });
  });

  it("plain text only when there is no HTML part", async () => {
    const fetch = mockFetch();
    const { html: _, ...text } = mail;
    await sendViaProvider({ EMAIL_PROVIDER: "resend", EMAIL_API_KEY: "k", EMAIL_FROM: "a@kvadrat.rs" }, text, fetch);
    expect(bodyOf(fetch)).not.toHaveProperty("html");
  });
});

describe("the provider's origin", () => {
  const urlOf = (fetch: ReturnType<typeof mockFetch>) => String(fetch.mock.calls[0]![0]);
  it("is the provider's public one by default", async () => {
    const fetch = mockFetch();
    await sendViaProvider({ EMAIL_PROVIDER: "resend", EMAIL_API_KEY: "k", EMAIL_FROM: "a@kvadrat.rs" }, mail, fetch);
    expect(urlOf(fetch)).toBe("https://api.resend.com/emails");
  });
  it("is EMAIL_API_BASE when set (a stand-in), a trailing slash dropped", async () => {
    const fetch = mockFetch();
    const env = { EMAIL_API_KEY: "k", EMAIL_FROM: "a@kvadrat.rs", EMAIL_API_BASE: "http://127.0.0.1:9999/" };
    await sendViaProvider({ ...env, EMAIL_PROVIDER: "postmark" }, mail, fetch);
    expect(urlOf(fetch)).toBe("http://127.0.0.1:9999/email");
  });
});
