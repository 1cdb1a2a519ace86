/**
 * Reported conversations for moderators (decision 039): the admin's list with the newest messages as
 * text, admins only, and the two ways to close a report — dismiss, or block the conversation on the
 * reporter's behalf — through the API and as the page's plain form posts.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiConversationReport } from "#shared/api/messages.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, devSession, Jar, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";

let visitor: SignedIn;
let owner: Jar;
let admin: string;
let conversationId: number;

const adminCall = (path: string, body?: unknown) => call(path, { body, headers: { cookie: admin } });

beforeAll(async () => {
  admin = await devSession("admin");
  owner = new Jar();
  owner.cookies.clear();
  for (const pair of (await devSession("user")).split("; ")) {
    const [name, value] = pair.split("=");
    owner.cookies.set(name!, value!);
  }
  visitor = await signUpByPhone({ name: "Reporter Rada" });
  const listing = await env.DB.prepare(
    "SELECT l.id FROM listings l JOIN users u ON u.id = l.owner_id WHERE u.email = 'user@kvadrat.test' AND l.status = 'active' LIMIT 1",
  ).first<{ id: number }>();
  const first = await call("/api/cabinet/messages/create", {
    body: { realty_id: listing!.id, text: "Is it still free?" },
    jar: visitor.jar,
  });
  expect(first.status).toBe(201);
  conversationId = (await first.json<{ data: { conversation_id: number } }>()).data.conversation_id;
  const reply = await call("/api/cabinet/messages/create", {
    body: { conversation_id: conversationId, text: "Pay <b>now</b> at https://pay.example/x or lose it." },
    jar: owner,
  });
  expect(reply.status).toBe(201);
  const reported = await call("/api/cabinet/messages/report", {
    body: { conversation_id: conversationId, reason: "fraud", text: "Asks for money first." },
    jar: visitor.jar,
  });
  expect(reported.status).toBe(200);
});

const open = async () =>
  (await (await adminCall("/api/admin/messages/reports")).json<{ items: ApiConversationReport[] }>()).items.filter(
    (report) => report.conversation_id === conversationId,
  );

describe("GET /api/admin/messages/reports", () => {
  it("gives admins the open reports with the conversation's messages, oldest first", async () => {
    const [report] = await open();
    expect(report).toMatchObject({
      reason: "fraud",
      text: "Asks for money first.",
      reporter: { id: visitor.user.id, name: "Reporter Rada" },
      reported: { name: "Ana Petrović" },
      blocked: false,
    });
    expect(report!.messages.map((m) => m.text)).toEqual([
      "Is it still free?",
      "Pay <b>now</b> at https://pay.example/x or lose it.",
    ]);
  });

  it("is 404 for everyone else", async () => {
    expect((await call("/api/admin/messages/reports", { jar: visitor.jar })).status).toBe(404);
    expect((await call("/api/admin/messages/reports")).status).toBe(404);
    expect(
      (await call("/api/admin/messages/reports/1/resolve", { body: { action: "dismiss" }, jar: visitor.jar })).status,
    ).toBe(404);
  });

  it("refuses an unknown action, naming it", async () => {
    const [report] = await open();
    const res = await adminCall(`/api/admin/messages/reports/${report!.id}/resolve`, { action: "ban" });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { fields: Record<string, string> } }>()).error.fields).toHaveProperty("action");
  });
});

describe("the reported conversations page", () => {
  const page = (path: string, init: RequestInit = {}) =>
    SELF.fetch(`${ORIGIN}${path}`, {
      redirect: "manual",
      ...init,
      headers: { "user-agent": BROWSER_UA, cookie: admin, ...(init.headers as Record<string, string>) },
    });

  it("shows each report with the messages as text, and is reached from the moderation queue", async () => {
    const html = await (await page("/admin/moderation/conversations/")).text();
    expect(html).toContain("Reporter Rada reported Ana Petrović");
    // Inert: the tag shows as typed; the address is a link that passes nothing on.
    expect(html).toContain("Pay &lt;b&gt;now&lt;/b&gt; at ");
    expect(html).toContain('<a href="https://pay.example/x" rel="nofollow ugc noopener" target="_blank">');
    expect(html).toContain('<meta name="robots" content="noindex');
    const queue = await (await page("/admin/moderation/")).text();
    expect(queue).toContain('href="/admin/moderation/conversations/"');
    const user = await SELF.fetch(`${ORIGIN}/admin/moderation/conversations/`, {
      headers: { "user-agent": BROWSER_UA, cookie: owner.header() },
    });
    expect(user.status).toBe(404);
  });

  it("closes a report and blocks the conversation on the reporter's behalf, by a plain form post", async () => {
    const [report] = await open();
    const res = await page("/admin/moderation/conversations/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: new URLSearchParams({ id: String(report!.id), action: "block" }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/moderation/conversations/?done=block");
    expect(await open()).toEqual([]);
    const conversation = await env.DB.prepare("SELECT blocked_by FROM conversations WHERE id = ?")
      .bind(conversationId)
      .first<{ blocked_by: number }>();
    expect(conversation!.blocked_by).toBe(visitor.user.id);
    // Nothing more goes either way.
    const after = await call("/api/cabinet/messages/create", {
      body: { conversation_id: conversationId, text: "Hello?" },
      jar: owner,
    });
    expect(after.status).toBe(409);
    // Closed already: a second decision finds nothing.
    expect((await adminCall(`/api/admin/messages/reports/${report!.id}/resolve`, { action: "dismiss" })).status).toBe(
      404,
    );
    const done = await (await page("/admin/moderation/conversations/?done=block")).text();
    expect(done).toContain("The report is closed and the conversation blocked.");
    // One audit row, the moderator's, for the one decision that changed something.
    const { results } = await env.DB.prepare(
      "SELECT action, actor_kind, after FROM audit_log WHERE target_kind = 'conversation' AND target_id = ?",
    )
      .bind(String(conversationId))
      .all();
    expect(results).toEqual([
      { action: "conversation.block", actor_kind: "user", after: JSON.stringify({ blocked_for: visitor.user.id }) },
    ]);
  });
});
