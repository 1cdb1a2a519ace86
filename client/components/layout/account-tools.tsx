import { Suspense } from "react";
import { lazyComponent } from "#client/lazy-component.tsx";
import SignOutForm from "./sign-out-form.tsx";

// A chunk of its own, so that what it brings (the live channel, its stylesheet) is not in the list of
// files every page names for this lazy module.
const UnreadBadge = lazyComponent(() => import("./unread-badge.tsx"));

/**
 * The badge's stylesheets, which the server names in the head so that it paints styled before any script
 * runs (as LazyStylesheets does; importing that would put the list in every page's JavaScript). Loaded with
 * this module when the worker starts; in the browser Vite loads them with the badge's chunk.
 */
let badgeStylesheets: readonly string[] = [];
if (import.meta.env.SSR) {
  void import("virtual:lazy-stylesheets").then(({ default: stylesheets }) => {
    badgeStylesheets = stylesheets["client/components/layout/unread-badge.tsx"] ?? [];
  });
}

/**
 * What the header shows a signed-in visitor beside their avatar — the unread messages' badge and the
 * sign-out form: lazy chunks that guests never load (decision 037), rendered in place by the server.
 */
export default function AccountTools() {
  return (
    <>
      {badgeStylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="lazy" />
      ))}
      <Suspense fallback={null}>
        <UnreadBadge />
      </Suspense>
      <SignOutForm />
    </>
  );
}
