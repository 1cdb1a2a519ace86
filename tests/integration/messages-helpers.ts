/** Helpers of the messages tests: a listing with an owner and a visitor of their own, and the calls. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { Paged, Single } from "#shared/api/conventions.ts";
import type { ApiConversation, ApiMessage } from "#shared/api/messages.ts";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import { call, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";

export interface Thread {
  items: ApiMessage[];
  conversation: ApiConversation;
  has_earlier: boolean;
  has_later: boolean;
}

let taken = 0;
/** An active listing of the seed no other test of the file uses. */
async function freshListing(): Promise<{ id: number; owner_id: number }> {
  // The seed's times are fixed and the clock is not: the active listings get a run from today first, so a
  // test that runs the Cron Trigger's handler does not archive, as expired, the ones later tests take.
  if (taken === 0) {
    await env.DB.prepare("UPDATE listings SET expires_at = ? WHERE status = 'active'")
      .bind(Date.now() + LISTING_RUN_DAYS * 86_400_000)
      .run();
  }
  const row = await env.DB.prepare(
    "SELECT id, owner_id FROM listings WHERE status = 'active' AND deleted_at IS NULL ORDER BY id LIMIT 1 OFFSET ?",
  )
    .bind(taken++)
    .first<{ id: number; owner_id: number }>();
  return row!;
}

export interface Pair {
  listing: { id: number };
  owner: SignedIn;
  visitor: SignedIn;
}

/** A public listing that a new account owns, and another new account to write to it. */
export async function pair(names = { owner: "Olga Owner", visitor: "Vera Visitor" }): Promise<Pair> {
  const listing = await freshListing();
  const owner = await signUpByPhone({ name: names.owner });
  const visitor = await signUpByPhone({ name: names.visitor });
  await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(owner.user.id, listing.id).run();
  return { listing, owner, visitor };
}

/** The messages API as one person, optionally at a moment of the development clock. */
export function as(who: SignedIn | null, now?: number) {
  const jar = who?.jar;
  const ip = who?.ip;
  return {
    create: (body: unknown) => call("/api/cabinet/messages/create", { jar, ip, now, body }),
    sendMessage: (listingId: number, text: string) =>
      call(`/api/realty/${listingId}/send-message`, { jar, ip, now, body: { text } }),
    contacts: (body: unknown = {}) => call("/api/cabinet/messages/contacts", { jar, ip, now, body }),
    list: (query: Record<string, string | number>) =>
      call(`/api/cabinet/messages/list?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
        jar,
        ip,
        now,
      }),
    delivered: (conversationId: number, upToId: number) =>
      call("/api/cabinet/messages/delivered", {
        jar,
        ip,
        now,
        body: { conversation_id: conversationId, up_to_id: upToId },
      }),
    count: () => call("/api/cabinet/messages/count", { jar, ip, now }),
    block: (conversationId: number, blocked: boolean) =>
      call("/api/cabinet/messages/block", { jar, ip, now, body: { conversation_id: conversationId, blocked } }),
    report: (body: unknown) => call("/api/cabinet/messages/report", { jar, ip, now, body }),
  };
}

export async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const response = await res;
  const body = await response.text();
  expect(response.status, body.slice(0, 300)).toBe(status);
  return JSON.parse(body) as T;
}

/** Writes `text` as `who`, into the conversation or to the listing; the stored message. */
export async function write(
  who: SignedIn,
  target: { conversation_id: number } | { realty_id: number },
  text: string,
  now?: number,
) {
  return (await json<Single<ApiMessage>>(as(who, now).create({ ...target, text }), 201)).data;
}

export const contactsOf = async (who: SignedIn, body: unknown = {}) =>
  json<Paged<ApiConversation>>(as(who).contacts(body));
export const threadOf = async (who: SignedIn, query: Record<string, string | number>) =>
  json<Thread>(as(who).list(query));
export const countOf = async (who: SignedIn) => (await json<Single<{ unread: number }>>(as(who).count())).data.unread;
export const conversationIn = async (who: SignedIn, id: number) =>
  (await contactsOf(who, { per_page: 50 })).items.find((c) => c.id === id);
