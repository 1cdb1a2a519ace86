/**
 * Changes to an approved listing wait for a moderator (decision 053): a new text or photo of a public
 * listing stays out of every public read (detail API and page, search, text search) until approved;
 * rejecting keeps the approved version and tells the owner why; the owner sees the changes waiting in the
 * edit API, the preview and the cabinet; facts stay immediate; deleting a photo is immediate.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiModerationItem, ApiOwnerListing } from "#shared/api/cabinet.ts";
import type { Paged } from "#shared/api/conventions.ts";
import type { ApiListingEdit } from "#shared/api/listing-edit.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import type { ApiListingDetail, ApiPreview } from "#shared/api/realty.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { SMALL_JPEG } from "#tests/fixtures/photos.ts";
import { call, type Jar, outbox, uniqueIp } from "./auth-fixtures.ts";
import { adminJar, auditRows, owner, type Owner, published } from "./moderation-fixtures.ts";

let admin: Jar;
let seller: Owner;

const FRAUD = "Pay the deposit to IBAN RS35105008123123123173 today, then write to fraudcontact at example dot com.";
const APPROVED = "Sunny two-room flat in the old town, quiet courtyard, new windows.";

const edit = (id: number, step: string, body: Record<string, unknown>) =>
  call(`/api/realty/edit/${step}`, { body: { id, ...body }, jar: seller.jar, ip: seller.ip });

async function ownerEdit(id: number): Promise<ApiListingEdit> {
  const res = await call(`/api/realty/edit/${id}`, { jar: seller.jar, ip: seller.ip });
  expect(res.status).toBe(200);
  return (await res.json<{ data: ApiListingEdit }>()).data;
}

async function publicDetail(id: number): Promise<ApiListingDetail> {
  const res = await call(`/api/realty/${id}`, { ip: uniqueIp() });
  expect(res.status).toBe(200);
  return (await res.json<{ data: ApiListingDetail }>()).data;
}

/** The public page as a visitor's browser gets it, rendered now (never a copy kept from before). */
async function publicPage(path: string) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    headers: {
      "user-agent": BROWSER_UA,
      "accept-language": "en",
      cookie: "locale=en",
      "x-debug-page-cache": "off",
    },
  });
  expect(res.status).toBe(200);
  return res.text();
}

async function upload(id: number): Promise<ApiListingPhoto> {
  const form = new FormData();
  form.set("id", String(id));
  form.set("file", new File([SMALL_JPEG as Uint8Array<ArrayBuffer>], "photo.jpg", { type: "image/jpeg" }));
  const res = await SELF.fetch(`${ORIGIN}/api/realty/edit/image`, {
    method: "POST",
    headers: {
      "x-requested-with": "XMLHttpRequest",
      origin: ORIGIN,
      "cf-connecting-ip": seller.ip,
      cookie: seller.jar.header(),
    },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json<{ data: ApiListingPhoto }>()).data;
}

async function queueItem(id: number): Promise<ApiModerationItem | undefined> {
  for (let n = 1; ; n++) {
    const res = await call(`/api/admin/realty/moderation?page=${n}&per_page=50`, { jar: admin });
    expect(res.status).toBe(200);
    const body = await res.json<Paged<ApiModerationItem>>();
    const found = body.items.find((item) => item.id === id);
    if (found || n * 50 >= body.total) return found;
  }
}

const decide = (id: number, decision: "approve" | "reject", body: unknown = {}) =>
  call(`/api/admin/realty/${id}/${decision}`, { body, jar: admin, ip: uniqueIp() });

async function searchIds(q: string) {
  const res = await call(`/api/realty/search?q=${encodeURIComponent(q)}&per_page=50`, { ip: uniqueIp() });
  expect(res.status).toBe(200);
  return (await res.json<{ items: { id: number }[] }>()).items.map((item) => item.id);
}

beforeAll(async () => {
  admin = await adminJar();
  seller = await owner();
});

describe("changes to an approved listing", () => {
  it("keep the approved text and photos public until a moderator approves them", async () => {
    const { id, path } = await published(seller);
    const before = await publicDetail(id);
    const saved = await edit(id, "description", {
      title: "Flat with a deposit bargain",
      description: FRAUD,
      lang: "en",
    });
    expect(saved.status).toBe(200);
    const mine = (await saved.json<{ data: ApiListingEdit }>()).data;
    const photo = await upload(id);
    // The public: the detail API, the page, search and text search read the approved version.
    const detail = await publicDetail(id);
    expect(detail.description).toBe(APPROVED);
    expect(detail.title).toBe(before.title);
    expect(detail.images.map((image) => image.id)).not.toContain(photo.id);
    expect(detail.image_count).toBe(before.image_count);
    expect(detail.updated_at).toBe(before.updated_at);
    const html = await publicPage(path);
    expect(html).not.toContain("RS35105008123123123173");
    expect(html).not.toContain("deposit bargain");
    expect(html).not.toContain(photo.variants[0]!.url.split("/").at(-1)!.split(".")[0]);
    expect(await searchIds("RS35105008123123123173")).not.toContain(id);

    // The owner sees their own version, and that it waits.
    expect(mine).toMatchObject({ status: "active", description: FRAUD, title: "Flat with a deposit bargain" });
    expect(mine.revision).toMatchObject({ status: "pending", rejection_reason: null });
    expect(photo.pending).toBe(true);

    // The owner's preview shows what waits, photo included.
    const preview = await call(`/api/realty/preview/${id}`, { jar: seller.jar, ip: seller.ip });
    const shown = (await preview.json<{ data: ApiPreview }>()).data;
    expect(shown).toMatchObject({ description: FRAUD, revision: { status: "pending" } });
    expect(shown.images.map((image) => image.id)).toContain(photo.id);

    // The queue shows what changed.
    const item = (await queueItem(id))!;
    expect(item).toBeDefined();
    expect(item.description).toBe(APPROVED);
    expect(item.changes?.description).toEqual({ before: APPROVED, after: FRAUD });
    expect(item.changes?.title?.after).toBe("Flat with a deposit bargain");
    expect(item.changes?.added_images.map((image) => image.id)).toEqual([photo.id]);
    expect(item.images.map((image) => image.id)).not.toContain(photo.id);

    // Approving publishes the changes; the listing stays public throughout and leaves the queue.
    expect((await decide(id, "approve")).status).toBe(200);
    const after = await publicDetail(id);
    expect(after.description).toBe(FRAUD);
    expect(after.title).toBe("Flat with a deposit bargain");
    expect(after.images.map((image) => image.id)).toContain(photo.id);
    expect(await publicPage(path)).toContain("RS35105008123123123173");
    expect(await queueItem(id)).toBeUndefined();
    expect((await ownerEdit(id)).revision).toBeNull();
    expect((await outbox(seller.email)).find((m) => m.purpose === "changes_approved")).toBeDefined();
    expect((await auditRows("listing", id)).at(-1)).toMatchObject({ action: "listing.changes_approve" });
  });

  it("rejected, keep the approved version live and tell the owner why; a new change waits again", async () => {
    const { id } = await published(seller);
    expect((await edit(id, "description", { description: FRAUD })).status).toBe(200);
    const photo = await upload(id);
    const rejected = await decide(id, "reject", { code: "rules", reason: "No payment details, please." });
    expect(rejected.status).toBe(200);
    const detail = await publicDetail(id);
    expect(detail.status).toBe("active");
    expect(detail.description).toBe(APPROVED);
    expect(detail.images.map((image) => image.id)).not.toContain(photo.id);
    expect(await queueItem(id)).toBeUndefined();
    // The owner reads the reason in the edit API, the cabinet and an e-mail.
    const mine = await ownerEdit(id);
    expect(mine.description).toBe(FRAUD);
    expect(mine.revision).toMatchObject({
      status: "rejected",
      rejection_code: "rules",
      rejection_reason: "No payment details, please.",
    });
    const cabinet = await call("/api/cabinet/realties/active", {
      body: { tab: "active", per_page: 50 },
      jar: seller.jar,
      ip: seller.ip,
    });
    const card = (await cabinet.json<{ items: ApiOwnerListing[] }>()).items.find((item) => item.id === id)!;
    expect(card.changes).toMatchObject({ status: "rejected", rejection_reason: "No payment details, please." });
    const mail = (await outbox(seller.email)).find((m) => m.purpose === "changes_rejected")!;
    expect(mail.body).toContain("No payment details, please.");
    expect(mail.body).toContain("still see the version approved before");
    // A decision on changes that are no longer waiting is a 409.
    expect((await decide(id, "approve")).status).toBe(409);
    expect((await auditRows("listing", id)).map(({ action, reason }) => ({ action, reason }))).toEqual([
      { action: "listing.approve", reason: null },
      { action: "listing.changes_reject", reason: "No payment details, please." },
    ]);

    // Saving a corrected text puts the changes back in the queue.
    const fixed = "Sunny two-room flat in the old town, quiet courtyard, new windows, and a new kitchen.";
    expect((await edit(id, "description", { description: fixed })).status).toBe(200);
    expect((await ownerEdit(id)).revision).toMatchObject({ status: "pending", rejection_reason: null });
    expect((await queueItem(id))?.changes?.description?.after).toBe(fixed);
  });

  it("price and facts stay immediate; putting the text back and deleting the waiting photo drop the changes", async () => {
    const { id } = await published(seller, 210_000);
    expect((await edit(id, "description", { description: FRAUD })).status).toBe(200);
    const photo = await upload(id);
    expect((await edit(id, "conditions", { price: 199_000 })).status).toBe(200);
    const detail = await publicDetail(id);
    expect(detail.price).toBe(199_000);
    expect(detail.description).toBe(APPROVED);
    expect((await ownerEdit(id)).revision?.status).toBe("pending");

    expect((await edit(id, "description", { description: APPROVED })).status).toBe(200);
    // The photo still waits.
    expect((await queueItem(id))?.changes?.description).toBeNull();
    const removed = await call(`/api/realty/edit/image/${photo.id}`, {
      method: "DELETE",
      jar: seller.jar,
      ip: seller.ip,
    });
    expect(removed.status).toBe(204);
    expect((await ownerEdit(id)).revision).toBeNull();
    expect(await queueItem(id)).toBeUndefined();
  });

  it("a photo the owner deletes leaves the public page at once; turning one keeps it public", async () => {
    const { id } = await published(seller);
    const [kept, gone] = [await upload(id), await upload(id)];
    expect((await decide(id, "approve")).status).toBe(200);
    expect((await publicDetail(id)).images.map((image) => image.id)).toEqual(
      expect.arrayContaining([kept.id, gone.id]),
    );
    const removed = await call(`/api/realty/edit/image/${gone.id}`, {
      method: "DELETE",
      jar: seller.jar,
      ip: seller.ip,
    });
    expect(removed.status).toBe(204);
    const turned = await call("/api/realty/edit/image/rotate", {
      body: { id: kept.id, angle: 90 },
      jar: seller.jar,
      ip: seller.ip,
    });
    expect(turned.status).toBe(200);
    expect((await turned.json<{ data: ApiListingPhoto }>()).data.pending).toBe(false);
    const ids = (await publicDetail(id)).images.map((image) => image.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(gone.id);
    expect(await queueItem(id)).toBeUndefined();
  });

  it("approving what the moderator saw: changes edited since are a 409, never approved unseen", async () => {
    const { id } = await published(seller);
    expect((await edit(id, "description", { description: APPROVED.replace("Sunny", "Bright") })).status).toBe(200);
    const seen = (await queueItem(id))!.changes!.updated_at;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const photo = await upload(id);
    const stale = await decide(id, "approve", { revision: seen });
    expect(stale.status).toBe(409);
    expect((await stale.json<{ error: { code: string } }>()).error.code).toBe("changes_changed");
    expect((await publicDetail(id)).images.map((image) => image.id)).not.toContain(photo.id);
    const current = (await queueItem(id))!.changes!;
    expect(current.added_images.map((image) => image.id)).toEqual([photo.id]);
    expect((await decide(id, "approve", { revision: current.updated_at })).status).toBe(200);
    expect((await publicDetail(id)).images.map((image) => image.id)).toContain(photo.id);
  });

  it("the moderation page shows the changes in a card of their own", async () => {
    const { id } = await published(seller);
    expect((await edit(id, "description", { description: FRAUD })).status).toBe(200);
    let card: string | undefined;
    for (let n = 1; !card && n <= 10; n++) {
      const res = await SELF.fetch(`${ORIGIN}/admin/moderation/?page=${n}`, {
        headers: { "user-agent": BROWSER_UA, "accept-language": "en", cookie: `locale=en; ${admin.header()}` },
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      card = html.split('data-testid="moderation-item"').find((part) => part.includes(`data-id="${id}"`));
    }
    expect(card).toBeDefined();
    expect(card).toContain('data-testid="moderation-changes"');
    expect(card).toContain("Changes to a public listing");
    expect(card).toContain(FRAUD);
    expect(card).toContain(`name="revision"`);
  });

  it("an archived listing's new text waits too: restoring it brings back the approved version", async () => {
    const { id } = await published(seller);
    const archive = await call(`/api/cabinet/realties/${id}/archive`, { body: {}, jar: seller.jar, ip: seller.ip });
    expect(archive.status).toBe(200);
    expect((await edit(id, "description", { description: FRAUD })).status).toBe(200);
    const restore = await call(`/api/cabinet/realties/${id}/restore`, { body: {}, jar: seller.jar, ip: seller.ip });
    expect(restore.status).toBe(200);
    const detail = await publicDetail(id);
    expect(detail.description).toBe(APPROVED);
    expect((await queueItem(id))?.changes?.description?.after).toBe(FRAUD);
  });

  it("a listing reviewed as a whole is decided with its owner's latest changes", async () => {
    const { id } = await published(seller);
    expect((await edit(id, "description", { description: FRAUD })).status).toBe(200);
    // Moved: back in the queue as a whole, out of public reads.
    expect((await edit(id, "params", { address: `Kneza Miloša ${id}` })).status).toBe(200);
    expect((await call(`/api/realty/${id}`, { ip: uniqueIp() })).status).toBe(404);
    expect((await decide(id, "reject", { reason: "No payment details, please." })).status).toBe(200);
    const row = await env.DB.prepare("SELECT status, description FROM listings WHERE id = ?")
      .bind(id)
      .first<{ status: string; description: string }>();
    // Not public: the owner's latest text is the listing's now, to correct and submit again.
    expect(row).toEqual({ status: "rejected", description: FRAUD });
    expect((await ownerEdit(id)).revision).toBeNull();
  });
});
