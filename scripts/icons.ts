/**
 * `node scripts/icons.ts`: paints the installed app's icons (worker/pwa/brand.ts, worker/pwa/icons.ts)
 * into `public/icons/` with the repo's own rasteriser and PNG encoder. The same code writes the same
 * files; run it again after changing the mark or the brand colour, and commit the PNGs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { APPLE_TOUCH_ICON, MANIFEST_ICONS } from "#worker/pwa/brand.ts";
import { iconScene } from "#worker/pwa/icons.ts";
import { rasterize } from "#worker/images/raster.ts";
import { encodePng } from "#worker/images/png.ts";

const PUBLIC = join(import.meta.dirname, "..", "public");

for (const icon of [...MANIFEST_ICONS, APPLE_TOUCH_ICON]) {
  const png = await encodePng(icon.size, icon.size, rasterize(iconScene(icon)));
  const file = join(PUBLIC, icon.path);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, png);
  console.log(`${icon.path}: ${icon.size}×${icon.size}, ${png.length} bytes`);
}
