import { useLocation } from "react-router";
import { AuthDialog } from "#client/components/auth-dialog/auth-dialog.tsx";
import { authAction } from "#client/components/auth-dialog/auth-action.server.ts";
import { initialView } from "#client/components/auth-dialog/auth-view.ts";
import { metaMessage } from "#client/seo.ts";
import type { Route } from "./+types/auth";
import { AUTH_DIALOG_TEXT_SCOPES, pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";

/**
 * `/auth/`: the action of every sign-in dialog form and of sign-out (decision 007). Without JavaScript
 * a step's answer renders here, the dialog shown as the page; a finished sign-in redirects away.
 */
export const action = authAction;

/** The dialog's texts, for the page (the root data has them only with `?auth=…`). */
export const loader = withTexts(pageTextScopes([], ...AUTH_DIALOG_TEXT_SCOPES), () => ({}));

export const meta: Route.MetaFunction = (args) => [
  { title: `${metaMessage(args, "auth.page.title")} | ${metaMessage(args, "site.name")}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  const view = actionData?.view ??
    initialView(new URLSearchParams(search)) ?? { mode: "signin", via: "phone", step: "identity" };
  return <AuthDialog view={view} formError={actionData?.error} asPage />;
}
