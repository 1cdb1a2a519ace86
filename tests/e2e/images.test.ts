/**
 * The PNG twin of a generated illustration (what link previews get) against the SVG that pages show, as
 * Chromium draws them: the same picture, pixel for pixel up to edge smoothing.
 */
import { expect, inject, it } from "vitest";
import { fileBrowser } from "./browser.ts";

const baseURL = inject("baseURL");

const browser = fileBrowser();

it.each(["/images/listings/1", "/images/listings/2", "/images/listings/9", "/images/articles/1"])(
  "%s: the PNG looks like the SVG",
  async (base) => {
    const page = await browser().newPage();
    // Same origin as the images, so the canvases can be read.
    await page.goto(`${baseURL}/robots.txt`);
    const result = await page.evaluate(async (path) => {
      const pixels = async (src: string) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0);
        return {
          width: canvas.width,
          height: canvas.height,
          data: context.getImageData(0, 0, canvas.width, canvas.height).data,
        };
      };
      const [svg, png] = [await pixels(`${path}.svg`), await pixels(`${path}.png`)];
      let total = 0;
      let far = 0;
      for (let i = 0; i < svg.data.length; i += 4) {
        const difference = Math.max(...[0, 1, 2].map((c) => Math.abs(svg.data[i + c]! - png.data[i + c]!)));
        total += difference;
        if (difference > 48) far++;
      }
      const count = svg.data.length / 4;
      return { svg: [svg.width, svg.height], png: [png.width, png.height], mean: total / count, farShare: far / count };
    }, base);
    await page.close();
    expect(result.png).toEqual(result.svg);
    // Measured 0.2–0.4 of 255 on average, and at most a few edge pixels apart by more than 48.
    expect(result.mean).toBeLessThan(1.5);
    expect(result.farShare).toBeLessThan(0.002);
  },
);
