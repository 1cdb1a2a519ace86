/**
 * The live channel (decision 039): what the API tells the pages that are open right now —
 * a conversation's new messages and read marks to the pages showing it, a person's unread count to every
 * page of theirs. A Durable Object per conversation and per person holds the open WebSockets (hibernating
 * between messages; worker/live/live-channel.ts); these functions are how the rest of the worker publishes
 * to them. Publishing never fails a request: a page that misses an event catches up when it reconnects
 * (or by its poll), so a failed publish is only logged.
 */
import type { LiveEvent } from "#shared/api/messages.ts";
import type { RequestEnv } from "#worker/app-env.ts";
import { unreadTotal } from "#worker/db/conversations.ts";

/** The channels' names: one Durable Object per name (`idFromName`). */
export const conversationChannel = (conversationId: number) => `conversation:${conversationId}`;
export const userChannel = (userId: number) => `user:${userId}`;

/** The pages that have this conversation open. */
export function publishToConversation(env: RequestEnv, conversationId: number, event: LiveEvent): Promise<void> {
  return publish(env, conversationChannel(conversationId), event);
}

/** Every open page of this person (the header's unread count). */
export function publishToUser(env: RequestEnv, userId: number, event: LiveEvent): Promise<void> {
  return publish(env, userChannel(userId), event);
}

/**
 * Every open page of each of these people: their unread count as it is now, after a write that moved it
 * (a message to an agency's agent moves its managers' counts too). Fails nothing, like publishing.
 */
export async function publishUnread(env: RequestEnv, userIds: number[]): Promise<void> {
  await Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      try {
        await publishToUser(env, userId, { type: "unread", unread: await unreadTotal(env.DB, userId) });
      } catch (error) {
        console.error(`live channel ${userChannel(userId)}: unread count not read`, error);
      }
    }),
  );
}

/**
 * Closes the sockets of sessions that ended (logout, a revoked refresh-token family, a password change, the
 * account deleted): the person's channel closes its own and those of the conversations they had open. Like
 * publishing it fails nothing; a socket it misses is closed at its next event once its authorisation ends.
 */
export async function endLiveSessions(env: RequestEnv, userId: number, familyIds: string[]): Promise<void> {
  if (familyIds.length === 0) return;
  try {
    await liveChannel(env, userChannel(userId)).endSessions(familyIds);
  } catch (error) {
    console.error(`live channel ${userChannel(userId)}: sessions not ended`, error);
  }
}

/** The Durable Object of a channel. */
export function liveChannel(env: RequestEnv, channel: string) {
  return env.LIVE.get(env.LIVE.idFromName(channel));
}

async function publish(env: RequestEnv, channel: string, event: LiveEvent): Promise<void> {
  try {
    await liveChannel(env, channel).publish(event);
  } catch (error) {
    console.error(`live channel ${channel}: ${event.type} event not published`, error);
  }
}

/**
 * Closes the person's open sockets in the conversations they no longer take part in (`lost` picks those of
 * the conversation ids their sessions had sockets in): a manager removed from an agency stops hearing its
 * conversations at once, not when the socket's authorisation runs out. Fails nothing, like publishing.
 */
export async function closeLostConversations(
  env: RequestEnv,
  userId: number,
  lost: (conversationIds: number[]) => Promise<number[]>,
): Promise<number> {
  try {
    const channels = await liveChannel(env, userChannel(userId)).conversationSockets();
    const ids = channels.map((channel) => Number(channel.slice("conversation:".length))).filter(Number.isSafeInteger);
    let closed = 0;
    for (const id of await lost(ids)) closed += await liveChannel(env, conversationChannel(id)).closeUser(userId);
    return closed;
  } catch (error) {
    console.error(`live channel ${userChannel(userId)}: lost conversations not closed`, error);
    return 0;
  }
}
