/**
 * Link previews (Open Graph) need a raster picture. A generated illustration (`/images/{kind}/{id}.svg`)
 * has a PNG twin at the same path, painted at most `PREVIEW_IMAGE_MAX_SIDE` on its longer side: the
 * networks show previews at most 1200 px wide, and painting costs CPU time and memory (decision 014).
 * Other pictures (uploads) are used as they are.
 */
export const PREVIEW_IMAGE_MAX_SIDE = 1600;

const GENERATED = /^(\/images\/[a-z]+\/\d+)\.svg$/;

export interface PictureSize {
  width: number;
  height: number;
}

/** The size a PNG twin of a `width × height` illustration is painted at. */
export function previewImageSize({ width, height }: PictureSize): PictureSize {
  const scale = Math.min(1, PREVIEW_IMAGE_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The picture a link preview shows for a page picture. */
export function previewImage<T extends PictureSize & { url: string }>(image: T): PictureSize & { url: string } {
  const generated = GENERATED.exec(image.url);
  return generated
    ? { url: `${generated[1]}.png`, ...previewImageSize(image) }
    : { url: image.url, width: image.width, height: image.height };
}
