import { Suspense } from "react";
import { lazyComponent } from "#client/lazy-component.tsx";
import SignOutForm from "./sign-out-form.tsx";

// A chunk of its own, so that what it brings (the live channel, its stylesheet) is not in the list of
// files every page names for this lazy module.
const UnreadBadge = lazyComponent(() => import("./unread-badge.tsx"));

/**
 * What the header shows a signed-in visitor beside their avatar — the unread messages' badge and the
 * sign-out form: lazy chunks that guests never load (decision 037), rendered in place by the server.
 */
export default function AccountTools() {
  return (
    <>
      <Suspense fallback={null}>
        <UnreadBadge />
      </Suspense>
      <SignOutForm />
    </>
  );
}
