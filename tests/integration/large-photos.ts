import sharp from "sharp";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  interface ProvidedContext {
    /** A 12.6-megapixel progressive 4:4:4 JPEG (base64): what an editor exports, painted here, not kept in git. */
    progressiveJpeg: string;
  }
}

/** Paints and encodes the photo once in Node (sharp), for every test file's workerd. */
export default async function setup(project: TestProject) {
  const width = 4096;
  const height = 3072;
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const tile = ((x >> 7) + (y >> 7)) & 1 ? 40 : 0;
      rgb[i] = 60 + (x * 150) / width + tile;
      rgb[i + 1] = 90 + (y * 120) / height + 30 * Math.sin(x / 37);
      rgb[i + 2] = 140 + 60 * Math.cos((x + y) / 91) - tile;
    }
  }
  const jpeg = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90, progressive: true, chromaSubsampling: "4:4:4" })
    .toBuffer();
  project.provide("progressiveJpeg", jpeg.toString("base64"));
}
