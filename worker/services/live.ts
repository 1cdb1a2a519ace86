/**
 * The live channel (issue 20 item 3, decision 039): what the API tells the pages that are open right now —
 * a conversation's new messages and read marks to the pages showing it, a person's unread count to every
 * page of theirs. A Durable Object per conversation and per person holds the open WebSockets (hibernating
 * between messages); these functions are how the rest of the worker publishes to them. Publishing never
 * fails a request: a page that misses an event catches up when it reconnects (or by its poll).
 */
import type { LiveEvent } from "#shared/api/messages.ts";

/** The pages that have this conversation open. */
export async function publishToConversation(_env: Env, _conversationId: number, _event: LiveEvent): Promise<void> {
  // Slice "live" of issue 20 fills this in.
}

/** Every open page of this person (the header's unread count). */
export async function publishToUser(_env: Env, _userId: number, _event: LiveEvent): Promise<void> {
  // Slice "live" of issue 20 fills this in.
}
