/**
 * The signed-in people this isolate has last read (decision 105): each user's SessionUser as their latest
 * session read found it. Only a guess for a page that starts before its session read has ended — the read
 * still runs, and the page is used only when it finds the same person (worker/middleware/session.ts).
 * Nothing here grants anything: a missing, stale or wrong entry costs a render, never access.
 */
import type { SessionUser } from "#shared/api/auth.ts";

/** How many people are kept; the least recently read goes first (a Map iterates in insertion order). */
const KEPT_USERS = 2_000;

const users = new Map<number, SessionUser>();

export function rememberUser(user: SessionUser): void {
  users.delete(user.id);
  users.set(user.id, user);
  if (users.size > KEPT_USERS) users.delete(users.keys().next().value!);
}

export function forgetUser(userId: number): void {
  users.delete(userId);
}

export function rememberedUser(userId: number): SessionUser | undefined {
  return users.get(userId);
}

/** Whether two reads found the same person: every field a page may render or decide on. */
export function sameUser(a: SessionUser, b: SessionUser): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
