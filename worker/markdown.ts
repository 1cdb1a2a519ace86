/**
 * An article's body is Markdown (decision 059), rendered to HTML by markdown-it with everything that
 * could carry script switched off: raw HTML is escaped as text, links go only to http(s), mailto and
 * the site's own paths, images are not rendered (the cover is the article's picture; a foreign image
 * would be fetched from every reader), and no attribute but `href`, `rel`, `title` and `start` is
 * written. The public page and the back office's preview render with this one function.
 */
import MarkdownIt from "markdown-it";

/** Where a body's link may lead: the web, e-mail, or a path or fragment of this site. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

/** `true` when `href` may be a link of an article's body. */
const isSafeLink = (href: string) => SAFE_LINK.test(href.trim());

const ALLOWED_ATTRIBUTES = new Set(["href", "rel", "title", "start"]);

const markdown = new MarkdownIt("default", { html: false, linkify: false, typographer: false, breaks: false });
markdown.disable(["image"]);
markdown.validateLink = isSafeLink;

markdown.core.ruler.push("article_body", (state) => {
  const walk = (tokens: typeof state.tokens) => {
    for (const token of tokens) {
      // The article's title is its page's only h1: a body's `#` heading is a section (h2), like `##`.
      if (token.type === "heading_open" || token.type === "heading_close") {
        token.tag = `h${Math.max(2, Number(token.tag.slice(1)))}`;
      }
      if (token.type === "link_open") {
        const href = token.attrGet("href") ?? "";
        if (/^https?:\/\//i.test(href)) token.attrSet("rel", "nofollow noopener noreferrer");
      }
      // A table cell's alignment would be a `style` attribute, which the site's CSP refuses: dropped.
      token.attrs = token.attrs?.filter(([name]) => ALLOWED_ATTRIBUTES.has(name)) ?? null;
      if (token.children) walk(token.children);
    }
  };
  walk(state.tokens);
});

/** The HTML of a Markdown body: safe to place into the page as it is. */
export function renderMarkdown(body: string): string {
  return markdown.render(body);
}
