import type { ApiTag } from "#shared/api/content.ts";
import { MAX_TAG_DEPTH } from "#shared/api/limits.ts";

/** Up to four tag levels (tag, childTag, grandChildTag, grandGrandChildTag) and then a slug. */
const MAX_MEDIA_SEGMENTS = MAX_TAG_DEPTH + 1;
const SEGMENT = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
/** Highest `?page=` of a list: far beyond the articles there are, short of absurd offsets. */
const MAX_MEDIA_PAGE = 1000;

/** What a `/media/…` path names once its segments are matched against the tag tree. */
export type MediaTarget =
  { kind: "index" } | { kind: "tag"; tag: ApiTag } | { kind: "article"; tag: ApiTag; slug: string };

/** The segments after `/media/`, or null when there are too many or one is no slug. */
export function mediaSegments(splat: string | undefined): string[] | null {
  const segments = (splat ?? "").split("/").filter(Boolean);
  if (segments.length > MAX_MEDIA_SEGMENTS || !segments.every((s) => SEGMENT.test(s))) return null;
  return segments;
}

/**
 * Product §2 media routes: every segment a tag path → that tag's page; all but the last a tag path →
 * an article of that tag (its slug is checked against the article later); anything else → null (404).
 */
export function resolveMediaPath(segments: readonly string[], tags: readonly ApiTag[]): MediaTarget | null {
  if (segments.length === 0) return { kind: "index" };
  const byPath = new Map(tags.map((tag) => [tag.path.join("/"), tag]));
  const whole = segments.length <= MAX_TAG_DEPTH ? byPath.get(segments.join("/")) : undefined;
  if (whole) return { kind: "tag", tag: whole };
  if (segments.length < 2) return null;
  const parent = byPath.get(segments.slice(0, -1).join("/"));
  return parent ? { kind: "article", tag: parent, slug: segments.at(-1)! } : null;
}

/** The tags from the root down to `tag`, itself included. */
export function tagTrail(tag: ApiTag, tags: readonly ApiTag[]): ApiTag[] {
  const byPath = new Map(tags.map((t) => [t.path.join("/"), t]));
  return tag.path
    .map((_, i) => byPath.get(tag.path.slice(0, i + 1).join("/")))
    .filter((t): t is ApiTag => t !== undefined);
}

/** `?page=` of a list: absent → 1; anything but 1…MAX_MEDIA_PAGE written plainly → null (404). */
export function mediaPage(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,3}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_MEDIA_PAGE ? page : null;
}
