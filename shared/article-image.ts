/**
 * Size of an article's illustration (`/images/articles/{id}.svg`): the Open Graph 1.91:1 frame, so
 * the same picture serves the page, the cards and link previews. Pages give `<img>` these width and
 * height attributes so nothing shifts while it loads.
 */
export const ARTICLE_IMAGE_WIDTH = 1200;
export const ARTICLE_IMAGE_HEIGHT = 630;
