import { createScheduledController, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkUnsubscribeToken } from "#worker/auth/unsubscribe-token.ts";
import { scheduled } from "#worker/scheduled.ts";

it("is the built Worker's scheduled handler", async () => {
  // The module the workers project serves (vitest.config.ts `main`), found at run time: it exists once built.
  const built = "../../.builds/test/server/index.js";
  const worker = (await import(/* @vite-ignore */ built)).default as ExportedHandler<Env>;
  const DAY = 24 * 60 * 60 * 1000;
  const { id } = (await env.DB.prepare(
    "UPDATE listings SET expires_at = ? WHERE id = (SELECT id FROM listings WHERE status = 'active' AND deleted_at IS NULL ORDER BY id DESC LIMIT 1) RETURNING id",
  )
    .bind(Date.now() - DAY)
    .first<{ id: number }>())!;
  await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), env, {
    waitUntil() {},
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext);
  expect(await env.DB.prepare("SELECT status FROM listings WHERE id = ?").bind(id).first()).toEqual({
    status: "archived",
  });
});

describe("expiry (decision 038)", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const run = (now: number) => scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), env);
  const row = (id: number) =>
    env.DB.prepare("SELECT status, expires_at, reminded_at, deleted_at FROM listings WHERE id = ?")
      .bind(id)
      .first<{ status: string; expires_at: number; reminded_at: number | null; deleted_at: number | null }>();
  const active = async (n: number) =>
    (
      await env.DB.prepare("SELECT id, owner_id FROM listings WHERE status = 'active' ORDER BY id LIMIT ?")
        .bind(n)
        .all<{
          id: number;
          owner_id: number;
        }>()
    ).results;

  /** The owner reads Russian e-mail at a confirmed address of their own. */
  async function ownerOf(listing: { id: number; owner_id: number }, locale: string | null) {
    const email = `owner-${listing.id}-${Math.floor(Math.random() * 1e6)}@example.rs`;
    await env.DB.prepare("UPDATE users SET email = ?, email_verified_at = 1, locale = ? WHERE id = ?")
      .bind(email, locale, listing.owner_id)
      .run();
    return email;
  }

  it("archives public listings whose run ended, with an `expired` event, and leaves deleted and running ones", async () => {
    const now = Date.now();
    const [ended, running, deleted] = await active(3);
    await env.DB.batch([
      env.DB.prepare("UPDATE listings SET expires_at = ? WHERE id = ?").bind(now - 60_000, ended!.id),
      env.DB.prepare("UPDATE listings SET expires_at = ? WHERE id = ?").bind(now + 10 * DAY, running!.id),
      env.DB.prepare("UPDATE listings SET expires_at = ?, deleted_at = ? WHERE id = ?").bind(
        now - 60_000,
        now - DAY,
        deleted!.id,
      ),
    ]);
    await run(now);
    expect(await row(ended!.id)).toMatchObject({ status: "archived" });
    expect(await row(running!.id)).toMatchObject({ status: "active" });
    expect(await row(deleted!.id)).toMatchObject({ status: "active" });
    const event = await env.DB.prepare(
      "SELECT status, reason, actor_id FROM listing_events WHERE listing_id = ? ORDER BY id DESC LIMIT 1",
    )
      .bind(ended!.id)
      .first();
    expect(event).toEqual({ status: "archived", reason: "expired", actor_id: null });
    // Out of the public site at once.
    expect((await SELF.fetch(`https://kvadrat.test/api/realty/${ended!.id}`)).status).toBe(404);
  });

  it("e-mails the owner once, in their language, with a signed link that renews the listing once", async () => {
    const now = Date.now();
    const [listing] = await active(1);
    const email = await ownerOf(listing!, "ru");
    const expiresAt = now + 2 * DAY;
    await env.DB.prepare("UPDATE listings SET expires_at = ?, reminded_at = NULL WHERE id = ?")
      .bind(expiresAt, listing!.id)
      .run();
    await run(now);
    expect(await row(listing!.id)).toMatchObject({ status: "active", reminded_at: now });
    const inbox = async () =>
      (
        await (
          await SELF.fetch(`https://kvadrat.test/api/dev/outbox?to=${encodeURIComponent(email)}`)
        ).json<{
          items: { purpose: string; subject: string; body: string }[];
        }>()
      ).items.filter(
        // This listing's reminders: the owner's other listings may enter the reminder's window meanwhile.
        (item) => item.purpose === "expiry_reminder" && item.body.includes(`/listing/renew/${listing!.id}/`),
      );
    const [letter, ...more] = await inbox();
    expect(more).toEqual([]);
    expect(letter!.subject).toBe("Срок вашего объявления скоро истекает");
    const link = /http:\/\/localhost:8787\/ru\/listing\/renew\/(\d+)\/\?token=(\S+)/.exec(letter!.body);
    expect(link?.[1]).toBe(String(listing!.id));
    // The next hour's run reminds nobody again.
    await run(now + 60 * 60 * 1000);
    expect(await inbox()).toHaveLength(1);

    // The link renews without a session, once.
    const renew = () =>
      SELF.fetch(`https://kvadrat.test/api/cabinet/realties/${listing!.id}/renew`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body: JSON.stringify({ token: decodeURIComponent(link![2]!) }),
      });
    const first = await renew();
    expect(first.status).toBe(200);
    const renewed = await row(listing!.id);
    expect(renewed!.expires_at).toBeGreaterThan(expiresAt + 25 * DAY);
    expect(renewed!.reminded_at).toBeNull();
    expect((await renew()).status).toBe(410);
  });

  it("carries the listing_updates unsubscribe links, and is not sent to an owner who left that list", async () => {
    const now = Date.now();
    const [listing] = await active(1);
    const email = await ownerOf(listing!, "sr");
    await env.DB.prepare("UPDATE listings SET expires_at = ?, reminded_at = NULL WHERE id = ?")
      .bind(now + DAY, listing!.id)
      .run();
    await run(now);
    const reminders = async () =>
      (
        await (
          await SELF.fetch(`https://kvadrat.test/api/dev/outbox?to=${encodeURIComponent(email)}`)
        ).json<{ items: { purpose: string; body: string; headers: Record<string, string> }[] }>()
      ).items.filter(
        // This listing's: the owner's other listings may enter the reminder's window meanwhile.
        (item) => item.purpose === "expiry_reminder" && item.body.includes(`/listing/renew/${listing!.id}/`),
      );
    const [letter] = await reminders();
    const token = /one-click\?token=([^>]+)>$/.exec(letter!.headers["List-Unsubscribe"]!)![1]!;
    expect(letter!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await checkUnsubscribeToken(env, token, now)).toMatchObject({
      ok: true,
      userId: listing!.owner_id,
      scope: { kind: "list", list: "listing_updates" },
    });
    expect(letter!.body).toContain(`http://localhost:8787/sr/unsubscribe/?token=${token}`);

    // Left: the next run's reminder of another run is not sent; the listing is claimed all the same.
    await env.DB.prepare(
      "INSERT INTO email_subscriptions (email, list, subscribed, updated_at) VALUES (?, 'listing_updates', 0, ?)",
    )
      .bind(email, now)
      .run();
    await env.DB.prepare("UPDATE listings SET expires_at = ?, reminded_at = NULL WHERE id = ?")
      .bind(now + 2 * DAY, listing!.id)
      .run();
    await run(now + 60_000);
    expect(await reminders()).toHaveLength(1);
    expect(await row(listing!.id)).toMatchObject({ reminded_at: now + 60_000 });
  });

  it("does not e-mail an owner without a confirmed address, and claims the listing all the same", async () => {
    const now = Date.now();
    const [listing] = await active(1);
    await env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE id = ?").bind(listing!.owner_id).run();
    await env.DB.prepare("UPDATE listings SET expires_at = ?, reminded_at = NULL WHERE id = ?")
      .bind(now + DAY, listing!.id)
      .run();
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM dev_outbox").first<{ n: number }>();
    await run(now);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM dev_outbox").first<{ n: number }>()).toEqual(before);
    expect(await row(listing!.id)).toMatchObject({ reminded_at: now });
  });
});
