import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeEntry, splitLocale } from "#shared/locales.ts";

/** Lets the browser handle input (and paint) between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The first Intl formatter of a page loads the browser's locale data, 15–20 ms even on a fast
// machine: done on its own here, not in the middle of hydrating the first number or date.
await nextTask();
const { intl } = localeEntry(splitLocale(location.pathname).locale);
new Intl.NumberFormat(intl).format(1);
await nextTask();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
