import { describe, expect, it, vi } from "vitest";
import { type CodeMessage, DeliveryError, sendEmail, sendSms } from "./senders.ts";

const sms: CodeMessage = { channel: "sms", to: "+381641234567", purpose: "login", code: "123456", locale: "sr" };
const mail: CodeMessage = { channel: "email", to: "ana@example.rs", purpose: "register", code: "654321", locale: "ru" };

function mockFetch(status = 200) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response("{}", { status }));
}

describe("SMS providers (mocked fetch)", () => {
  it("infobip: JSON to {base}/sms/2/text/advanced with an App key", async () => {
    const fetch = mockFetch();
    await sendSms(
      {
        SMS_PROVIDER: "infobip",
        SMS_API_BASE_URL: "https://xyz.api.infobip.com/",
        SMS_API_KEY: "k",
        SMS_SENDER: "Kvadrat",
      },
      sms,
      fetch,
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("https://xyz.api.infobip.com/sms/2/text/advanced");
    expect(new Headers(init!.headers).get("authorization")).toBe("App k");
    const body = JSON.parse(String(init!.body));
    expect(body.messages[0].destinations[0].to).toBe("381641234567");
    expect(body.messages[0].text).toContain("123456");
    expect(body.messages[0].text).toContain("Vaš");
  });

  it("twilio: form POST with basic auth", async () => {
    const fetch = mockFetch(201);
    await sendSms(
      { SMS_PROVIDER: "twilio", SMS_ACCOUNT_SID: "AC1", SMS_API_KEY: "secret", SMS_SENDER: "+15005550006" },
      sms,
      fetch,
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json");
    expect(new Headers(init!.headers).get("authorization")).toBe(`Basic ${btoa("AC1:secret")}`);
    const form = new URLSearchParams(String(init!.body));
    expect(form.get("To")).toBe("+381641234567");
    expect(form.get("Body")).toContain("123456");
  });

  it("provider errors and missing settings are DeliveryErrors", async () => {
    await expect(
      sendSms({ SMS_PROVIDER: "infobip", SMS_API_BASE_URL: "https://x", SMS_API_KEY: "k" }, sms, mockFetch(500)),
    ).rejects.toBeInstanceOf(DeliveryError);
    await expect(sendSms({ SMS_PROVIDER: "infobip" }, sms, mockFetch())).rejects.toBeInstanceOf(DeliveryError);
    await expect(sendSms({}, sms, mockFetch())).rejects.toBeInstanceOf(DeliveryError);
  });
});

describe("e-mail providers (mocked fetch)", () => {
  it("resend: bearer JSON", async () => {
    const fetch = mockFetch();
    await sendEmail(
      { EMAIL_PROVIDER: "resend", EMAIL_API_KEY: "re_1", EMAIL_FROM: "Kvadrat <no-reply@kvadrat.rs>" },
      mail,
      fetch,
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("https://api.resend.com/emails");
    expect(new Headers(init!.headers).get("authorization")).toBe("Bearer re_1");
    const body = JSON.parse(String(init!.body));
    expect(body).toMatchObject({
      from: "Kvadrat <no-reply@kvadrat.rs>",
      to: ["ana@example.rs"],
      subject: "Ваш код Kvadrat",
    });
    expect(body.text).toContain("654321");
  });

  it("postmark: server token header", async () => {
    const fetch = mockFetch();
    await sendEmail(
      { EMAIL_PROVIDER: "postmark", EMAIL_API_KEY: "pm", EMAIL_FROM: "no-reply@kvadrat.rs" },
      mail,
      fetch,
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("https://api.postmarkapp.com/email");
    expect(new Headers(init!.headers).get("x-postmark-server-token")).toBe("pm");
    expect(JSON.parse(String(init!.body))).toMatchObject({ To: "ana@example.rs", From: "no-reply@kvadrat.rs" });
  });

  it("no provider, an unknown one (a configuration error) or a failing one rejects", async () => {
    await expect(sendEmail({ EMAIL_FROM: "a@b.rs" }, mail, mockFetch())).rejects.toBeInstanceOf(DeliveryError);
    await expect(sendEmail({ EMAIL_PROVIDER: "smtp", EMAIL_FROM: "a@b.rs" }, mail, mockFetch())).rejects.toThrow(
      /EMAIL_PROVIDER must be one of "resend", "postmark" \(it is "smtp"\)/,
    );
    await expect(
      sendEmail({ EMAIL_PROVIDER: "resend", EMAIL_API_KEY: "x", EMAIL_FROM: "a@b.rs" }, mail, mockFetch(422)),
    ).rejects.toBeInstanceOf(DeliveryError);
  });
});
