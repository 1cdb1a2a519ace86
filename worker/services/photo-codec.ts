/**
 * Pixels in and out of the photo pipeline (decisions 031 and 046): WASM codecs from Squoosh (@jsquash)
 * decode JPEG, PNG and WebP and encode WebP inside the Worker, offline as in production; scaling, the
 * camera's orientation and the owner's rotation are plain loops over the RGBA buffer (photo-pixels.ts).
 * Re-encoding from pixels is what strips every byte of metadata (EXIF, GPS, XMP, ICC): nothing of the
 * uploaded file is copied. Every decoding and encoding runs on a fresh instance of its module, so the
 * memory a large photo made it grow is not kept by the isolate, and a decoder's full-size pixels are
 * scaled where they lie rather than copied out (decodePhoto's `reduce`).
 */
import jpegDecoderFactory from "@jsquash/jpeg/codec/dec/mozjpeg_dec.js";
import webpDecoderFactory from "@jsquash/webp/codec/dec/webp_dec.js";
import { defaultOptions as webpDefaults } from "@jsquash/webp/meta.js";
import webpEncoderFactory from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import jpegDecWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import webpDecWasm from "@jsquash/webp/codec/dec/webp_dec.wasm?module";
import webpEncWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import type { Pixels } from "./photo-pixels.ts";
import type { SniffedPhoto } from "./photo-sniff.ts";

interface WebpEncoderModule {
  encode(data: Uint8ClampedArray, width: number, height: number, options: object): Uint8Array | null;
}

/**
 * A fresh WebP encoder, instantiated statically (jsquash's own init imports its glue dynamically): the
 * memory it grows to while encoding goes with it instead of staying with the isolate.
 */
function webpEncoder(): Promise<WebpEncoderModule> {
  return (webpEncoderFactory as unknown as (options: object) => Promise<WebpEncoderModule>)({
    noInitialRun: true,
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => {
      const instance = new WebAssembly.Instance(webpEncWasm, imports);
      done(instance);
      return instance.exports;
    },
  });
}

/**
 * What the caller keeps of decoded pixels (the master's scaling): it runs while the full-size pixels are
 * still in the decoder's memory, so they are never copied out whole. Whatever it returns must not be
 * `pixels.data` itself (that memory is dropped with the decoder); `keep` copies it then.
 */
export type Reduce = (pixels: Pixels) => Pixels;

const keep = (pixels: Pixels, reduce: Reduce): Pixels => {
  const kept = reduce(pixels);
  return kept.data === pixels.data ? { ...kept, data: pixels.data.slice() } : kept;
};

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
 * the index of the image it built through `newwithownedu8clampedarrayandsh`, which `reduce` is given in
 * place. A fresh instance decodes each image: WASM memory never shrinks, and is dropped with it.
 */
function decodePng(png: Uint8Array, reduce: Reduce): Pixels {
  const values: unknown[] = [...Array<undefined>(129), null, true, false];
  const free: number[] = [];
  const hold = (value: unknown) => {
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
    __wbindgen_memory: () => hold(wasm.memory),
    __wbg_buffer: (memory) => hold((values[memory] as WebAssembly.Memory).buffer),
    __wbg_newwithbyteoffsetandlength: (buffer, offset, length) =>
      hold(new Uint16Array(values[buffer] as ArrayBuffer, offset! >>> 0, length! >>> 0)),
    __wbindgen_object_drop_ref: (index) => void take(index!),
    __wbg_newwithownedu8clampedarrayandsh: (ptr, length, width, height) =>
      hold(keep({ data: bytes(ptr!, length!), width: width! >>> 0, height: height! >>> 0 }, reduce)),
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
  const ptr = wasm.__wbindgen_malloc(png.length, 1) >>> 0;
  bytes(ptr, png.length).set(png);
  return take(wasm.decode(ptr, png.length)) as Pixels;
}

type EmscriptenFactory = (options: object) => Promise<{ decode(data: Uint8Array, ...args: unknown[]): unknown }>;

/**
 * One decoding on a fresh instance of an emscripten decoder (MozJPEG's, libwebp's): the memory it grows
 * to, which a WASM memory never gives back, goes with the instance. The decoder returns its pixels as
 * `new Uint8ClampedArray(view of its memory)`, a whole copy; the constructor it looks up by that name is,
 * for this instance alone, one that hands the view to `reduce` instead (the global is swapped only inside
 * that synchronous lookup, when nothing else can run). The view must hold the size the header gave.
 */
async function decodeOnce(
  factory: unknown,
  wasm: WebAssembly.Module,
  input: Uint8Array,
  args: unknown[],
  size: { width: number; height: number },
  reduce: Reduce,
): Promise<Pixels> {
  let kept: Pixels | null = null;
  function CapturedPixels(view: Uint8Array) {
    if (view.length !== size.width * size.height * 4) throw new Error("decoded size differs from the header");
    kept = keep({ data: view, ...size }, reduce);
    return new Uint8ClampedArray(0);
  }
  const decoder = await (factory as EmscriptenFactory)({
    noInitialRun: true,
    instantiateWasm: (imports: { a: Record<string, (address: number) => unknown> }, done: (i: object) => void) => {
      const glue = imports.a;
      const name = Object.keys(glue).find((key) => glue[key]!.name === "__emval_get_global");
      if (!name) throw new Error("decoder glue without __emval_get_global");
      const lookup = glue[name]!;
      // The instance's memory, known once it exists (the glue looks globals up only when called).
      const own: { memory?: WebAssembly.Memory } = {};
      glue[name] = (address) => {
        if (!own.memory || address === 0) return lookup(address);
        const heap = new Uint8Array(own.memory.buffer, address, 18);
        if (String.fromCharCode(...heap) !== "Uint8ClampedArray\0") return lookup(address);
        const real = globalThis.Uint8ClampedArray;
        globalThis.Uint8ClampedArray = CapturedPixels as unknown as typeof Uint8ClampedArray;
        try {
          return lookup(address);
        } finally {
          globalThis.Uint8ClampedArray = real;
        }
      };
      const instance = new WebAssembly.Instance(wasm, imports as unknown as WebAssembly.Imports);
      own.memory = Object.values(instance.exports).find((e) => e instanceof WebAssembly.Memory);
      done(instance);
      return instance.exports;
    },
  });
  const result = decoder.decode(input, ...args);
  if (!result || !kept) throw new Error("decoding failed");
  return kept;
}

/**
 * The pixels of an image whose format and size were read from its bytes, as `reduce` keeps them; throws
 * when they do not decode.
 */
export async function decodePhoto(
  bytes: Uint8Array,
  sniffed: SniffedPhoto,
  reduce: Reduce = (p) => p,
): Promise<Pixels> {
  // Pixels as stored (`preserveOrientation` false): `orient` applies the EXIF orientation after scaling down.
  if (sniffed.format === "jpeg") return decodeOnce(jpegDecoderFactory, jpegDecWasm, bytes, [false], sniffed, reduce);
  if (sniffed.format === "png") return decodePng(bytes, reduce);
  return decodeOnce(webpDecoderFactory, webpDecWasm, bytes, [], sniffed, reduce);
}

/** Lossy WebP at `quality` (0–100): no EXIF, XMP or ICC chunk is written. */
export async function encodeWebp(pixels: Pixels, quality: number): Promise<Uint8Array> {
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
