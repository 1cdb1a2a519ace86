import { AUTH_ROUTE_PATH } from "#shared/auth-links.ts";
import type { Locale } from "#shared/locales.ts";
import { localizePath } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { srcsetOf } from "#shared/photo-variants.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { type Visitor, VISITOR_DATA_ID, VISITOR_PART, type VisitorSavedSearch } from "#shared/visitor.ts";
import { escapeHtml } from "#worker/workflows/alert-mail.ts";

/**
 * A kept page made the visitor's (decision 094), in one streaming pass: their `Visitor` as JSON in the head,
 * which the app applies right after hydrating the generic page; and for a browser without JavaScript, the
 * parts they see written in. Those parts are attributes React does not compare when it hydrates (the
 * hearts' `aria-pressed`, `title`, `fill`, hidden `intent`, the sign-in link's `hidden`), a label whose
 * text the app lets differ (`suppressHydrationWarning`), and the header's account slot, an element whose
 * content React leaves alone (`dangerouslySetInnerHTML`); once hydrated, the app renders the same state
 * from the JSON, so nothing is patched back.
 */
export function visitorParts(
  visitor: Visitor,
  locale: Locale,
  here: string,
  onSavedSearchShown: (id: number) => void = () => undefined,
): HTMLRewriter {
  const rewriter = new HTMLRewriter().on("head", {
    element: (head) => void head.append(visitorScript(visitor), { html: true }),
  });
  // Each handler costs matching over the whole document: only the parts this visitor changes are asked for.
  if (visitor.favourites.length) heartParts(rewriter, new Set(visitor.favourites), locale);
  if (visitor.user || visitor.savedSearches?.length) saveSearchParts(rewriter, visitor, locale, onSavedSearchShown);
  if (!visitor.user) return rewriter;
  return rewriter
    .on(`a[${VISITOR_PART}="signin"]`, { element: (link) => void link.setAttribute("hidden", "") })
    .on(`[${VISITOR_PART}="account"]`, {
      element: (slot) => void slot.setInnerContent(accountHtml(visitor, locale, here), { html: true }),
    });
}

/** The hearts of the visitor's favourites, pressed (client/components/favourite-button/favourite-button.tsx). */
function heartParts(rewriter: HTMLRewriter, favourites: ReadonlySet<number>, locale: Locale) {
  const remove = textCatalog(locale).intl.formatMessage({ id: "favourites.remove" });
  let saved = false;
  rewriter
    .on("form[data-favourite]", {
      element: (form) => {
        saved = favourites.has(Number(form.getAttribute("data-favourite")));
      },
    })
    .on('form[data-favourite] input[name="intent"]', {
      element: (input) => void (saved && input.setAttribute("value", "remove")),
    })
    .on("form[data-favourite] button", {
      element: (button) => {
        if (!saved) return;
        button.setAttribute("aria-pressed", "true");
        button.setAttribute("title", remove);
        if (button.hasAttribute("aria-label")) button.setAttribute("aria-label", remove);
      },
    })
    .on("form[data-favourite] path", {
      element: (path) => void (saved && path.setAttribute("fill", "currentColor")),
    })
    .on("form[data-favourite] button > span", {
      element: (span) => void (saved && span.setInnerContent(remove)),
    });
}

/**
 * The search pages' "Save search" control (client/components/saved-searches/save-search.tsx) for a
 * visitor who saved this search (the control names its query) or is signed in: its state, texts and the
 * way to manage it. The texts are each the first text of their element, which the app lets differ while
 * hydrating; a saved search's id goes last in the form, where React passes a hidden field by.
 */
function saveSearchParts(rewriter: HTMLRewriter, visitor: Visitor, locale: Locale, shown: (id: number) => void) {
  const { intl } = textCatalog(locale);
  let found: VisitorSavedSearch | undefined;
  let label = "";
  const firstText = (replacement: () => string | undefined) => {
    let state: "before" | "in" | "done" = "before";
    return (chunk: Text) => {
      const value = state === "done" ? undefined : replacement();
      if (value === undefined) return;
      if (state === "before") chunk.replace(value);
      else chunk.remove();
      state = chunk.lastInTextNode ? "done" : "in";
    };
  };
  rewriter
    .on("#save-search[data-query]", {
      element: (control) => {
        const query = attributeText(control.getAttribute("data-query"));
        found = visitor.savedSearches?.find((search) => search.query === query);
        label = found?.label ?? attributeText(control.getAttribute("data-label"));
        if (found) control.setAttribute("data-saved", "");
        if (found?.id) shown(found.id);
      },
    })
    .on('#save-search input[name="intent"]', {
      element: (input) => void (found && input.setAttribute("value", "unsave-search")),
    })
    .on("#save-search form", {
      element: (form) => {
        if (found?.id) form.append(`<input type="hidden" name="id" value="${found.id}">`, { html: true });
      },
    })
    .on("#save-search path", { element: (path) => void (found && path.setAttribute("fill", "currentColor")) })
    .on("#save-search button", {
      text: firstText(() => (found ? intl.formatMessage({ id: "saveSearch.remove" }) : undefined)),
    })
    .on("#save-search-name", {
      text: firstText(() => {
        if (!found) return undefined;
        const alerts = found.id && found.notify ? found.frequency : found.id ? "off" : undefined;
        const named = intl.formatMessage({ id: "saveSearch.savedAs" }, { label });
        return alerts ? `${named} ${intl.formatMessage({ id: `saveSearch.alerts.${alerts}` })}` : named;
      }),
    })
    .on("#save-search-name a", {
      element: (link) => {
        if (!found) return;
        link.removeAttribute("hidden");
        if (visitor.user) link.setAttribute("href", localizePath(privatePaths.cabinet.savedSearches(), locale));
      },
    })
    // Signed in, the guests' note goes: hidden, its texts emptied (each its element's only text).
    .on(`#save-search [${VISITOR_PART}="guest-note"]`, {
      element: (note) => void (visitor.user && note.setAttribute("hidden", "")),
    })
    .on(`#save-search [${VISITOR_PART}="guest-note"] > *`, {
      element: (part) => void (visitor.user && part.setInnerContent("")),
    });
}

/** An attribute's value as text: the rewriter gives it as written, with React's character references. */
function attributeText(value: string | null): string {
  return (value ?? "").replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);
}
const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#x27": "'", "#39": "'" };

/** The sign-out button's icon (client/components/layout/sign-out-form.tsx). */
const SIGN_OUT_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 8l-4 4 4 4M6 12h10" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** The visitor as JSON a `<script>` can hold: no `<` ends it early (`</script>`, `<!--`). */
function visitorScript(visitor: Visitor): string {
  const json = JSON.stringify(visitor).replaceAll("<", "\\u003c");
  return `<script type="application/json" id="${VISITOR_DATA_ID}">${json}</script>`;
}

/**
 * The signed-in header without JavaScript: the account's link (picture or initial), the unread messages
 * and the sign-out form, each part named (`data-part`) for the header's styles of the account's own parts
 * (client/components/layout/site-header.module.css).
 */
function accountHtml(visitor: Visitor, locale: Locale, here: string): string {
  const person = visitor.user!;
  const { intl } = textCatalog(locale);
  const name = person.name.trim() || intl.formatMessage({ id: "auth.header.noName" });
  const [smallest] = person.image_variants;
  const avatar = smallest
    ? `<img data-part="picture" src="${escapeHtml(smallest.url)}" srcset="${escapeHtml(srcsetOf(person.image_variants))}" sizes="36px" width="36" height="36" alt="">`
    : escapeHtml((Array.from(name)[0] ?? "?").toLocaleUpperCase());
  const account = escapeHtml(intl.formatMessage({ id: "auth.header.account" }, { name }));
  const unread = visitor.unreadMessages ?? 0;
  const unreadLabel = escapeHtml(intl.formatMessage({ id: "messages.unread.label" }, { count: unread }));
  const signOut = escapeHtml(intl.formatMessage({ id: "auth.header.signout" }));
  const link = (path: string) => escapeHtml(localizePath(path, locale));
  return (
    `<a data-part="user" href="${link(paths.cabinet.main())}" aria-label="${account}" title="${escapeHtml(name)}">` +
    `<span data-part="avatar" aria-hidden="true">${avatar}</span></a>` +
    (unread > 0 && visitor.messagesPath
      ? `<a data-part="badge" href="${link(visitor.messagesPath)}" aria-label="${unreadLabel}" title="${unreadLabel}" data-testid="unread-badge">${unread}</a>`
      : "") +
    `<form data-part="sign-out" method="post" action="${link(AUTH_ROUTE_PATH)}"><input type="hidden" name="intent" value="signout">` +
    `<input type="hidden" name="return_to" value="${escapeHtml(here)}">` +
    `<button type="submit" title="${signOut}">${SIGN_OUT_ICON}<span class="visually-hidden">${signOut}</span></button></form>`
  );
}
