/**
 * Pixels in and out of the photo pipeline (decisions 031, 046 and 054): WASM codecs decode JPEG
 * (libjpeg-turbo, @cwasm/jpeg-turbo), PNG and WebP (Squoosh's, @jsquash) and encode WebP (@jsquash) inside
 * the Worker, offline as in production; scaling, the camera's orientation and the owner's rotation are
 * plain loops over the RGBA buffer (photo-pixels.ts). Re-encoding from pixels is what strips every byte of
 * metadata (EXIF, GPS, XMP, ICC): nothing of the uploaded file is copied. A JPEG is decoded already scaled
 * down (libjpeg's DCT scaling); every decoder's pixels are scaled, turned and encoded where they lie,
 * never copied out (decision 054). What a decoding may take is bounded before it starts (decision 046).
 */
import jpegTurboWasm from "@cwasm/jpeg-turbo/jpeg-turbo.wasm?module";
import webpDecoderFactory from "@jsquash/webp/codec/dec/webp_dec.js";
import { defaultOptions as webpDefaults } from "@jsquash/webp/meta.js";
import webpEncoderFactory from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import webpDecWasm from "@jsquash/webp/codec/dec/webp_dec.wasm?module";
import webpEncWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import { downscale, type Pixels } from "./photo-pixels.ts";
import { jpegScaling, type Size } from "./photo-scale.ts";
import type { SniffedPhoto } from "./photo-sniff.ts";

interface WebpEncoderModule {
  encode(data: Uint8ClampedArray, width: number, height: number, options: object): Uint8Array | null;
}

/** Lossy WebP at `quality` (0–100), synchronously: no EXIF, XMP or ICC chunk is written. */
export type EncodeWebp = (pixels: Pixels, quality: number) => Uint8Array;

let encoder: Promise<EncodeWebp> | null = null;

/**
 * The WebP encoder, instantiated statically (jsquash's own init imports its glue dynamically), once per
 * isolate: it only ever encodes the master and smaller, so the memory it keeps is bounded by
 * PHOTO_MASTER_MAX_SIDE (a fresh instance per photo was measured worse: dropped instances' memory waits
 * for a garbage collection that an upload does not bring about). Synchronous once ready, so a photo's
 * renderings can run while its pixels still lie in the decoder's memory (decodePhoto's `render`).
 */
export function webpEncoder(): Promise<EncodeWebp> {
  encoder ??= (webpEncoderFactory as unknown as (options: object) => Promise<WebpEncoderModule>)({
    noInitialRun: true,
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => {
      const instance = new WebAssembly.Instance(webpEncWasm, imports);
      done(instance);
      return instance.exports;
    },
  }).then((module) => (pixels, quality) => {
    const data = new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length);
    const result = module.encode(data, pixels.width, pixels.height, {
      ...webpDefaults,
      quality,
      method: 4,
      // No token buffer: at method 4 it grew the encoder's memory from 35 to 72 MB for a noisy 2048-px
      // master, for the same bytes out (decision 054).
      low_memory: 1,
    });
    if (!result) throw new Error("WebP encoding failed");
    return new Uint8Array(result);
  });
  return encoder;
}

/**
 * The decoded pixels, where they lie in a decoder's memory (about to be freed or reused), scaled down in
 * place to `target` and handed to `render`: no copy of them is made (decision 054).
 */
function renderInPlace<T>(pixels: Pixels, size: Size, target: Size, render: (pixels: Pixels) => T): T {
  if (
    pixels.width !== size.width ||
    pixels.height !== size.height ||
    pixels.data.length !== size.width * size.height * 4
  ) {
    throw new Error("decoded size differs from the header");
  }
  return render(downscale(pixels, target.width, target.height, true));
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
 * the index of the image it built through `newwithownedu8clampedarrayandsh`, which is brought to the
 * current call's `target` in place (then freed).
 */
function pngDecoder(): Decode {
  let call: { size: Size; target: Size; render: (pixels: Pixels) => unknown; result?: { value: unknown } } | null =
    null;
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
      const pixels = { data: bytes(ptr!, length!), width: width! >>> 0, height: height! >>> 0 };
      call!.result = { value: renderInPlace(pixels, call!.size, call!.target, call!.render) };
      wasm.__wbindgen_free(ptr!, length!, 1);
      return hold(null);
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
  return (png, size, target, render) => {
    const current: NonNullable<typeof call> = { size, target, render };
    call = current;
    try {
      const ptr = wasm.__wbindgen_malloc(png.length, 1) >>> 0;
      bytes(ptr, png.length).set(png);
      take(wasm.decode(ptr, png.length));
    } finally {
      call = null;
    }
    if (!current.result) throw new Error("decoding failed");
    return current.result.value as ReturnType<typeof render>;
  };
}

/**
 * Decodes `input`, whose header says `size`, to pixels of `target` (at most `size`) and hands them to
 * `render`, which runs synchronously while they lie in the decoder's memory (renderInPlace).
 */
type Decode = <T>(input: Uint8Array, size: Size, target: Size, render: (pixels: Pixels) => T) => T;

type EmscriptenFactory = (options: object) => Promise<{ decode(data: Uint8Array, ...args: unknown[]): unknown }>;

/**
 * An emscripten decoder (libwebp's) as a Decode. It returns its pixels as
 * `new Uint8ClampedArray(view of its memory)`, a whole copy; the constructor it looks up by that name is,
 * for this instance alone, one that renders the current call from the view instead, before the decoder
 * frees it (the global is swapped only inside that synchronous lookup, when nothing else can run). The
 * view must hold the size the header gave.
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
  return (input, size, target, render) => {
    let result: { value: ReturnType<typeof render> } | null = null;
    sink = (view) => {
      result = { value: renderInPlace({ data: view, ...size }, size, target, render) };
    };
    try {
      if (!decoder.decode(input, ...args) || !result) throw new Error("decoding failed");
    } finally {
      sink = null;
    }
    return (result as { value: ReturnType<typeof render> }).value;
  };
}

interface TurboJpegExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  tjInitDecompress(): number;
  tjDecompressHeader3(
    handle: number,
    jpeg: number,
    size: number,
    width: number,
    height: number,
    subsampling: number,
    colorspace: number,
  ): number;
  tjDecompress2(
    handle: number,
    jpeg: number,
    size: number,
    pixels: number,
    width: number,
    pitch: number,
    height: number,
    format: number,
    flags: number,
  ): number;
  tjDestroy(handle: number): number;
}

const TJPF_RGBA = 7;
/** A warning (corrupt data, a premature end) is an error: nothing grey is filled in. */
const TJFLAG_STOPONWARNING = 1 << 13;

/**
 * libjpeg-turbo 2.0.4's TurboJPEG API, built for WASI by @cwasm/jpeg-turbo, called directly: given a
 * smaller output than the image, `tjDecompress2` decodes at that DCT scale (N/8), so a 12-megapixel photo
 * is decoded straight to the master's 3 megapixels (12 MB of RGBA where MozJPEG, which jsquash builds
 * without scaling, needed 48). Its error handler longjmps; `longjmp` here throws out of the WASM call,
 * leaving the instance's allocations behind, so a decoder that threw is dropped (`decodePhoto`). The WASI
 * calls it imports are for stdio and the environment, which decoding never reaches.
 */
function turboJpegDecoder(): Decode {
  const unexpected = (name: string) => () => {
    throw new Error(`JPEG decoder called ${name}`);
  };
  const wasi: Record<string, (...args: number[]) => number> = {
    environ_sizes_get: (count, size) => {
      new Uint32Array(wasm.memory.buffer).set([0], count! >>> 2);
      new Uint32Array(wasm.memory.buffer).set([0], size! >>> 2);
      return 0;
    },
  };
  for (const name of ["environ_get", "proc_exit", "fd_close", "fd_seek", "fd_write"]) wasi[name] = unexpected(name);
  const env = {
    setjmp: () => 0,
    longjmp: () => {
      throw new Error("JPEG decoding failed");
    },
  };
  const wasm = new WebAssembly.Instance(jpegTurboWasm, { env, wasi_snapshot_preview1: wasi })
    .exports as unknown as TurboJpegExports;
  const header = wasm.malloc(16);
  return (input, size, target, render) => {
    const scaled = jpegScaling(size, target);
    const length = scaled.width * scaled.height * 4;
    const source = wasm.malloc(input.length);
    const pixels = wasm.malloc(length);
    const handle = wasm.tjInitDecompress();
    if (!source || !pixels || !handle) throw new Error("JPEG decoder out of memory");
    new Uint8Array(wasm.memory.buffer, source, input.length).set(input);
    const read = wasm.tjDecompressHeader3(handle, source, input.length, header, header + 4, header + 8, header + 12);
    const [width, height] = new Int32Array(wasm.memory.buffer, header, 2);
    if (read !== 0 || width !== size.width || height !== size.height) {
      throw new Error("decoded size differs from the header");
    }
    const flags = TJFLAG_STOPONWARNING;
    if (
      wasm.tjDecompress2(handle, source, input.length, pixels, scaled.width, 0, scaled.height, TJPF_RGBA, flags) !== 0
    ) {
      throw new Error("JPEG decoding failed");
    }
    wasm.tjDestroy(handle);
    wasm.free(source);
    try {
      return renderInPlace(
        { data: new Uint8Array(wasm.memory.buffer, pixels, length), ...scaled },
        scaled,
        target,
        render,
      );
    } finally {
      wasm.free(pixels);
    }
  };
}

const decoders: Partial<Record<SniffedPhoto["format"], Promise<Decode>>> = {};

/**
 * Each decoder is instantiated once per isolate and kept: its memory, which a WASM memory never gives back,
 * is bounded by what one decoding may take (PHOTO_DECODE_MAX_BYTES, checked before). One that failed is
 * dropped (a refused file leaves a runtime exited or mid-call, its allocations behind).
 */
function decoder(format: SniffedPhoto["format"]): Promise<Decode> {
  return (decoders[format] ??= Promise.resolve().then(() =>
    format === "jpeg"
      ? turboJpegDecoder()
      : format === "webp"
        ? emscriptenDecoder(webpDecoderFactory, webpDecWasm, [])
        : pngDecoder(),
  ));
}

/**
 * Decodes an image whose format and size were read from its bytes, scaled down to `target`, and answers
 * what `render` makes of the pixels — null when they do not decode (corrupt or cut short behind a valid
 * structure). `render` runs synchronously and must not keep the pixels: they may lie in the decoder's memory.
 * What `render` throws passes as it is.
 */
export async function decodePhoto<T>(
  bytes: Uint8Array,
  sniffed: SniffedPhoto,
  target: Size,
  render: (pixels: Pixels) => T,
): Promise<{ value: T } | null> {
  // Pixels as stored: the caller applies the EXIF orientation after scaling down.
  const decode = decoder(sniffed.format);
  const wanted = { width: Math.min(target.width, sniffed.width), height: Math.min(target.height, sniffed.height) };
  let used = false;
  try {
    return {
      value: (await decode)(bytes, sniffed, wanted, (pixels) => {
        used = true;
        return render(pixels);
      }),
    };
  } catch (error) {
    // A decoder that failed, or whose call `render` broke off, is left mid-call: it is not used again.
    if (decoders[sniffed.format] === decode) delete decoders[sniffed.format];
    if (used) throw error;
    return null;
  }
}
