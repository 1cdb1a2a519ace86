import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { notFound } from "#client/http-errors.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/media";

/** Up to four tag levels (tag, childTag, grandChildTag, grandGrandChildTag) and then a slug. */
const MAX_MEDIA_SEGMENTS = 5;
const SEGMENT = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export function loader({ params, url }: Route.LoaderArgs) {
  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  if (segments.length > MAX_MEDIA_SEGMENTS || !segments.every((s) => SEGMENT.test(s))) throw notFound(url);
  return { segments };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData?.segments.length
    ? pageMeta(args, "mediaSection", { section: args.loaderData.segments.join(" / ") })
    : pageMeta(args, "media");

export default function Media({ loaderData }: Route.ComponentProps) {
  return loaderData.segments.length ? (
    <PageIntro pageKey="mediaSection" values={{ section: loaderData.segments.join(" / ") }} />
  ) : (
    <PageIntro pageKey="media" />
  );
}
