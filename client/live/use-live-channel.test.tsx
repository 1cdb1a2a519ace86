// @vitest-environment happy-dom
import { act, render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent } from "#shared/api/messages.ts";
import type { LiveChannelOptions } from "./live-channel.ts";
import { useLiveChannel, type UseLiveChannelOptions } from "./use-live-channel.ts";

interface Opened {
  options: LiveChannelOptions;
  seen: ReturnType<typeof vi.fn>;
  close: ReturnType<typeof vi.fn>;
}
const opened: Opened[] = [];

vi.mock("./live-channel.ts", () => ({
  openLiveChannel: (options: LiveChannelOptions) => {
    const channel = { options, seen: vi.fn(), close: vi.fn() };
    opened.push(channel);
    return channel;
  },
}));

function Page(props: UseLiveChannelOptions) {
  return <output>{useLiveChannel(props)}</output>;
}

beforeEach(() => {
  opened.length = 0;
});

describe("useLiveChannel", () => {
  it("opens one channel after mounting and hands events to the current handler", () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<Page conversationId={7} after={40} onEvent={first} />);
    expect(view.container.textContent).toBe("connecting");
    expect(opened).toHaveLength(1);
    expect(opened[0]!.options).toMatchObject({ conversationId: 7, after: 40 });
    view.rerender(<Page conversationId={7} after={40} onEvent={second} />);
    expect(opened).toHaveLength(1);
    const event: LiveEvent = { type: "unread", unread: 2 };
    act(() => opened[0]!.options.onEvent(event));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(event);
    act(() => opened[0]!.options.onStatus!("polling"));
    expect(view.container.textContent).toBe("polling");
  });

  it("tells the channel of newer messages the page has, without reconnecting", () => {
    const view = render(<Page conversationId={7} after={40} onEvent={() => {}} />);
    view.rerender(<Page conversationId={7} after={45} onEvent={() => {}} />);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.seen).toHaveBeenLastCalledWith(45);
  });

  it("another conversation closes the channel and opens its own, from its newest message", () => {
    const view = render(<Page conversationId={7} after={40} onEvent={() => {}} />);
    view.rerender(<Page conversationId={8} after={3} onEvent={() => {}} />);
    expect(opened).toHaveLength(2);
    expect(opened[0]!.close).toHaveBeenCalled();
    expect(opened[1]!.options).toMatchObject({ conversationId: 8, after: 3 });
  });

  it("closes on unmount, and opens nothing while disabled", () => {
    const view = render(<Page onEvent={() => {}} enabled={false} />);
    expect(opened).toHaveLength(0);
    view.rerender(<Page onEvent={() => {}} />);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.options.conversationId).toBeUndefined();
    view.unmount();
    expect(opened[0]!.close).toHaveBeenCalled();
  });
});
