import { useEffect, useRef, useState } from "react";
import type { LiveEvent } from "#shared/api/messages.ts";
import { type LiveChannel, type LiveStatus, openLiveChannel } from "./live-channel.ts";

export interface UseLiveChannelOptions {
  /** A conversation's channel (its thread page); none: the signed-in person's (their unread count). */
  conversationId?: number;
  /**
   * The newest message the page shows. A (re)connect first gets every message after it; raising it later
   * (the page loaded or sent newer ones) only narrows what a reconnect asks for.
   */
  after?: number;
  /** Each event once, in order (messages may repeat what the page already has: match them by id). */
  onEvent(event: LiveEvent): void;
  /** False: no channel (yet). */
  enabled?: boolean;
}

/**
 * The live channel of a component (./live-channel.ts): opened after hydration, closed on unmount or when
 * the conversation changes. Returns how it is connected, for pages that show it.
 */
export function useLiveChannel({ conversationId, after, onEvent, enabled = true }: UseLiveChannelOptions): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const handler = useRef(onEvent);
  const channel = useRef<LiveChannel | null>(null);
  const newest = useRef(after);

  // Declared before the channel's effect: a channel opened in the same commit sees this render's values.
  useEffect(() => {
    handler.current = onEvent;
    newest.current = after;
  });

  useEffect(() => {
    if (after !== undefined) channel.current?.seen(after);
  }, [after]);

  useEffect(() => {
    if (!enabled) return;
    const opened = openLiveChannel({
      conversationId,
      after: newest.current,
      onEvent: (event) => handler.current(event),
      onStatus: setStatus,
    });
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [conversationId, enabled]);

  return status;
}
