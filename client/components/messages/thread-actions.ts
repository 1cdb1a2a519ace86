/**
 * What a conversation's forms post to the messages page (its action calls the API): a reply, blocking the
 * other person or lifting one's block, a report. Shared by the route (server) and the thread (browser).
 */
import type { ApiConversation, ApiMessage } from "#shared/api/messages.ts";

const THREAD_INTENTS = ["reply", "block", "unblock", "report"] as const;
export type ThreadIntent = (typeof THREAD_INTENTS)[number];

export const isThreadIntent = (value: unknown): value is ThreadIntent =>
  typeof value === "string" && (THREAD_INTENTS as readonly string[]).includes(value);

/** What a plain form post did, said by the page it returns to (`?done=`): a reply needs no words. */
const DONE_INTENTS = ["block", "unblock", "report"] as const;
export type DoneIntent = (typeof DONE_INTENTS)[number];
export const isDoneIntent = (value: unknown): value is DoneIntent =>
  typeof value === "string" && (DONE_INTENTS as readonly string[]).includes(value);

/** The action's answer to a post made in place (a plain post is answered by a redirect instead). */
export type ThreadResult =
  | { ok: true; intent: "reply"; message: ApiMessage }
  | { ok: true; intent: "block" | "unblock"; conversation: ApiConversation }
  | { ok: true; intent: "report" }
  | ThreadFailure;

/** A post the API refused: message ids for the form and its fields, and what was typed, to type it again. */
export interface ThreadFailure {
  ok: false;
  intent: ThreadIntent | null;
  error?: string;
  fields: { text?: string; reason?: string };
  text?: string;
  /** The reason a refused report gave, to keep it chosen. */
  reason?: string;
  /** The API's message of a 500 (client/api/api-failures.ts). */
  serverMessage?: string;
}
