import stylesheets from "virtual:lazy-stylesheets";

/**
 * The stylesheets of a module loaded with `lazy()`, as React stylesheet resources (written into the
 * head, where the worker inlines them). In the browser Vite loads a lazy chunk's CSS with its code,
 * but a lazy component the server renders — the sign-in dialog of `?auth=`, the error screens — must
 * have its CSS named in the HTML, or it paints unstyled until the scripts run, and without JavaScript
 * for good (decision 017). Render it outside the component's Suspense boundary, so that it is part of
 * the shell even when the component's code is not loaded yet. Renders nothing in the browser.
 *
 * `module` is the lazily imported file's path from the project root.
 */
export function LazyStylesheets({ module }: { module: string }) {
  return (stylesheets[module] ?? []).map((href) => <link key={href} rel="stylesheet" href={href} precedence="lazy" />);
}
