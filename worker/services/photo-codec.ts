/**
 * Pixels in and out of the photo pipeline (decision 031): WASM codecs from Squoosh (@jsquash) decode
 * JPEG, PNG and WebP and encode WebP inside the Worker, offline as in production; scaling, the camera's
 * orientation and the owner's rotation are plain loops over the RGBA buffer (photo-pixels.ts).
 * Re-encoding from pixels is what strips every byte of metadata (EXIF, GPS, XMP, ICC): nothing of the
 * uploaded file is copied.
 */
import decodeJpeg, { init as initJpeg } from "@jsquash/jpeg/decode.js";
import decodeWebp, { init as initWebpDecode } from "@jsquash/webp/decode.js";
import { defaultOptions as webpDefaults } from "@jsquash/webp/meta.js";
import webpEncoderFactory from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import jpegDecWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import webpDecWasm from "@jsquash/webp/codec/dec/webp_dec.wasm?module";
import webpEncWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import type { Pixels } from "./photo-pixels.ts";
import type { PhotoFormat } from "./photo-sniff.ts";

type Init = (module: WebAssembly.Module) => Promise<unknown>;

interface WebpEncoderModule {
  encode(data: Uint8ClampedArray, width: number, height: number, options: object): Uint8Array | null;
}
let encoder: Promise<WebpEncoderModule> | null = null;

/** The WebP encoder, instantiated statically (jsquash's own init imports its glue dynamically). */
function webpEncoder(): Promise<WebpEncoderModule> {
  encoder ??= (webpEncoderFactory as unknown as (options: object) => Promise<WebpEncoderModule>)({
    noInitialRun: true,
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => {
      const instance = new WebAssembly.Instance(webpEncWasm, imports);
      done(instance);
      return instance.exports;
    },
  });
  return encoder;
}

interface PngExports {
  memory: WebAssembly.Memory;
  decode(ptr: number, length: number): number;
  __wbindgen_malloc(size: number, align: number): number;
  __wbindgen_free(ptr: number, size: number, align: number): void;
}

/**
 * Squoosh's PNG decoder (the module @jsquash/png ships), called without its wasm-bindgen glue: that glue
 * assigns to `import.meta.url`, which vitest's module transform cannot load. The module hands out
 * JavaScript values as indices into `values` (below 132 are reserved: its constants); `decode` answers
 * the index of the RGBA image it built through `newwithownedu8clampedarrayandsh`.
 */
function pngDecoder() {
  const values: unknown[] = [...Array<undefined>(129), null, true, false];
  const free: number[] = [];
  const keep = (value: unknown) => {
    const index = free.pop() ?? values.push(undefined) - 1;
    values[index] = value;
    return index;
  };
  const take = (index: number) => {
    const value = values[index];
    if (index >= 132) {
      values[index] = undefined;
      free.push(index);
    }
    return value;
  };
  const bytes = (ptr: number, length: number) => new Uint8Array(wasm.memory.buffer, ptr >>> 0, length >>> 0);
  const imports: Record<string, (...args: number[]) => unknown> = {
    __wbindgen_memory: () => keep(wasm.memory),
    __wbg_buffer: (memory) => keep((values[memory] as WebAssembly.Memory).buffer),
    __wbg_newwithbyteoffsetandlength: (buffer, offset, length) =>
      keep(new Uint16Array(values[buffer] as ArrayBuffer, offset! >>> 0, length! >>> 0)),
    __wbindgen_object_drop_ref: (index) => void take(index!),
    __wbg_newwithownedu8clampedarrayandsh: (ptr, length, width, height) => {
      const data = bytes(ptr!, length!).slice();
      wasm.__wbindgen_free(ptr!, length!, 1);
      return keep({ data, width: width! >>> 0, height: height! >>> 0 } satisfies Pixels);
    },
    __wbindgen_throw: (ptr, length) => {
      throw new Error(new TextDecoder().decode(bytes(ptr!, length!)));
    },
  };
  // Import names carry a hash after the last underscore (`__wbg_buffer_a448f833075b71ba`): matched by prefix.
  const wbg: Record<string, unknown> = {};
  for (const { module, name } of WebAssembly.Module.imports(pngWasm)) {
    const known = Object.keys(imports).find((prefix) => name === prefix || name.startsWith(`${prefix}_`));
    if (module !== "wbg" || !known) throw new Error(`PNG decoder import ${module}.${name} is unknown`);
    wbg[name] = imports[known];
  }
  const wasm = new WebAssembly.Instance(pngWasm, { wbg } as WebAssembly.Imports).exports as unknown as PngExports;
  return (png: Uint8Array): Pixels => {
    const ptr = wasm.__wbindgen_malloc(png.length, 1) >>> 0;
    bytes(ptr, png.length).set(png);
    return take(wasm.decode(ptr, png.length)) as Pixels;
  };
}
let decodePng: ((png: Uint8Array) => Pixels) | null = null;

let ready: Promise<unknown> | null = null;

/** Each codec is instantiated once per isolate, from the module the bundle carries (no fetch). */
function codecs(): Promise<unknown> {
  ready ??= Promise.all([
    (initJpeg as Init)(jpegDecWasm),
    (initWebpDecode as unknown as Init)(webpDecWasm),
    webpEncoder(),
  ]).catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

const copy = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

/** The pixels of an image whose format was read from its bytes; throws when they do not decode. */
export async function decodePhoto(bytes: Uint8Array, format: PhotoFormat): Promise<Pixels> {
  await codecs();
  // Pixels as stored: `orient` applies the EXIF orientation after scaling down (jsquash's
  // `preserveOrientation: true` would turn the full-size pixels, and then `orient` would turn them again).
  if (format === "jpeg") return decodeJpeg(copy(bytes), { preserveOrientation: false });
  if (format === "png") {
    try {
      return (decodePng ??= pngDecoder())(bytes);
    } catch (error) {
      // A refused PNG throws out of the module mid-call (its input and stack left as they were): the next
      // upload gets a fresh instance.
      decodePng = null;
      throw error;
    }
  }
  return decodeWebp(copy(bytes));
}

/** Lossy WebP at `quality` (0–100): no EXIF, XMP or ICC chunk is written. */
export async function encodeWebp(pixels: Pixels, quality: number): Promise<Uint8Array> {
  await codecs();
  const image = {
    data: new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length),
    width: pixels.width,
    height: pixels.height,
    colorSpace: "srgb",
  } as ImageData;
  const result = (await webpEncoder()).encode(image.data, image.width, image.height, {
    ...webpDefaults,
    quality,
    method: 4,
  });
  if (!result) throw new Error("WebP encoding failed");
  return new Uint8Array(result);
}
