import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageText } from "./message-text.tsx";

const html = (text: string) => renderToStaticMarkup(<MessageText text={text} />);

describe("MessageText", () => {
  it("renders markup in a message as the characters typed", () => {
    expect(html('<script>alert(1)</script><a href=javascript:alert(2)>x</a> <img src=x onerror="y">')).toBe(
      "&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=javascript:alert(2)&gt;x&lt;/a&gt; &lt;img src=x onerror=&quot;y&quot;&gt;",
    );
  });

  it("makes web addresses links that pass no ranking and no opener, and keeps line breaks as text", () => {
    expect(html("Photos:\nhttps://example.rs/a?b=1&c=<2>.")).toBe(
      'Photos:\n<a href="https://example.rs/a?b=1&amp;c=" rel="nofollow ugc noopener" target="_blank">https://example.rs/a?b=1&amp;c=</a>&lt;2&gt;.',
    );
  });
});
