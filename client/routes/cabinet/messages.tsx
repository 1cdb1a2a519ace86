import { useCallback, useEffect, useRef } from "react";
import { data, redirect, useLocation, useNavigate, useNavigation, useRouteLoaderData } from "react-router";
import { safeNextPath } from "#shared/auth-links.ts";
import type { ApiConversation, ApiMessage } from "#shared/api/messages.ts";
import type { ApiClient } from "#shared/api-client.ts";
import { pageParam } from "#client/page-param.server.ts";
import { appContext } from "#client/app-context.server.ts";
import { type FailedResult, formProblem } from "#client/api/form-problem.server.ts";
import { ConversationList } from "#client/components/messages/conversation-list.tsx";
import { ConversationThread } from "#client/components/messages/conversation-thread.tsx";
import { knownDays } from "#client/components/messages/thread-state.ts";
import {
  isDoneIntent,
  isThreadIntent,
  type ThreadFailure,
  type ThreadIntent,
  type ThreadResult,
} from "#client/components/messages/thread-actions.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireUser } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useLiveChannel } from "#client/live/use-live-channel.ts";
import { adjustMeta, metaMessage, pageMeta } from "#client/seo.ts";
import type { RootData } from "#client/root-data.ts";
import type { Route } from "./+types/messages";
import styles from "./messages.module.css";

/** The messages this page shows beyond the site-wide ones: its own, and the API's words for a refused field. */
const MESSAGES = pageTextScopes(["cabinetMessages"], "messages", "validation");

/**
 * Product §2 `/cabinet/messages/`, signed-in users only (decision 039): the person's conversations
 * (`?page=`), and with `?c={id}` one of them — its newest messages, or those before `?before={id}`.
 * Opening a conversation reads it: the other side's messages up to the newest shown are marked read. A
 * conversation of others (or none) is the 404 page, as the API answers it.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const url = new URL(args.request.url);
  const page = pageParam(url.searchParams.get("page"));
  const c = url.searchParams.get("c");
  const id = c === null ? null : parseId(c);
  if (c !== null && !id) throw notFound(url);
  const before = id ? parseId(url.searchParams.get("before") ?? undefined) : null;
  const { api } = args.context.get(appContext);
  const [list, thread] = await Promise.all([
    api.conversations({ page }),
    id ? api.conversationMessages(id, before ? { before } : {}) : null,
  ]);
  if (thread && !thread.ok) throw thread.status === 404 || thread.status === 400 ? notFound(url) : unavailable();
  if (!list.ok) throw unavailable();
  const { total, per_page: perPage } = list.data;
  // A page past the end (conversations went): the last page that has some.
  if (!list.data.items.length && page > 1 && total > 0) {
    const query = new URLSearchParams(url.search);
    query.set("page", String(Math.ceil(total / perPage)));
    throw redirect(`${url.pathname}?${query}`);
  }
  let conversations = list.data.items;
  // The person's unread total once this load read the conversation (the root's may have been counted before).
  let unread: number | null = null;
  let open: { conversation: ApiConversation; messages: ApiMessage[]; hasEarlier: boolean } | null = null;
  if (id && thread?.ok) {
    const { items } = thread.data;
    let { conversation } = thread.data;
    // Opened, it is read: up to the newest message shown (the answer lists them newest first).
    const newest = items.reduce((max, message) => Math.max(max, message.id), 0);
    const marked = !before && conversation.unread > 0 && newest > 0 ? await api.markDelivered(id, newest) : null;
    if (marked?.ok) {
      unread = marked.data.data.unread;
      conversation = { ...conversation, unread: 0 };
      conversations = conversations.map((item) => (item.id === id ? { ...item, unread: 0 } : item));
    }
    open = { conversation, messages: [...items].sort((a, b) => a.id - b.id), hasEarlier: thread.data.has_earlier };
  }
  const done = url.searchParams.get("done");
  const now = Date.now();
  return {
    me: user.id,
    now,
    // The calendar days of the page's moments: the browser's load then builds no date formatter.
    days: knownDays([
      now,
      ...conversations.map((item) => item.last_message_at),
      ...(open?.messages.map((message) => message.created_at) ?? []),
    ]),
    page,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    conversations,
    thread: open,
    before: open ? before : null,
    done: open && isDoneIntent(done) ? done : null,
    unread,
  };
});

/** The page's title names the conversation that is open. */
export const meta: Route.MetaFunction = (args) => {
  const tags = pageMeta(args, "cabinetMessages", {}, { indexable: false });
  const open = args.loaderData?.thread?.conversation;
  if (!open) return tags;
  const title = open.listing.title ?? metaMessage(args, "messages.untitled", { id: open.listing.id });
  const site = metaMessage(args, "site.name");
  return adjustMeta(tags, {
    title: `${metaMessage(args, "messages.thread.title", {
      name: open.other.name || metaMessage(args, "messages.deletedAccount"),
      title,
    })} | ${site}`,
  });
};

/** A refused post as the thread shows it, with the API's status to answer with (product §8 notices follow it). */
function refusal(
  result: FailedResult,
  intent: ThreadIntent,
  typed: { text?: string; reason?: string },
): ThreadFailure & { status: number } {
  const problem = formProblem(result, { text: "text", reason: "reason" }, { rateLimited: "messages.error.tooMany" });
  // A conversation that takes no messages now: blocked by either side or the other person blocked by staff, or closed (its listing or the other
  // person's account was deleted).
  const code = result.status === 409 ? result.error?.code : undefined;
  const error =
    code === "blocked" || code === "recipient_blocked"
      ? "messages.error.blocked"
      : code === "conversation_closed"
        ? "messages.error.closed"
        : problem.error;
  return {
    ok: false,
    intent,
    fields: problem.fields,
    error,
    ...typed,
    serverMessage: problem.serverMessage,
    status: problem.status,
  };
}

async function perform(
  api: ApiClient,
  intent: ThreadIntent,
  id: number,
  form: FormData,
): Promise<ThreadResult | (ThreadFailure & { status: number })> {
  switch (intent) {
    case "reply": {
      const text = String(form.get("text") ?? "");
      const result = await api.createMessage({ conversation_id: id, text });
      return result.ok
        ? { ok: true, intent, message: result.data.data }
        : refusal(result, intent, { text: text.slice(0, 10_000) });
    }
    case "block":
    case "unblock": {
      const result = await api.blockConversation(id, intent === "block");
      return result.ok ? { ok: true, intent, conversation: result.data.data } : refusal(result, intent, {});
    }
    case "report": {
      const reason = String(form.get("reason") ?? "");
      const text = String(form.get("text") ?? "");
      const result = await api.reportConversation({ conversation_id: id, reason, text });
      return result.ok ? { ok: true, intent } : refusal(result, intent, { reason, text: text.slice(0, 10_000) });
    }
  }
}

/**
 * The conversation's forms (`intent`: reply, block, unblock, report; `conversation_id`). A plain form post
 * (no JavaScript) names the page to return to (`redirect_to`) and goes back there — after a reply to the
 * newest messages, after the others saying what was done; posts made in place get the answer instead.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  const id = parseId(String(form.get("conversation_id") ?? ""));
  if (!isThreadIntent(intent) || !id) {
    return data<ThreadFailure>(
      { ok: false, intent: isThreadIntent(intent) ? intent : null, fields: {}, error: "form.error.generic" },
      { status: 400 },
    );
  }
  const answer = await perform(args.context.get(appContext).api, intent, id, form);
  if (!answer.ok) {
    const { status, ...failure } = answer as ThreadFailure & { status: number };
    return data<ThreadResult>(failure, { status });
  }
  const back = safeNextPath(form.get("redirect_to"));
  if (back) {
    const url = new URL(back, args.request.url);
    url.searchParams.set("c", String(id));
    url.searchParams.delete("before");
    url.searchParams.delete("done");
    if (intent !== "reply") url.searchParams.set("done", intent);
    throw redirect(url.pathname + url.search);
  }
  return data<ThreadResult>(answer);
}

/**
 * The list follows the person's live channel: when their unread count changes (a message came, a
 * conversation started, one was read elsewhere) the page's data is loaded again — while the page is in
 * view only, since loading an open conversation reads it; a hidden page catches up when it is shown. Not
 * while the page is going elsewhere (opening a conversation, which itself changes the count): that load
 * brings the news, and going to this address again would cancel it. Nor when the count is the one the
 * page was loaded with (the channel says it as it opens): that load would be thrown away. (Loaded again by going to the same
 * address: `useRevalidator` would add to every page's JavaScript.)
 */
function useListFollowsUnread(loaded: number | null) {
  const navigate = useNavigate();
  // The count the page's data already reflects: the channel's first word on opening repeats it, and is no news.
  const root = useRouteLoaderData<RootData>("root");
  const known = loaded ?? root?.unreadMessages ?? null;
  const reflected = useRef(known);
  useEffect(() => {
    reflected.current = known;
  }, [known]);
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const moving = useNavigation().state !== "idle";
  const revalidate = useCallback(() => navigate(here, { replace: true, preventScrollReset: true }), [navigate, here]);
  const stale = useRef(false);
  useLiveChannel({
    onEvent: (event) => {
      if (event.type !== "unread" || moving || event.unread === reflected.current) return;
      reflected.current = event.unread;
      if (document.visibilityState === "visible") void revalidate();
      else stale.current = true;
    },
  });
  useEffect(() => {
    const shown = () => {
      if (document.visibilityState !== "visible" || !stale.current) return;
      stale.current = false;
      void revalidate();
    };
    document.addEventListener("visibilitychange", shown);
    return () => document.removeEventListener("visibilitychange", shown);
  }, [revalidate]);
}

export default function CabinetMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  useListFollowsUnread(loaderData.unread);
  const { thread } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : null;
  return (
    <>
      <PageIntro pageKey="cabinetMessages" />
      <div className={styles.layout} data-view={thread ? "thread" : "list"}>
        <div className={styles.listPane}>
          <ConversationList
            conversations={loaderData.conversations}
            page={loaderData.page}
            lastPage={loaderData.lastPage}
            openId={thread?.conversation.id ?? null}
            now={loaderData.now}
            days={loaderData.days}
          />
        </div>
        <div className={styles.threadPane}>
          {thread ? (
            <ConversationThread
              key={`${thread.conversation.id}-${loaderData.before ?? ""}`}
              conversation={thread.conversation}
              messages={thread.messages}
              hasEarlier={thread.hasEarlier}
              before={loaderData.before}
              me={loaderData.me}
              now={loaderData.now}
              days={loaderData.days}
              page={loaderData.page}
              done={loaderData.done}
              refused={refused}
            />
          ) : loaderData.conversations.length ? (
            <p className={styles.choose}>{t("messages.list.choose")}</p>
          ) : null}
        </div>
      </div>
    </>
  );
}
