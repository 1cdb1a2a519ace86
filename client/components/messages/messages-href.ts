import { privatePaths } from "#shared/private-paths.ts";

/** What a messages page shows: a page of the conversation list, a conversation (`c`), older messages (`before`). */
export interface MessagesView {
  page?: number;
  c?: number | null;
  before?: number | null;
  /** What the last plain form post did (block, unblock, report). */
  done?: string | null;
}

/** The messages page of a view, locale-free (`/cabinet/messages/?c=12&before=340`). */
export function messagesHref({ page = 1, c, before, done }: MessagesView = {}): string {
  const query = new URLSearchParams();
  if (c) query.set("c", String(c));
  if (c && before) query.set("before", String(before));
  if (page > 1) query.set("page", String(page));
  if (done) query.set("done", done);
  const search = query.toString();
  return privatePaths.cabinet.messages() + (search ? `?${search}` : "");
}
