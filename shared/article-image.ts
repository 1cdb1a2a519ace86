/**
 * Size of an article's illustration (`/images/articles/{id}.svg`): the Open Graph 1.91:1 frame, so
 * the same picture serves the page, the cards and link previews. Pages give `<img>` these width and
 * height attributes so nothing shifts while it loads.
 */
export const ARTICLE_IMAGE_WIDTH = 1200;
export const ARTICLE_IMAGE_HEIGHT = 630;

/**
 * Widths (px) of an article cover's WebP variants (decision 059), all cut to the frame above; a cover
 * uploaded smaller keeps its own width in place of the larger ones.
 */
const ARTICLE_COVER_WIDTHS = [480, 960, ARTICLE_IMAGE_WIDTH] as const;

/** The cover's variant sizes when its largest is `width` px wide, smallest first. */
export function articleCoverSizes(width: number): { width: number; height: number }[] {
  const widths = [...new Set(ARTICLE_COVER_WIDTHS.map((w) => Math.min(w, width)))];
  return widths.map((w) => ({
    width: w,
    height: Math.max(1, Math.round((w * ARTICLE_IMAGE_HEIGHT) / ARTICLE_IMAGE_WIDTH)),
  }));
}
