/**
 * Pixels in and out of the photo pipeline (decisions 031 and 046): WASM codecs from Squoosh (@jsquash)
 * decode JPEG, PNG and WebP and encode WebP inside the Worker, offline as in production; scaling, the
 * camera's orientation and the owner's rotation are plain loops over the RGBA buffer (photo-pixels.ts).
 * Re-encoding from pixels is what strips every byte of metadata (EXIF, GPS, XMP, ICC): nothing of the
 * uploaded file is copied. A decoder's full-size pixels are scaled where they lie rather than copied out
 * (decodePhoto's `reduce`), and what a decoding may take is bounded before it starts (decision 046).
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

let encoder: Promise<WebpEncoderModule> | null = null;

/**
 * The WebP encoder, instantiated statically (jsquash's own init imports its glue dynamically), once per
 * isolate: it only ever encodes the master and smaller, so the memory it keeps is bounded by
 * PHOTO_MASTER_MAX_SIDE (a fresh instance per photo was measured worse: dropped instances' memory waits
 * for a garbage collection that an upload does not bring about).
 */
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

/**
 * What the caller keeps of decoded pixels (the master's scaling): it runs while the full-size pixels are
 * still in the decoder's memory, so they are never copied out whole. Whatever it returns must not be
 * `pixels.data` itself (that memory is the decoder's, reused by its next call); `keep` copies it then.
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
 * the index of the image it built through `newwithownedu8clampedarrayandsh`, which the current call's
 * `reduce` is given in place (then freed).
 */
function pngDecoder() {
  let reduce: Reduce | null = null;
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
    __wbg_newwithownedu8clampedarrayandsh: (ptr, length, width, height) => {
      const kept = keep({ data: bytes(ptr!, length!), width: width! >>> 0, height: height! >>> 0 }, reduce!);
      wasm.__wbindgen_free(ptr!, length!, 1);
      return hold(kept);
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
  return (png: Uint8Array, _size: unknown, reducer: Reduce): Pixels => {
    reduce = reducer;
    const ptr = wasm.__wbindgen_malloc(png.length, 1) >>> 0;
    bytes(ptr, png.length).set(png);
    return take(wasm.decode(ptr, png.length)) as Pixels;
  };
}

type Decode = (input: Uint8Array, size: { width: number; height: number }, reduce: Reduce) => Pixels;

type EmscriptenFactory = (options: object) => Promise<{ decode(data: Uint8Array, ...args: unknown[]): unknown }>;

/**
 * An emscripten decoder (MozJPEG's, libwebp's) as a Decode. It returns its pixels as
 * `new Uint8ClampedArray(view of its memory)`, a whole copy; the constructor it looks up by that name is,
 * for this instance alone, one that hands the view to the current call's `reduce` instead (the global is
 * swapped only inside that synchronous lookup, when nothing else can run). The view must hold the size
 * the header gave.
 */
async function emscriptenDecoder(factory: unknown, wasm: WebAssembly.Module, args: unknown[]): Promise<Decode> {
  let sink: ((view: Uint8Array) => void) | null = null;
  function CapturedPixels(view: Uint8Array) {
    sink!(view);
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
  return (input, size, reduce) => {
    let kept: Pixels | null = null;
    sink = (view) => {
      if (view.length !== size.width * size.height * 4) throw new Error("decoded size differs from the header");
      kept = keep({ data: view, ...size }, reduce);
    };
    try {
      if (!decoder.decode(input, ...args) || !kept) throw new Error("decoding failed");
      return kept;
    } finally {
      sink = null;
    }
  };
}

const decoders: Partial<Record<SniffedPhoto["format"], Promise<Decode>>> = {};

/**
 * Each decoder is instantiated once per isolate and kept: its memory, which a WASM memory never gives back,
 * is bounded by what one decoding may take (PHOTO_DECODE_MAX_BYTES, checked before). One that failed is
 * dropped (a refused file leaves an emscripten runtime exited, a Rust one mid-call).
 */
function decoder(format: SniffedPhoto["format"]): Promise<Decode> {
  return (decoders[format] ??=
    format === "jpeg"
      ? emscriptenDecoder(jpegDecoderFactory, jpegDecWasm, [false])
      : format === "webp"
        ? emscriptenDecoder(webpDecoderFactory, webpDecWasm, [])
        : Promise.resolve(pngDecoder()));
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
  // Pixels as stored (MozJPEG's `preserveOrientation` false): `orient` applies the EXIF orientation after
  // scaling down.
  const decode = decoder(sniffed.format);
  try {
    return (await decode)(bytes, sniffed, reduce);
  } catch (error) {
    if (decoders[sniffed.format] === decode) delete decoders[sniffed.format];
    throw error;
  }
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
