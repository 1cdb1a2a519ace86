/**
 * What an uploaded file is, read from its bytes alone (decisions 031 and 046): the format
 * by its magic number, the pixel size from its header and, for JPEG, the camera's EXIF orientation — all
 * before any decoding, so a file that is not an accepted image, has too many pixels, or would cost the
 * decoder too much memory or CPU is refused without allocating its pixels. The name and the Content-Type
 * the browser sent are never read.
 *
 * The walk is strict where a decoder is lenient: libjpeg skips bytes it does not expect between segments
 * (and `FF 00` pairs) looking for the next marker, so a file with anything there can show this walk one
 * frame and the decoder another. Such a file, and one that ends before its end marker, is unreadable.
 */
import { PHOTO_JPEG_MAX_SCAN_PASSES, PHOTO_MASTER_MAX_SIDE } from "#shared/constants.ts";
import { fitSize, jpegScaling } from "./photo-scale.ts";

type PhotoFormat = "jpeg" | "png" | "webp";

export interface SniffedPhoto {
  format: PhotoFormat;
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 = as stored). */
  orientation: number;
  /**
   * JPEG: bytes of the whole-image coefficient buffer libjpeg allocates for a progressive or multi-scan
   * file (a single-scan file is decoded row by row without one); 0 for the other formats.
   */
  coefficientBytes: number;
}

/**
 * The memory one decoding of `photo` takes, as measured (decisions 046 and 054): the file three times (the
 * request's copy, the one read, the decoder's), the decoder's RGBA pixels — a JPEG's at the DCT scale that
 * still covers the master, the others' whole — and a JPEG's coefficient buffer.
 */
export function decodeBytes(photo: SniffedPhoto, fileBytes: number) {
  const decoded = photo.format === "jpeg" ? jpegScaling(photo, fitSize(photo, PHOTO_MASTER_MAX_SIDE)) : photo;
  return 3 * fileBytes + decoded.width * decoded.height * 4 + photo.coefficientBytes;
}

/** The bytes start like an accepted format but are cut short, malformed, or too costly to decode. */
export const UNREADABLE = "unreadable";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/**
 * The accepted format, size and orientation of `bytes`; UNREADABLE when they start as a JPEG, PNG or WebP
 * but are not a whole, well-formed one; null when they are none of the three.
 */
export function sniffPhoto(bytes: Uint8Array): SniffedPhoto | typeof UNREADABLE | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return sniffPng(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return sniffJpeg(bytes);
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return sniffWebp(bytes);
  return null;
}

function sized(photo: Omit<SniffedPhoto, "coefficientBytes">, coefficientBytes = 0) {
  return photo.width > 0 && photo.height > 0 ? { ...photo, coefficientBytes } : UNREADABLE;
}

/** PNG: IHDR first, then chunks by their lengths up to IEND, all inside the file. */
function sniffPng(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 33 || ascii(bytes, 12, 4) !== "IHDR") return UNREADABLE;
  for (let at = 8; at + 12 <= bytes.length;) {
    const next = at + 12 + view.getUint32(at);
    if (next > bytes.length) return UNREADABLE;
    if (ascii(bytes, at + 4, 4) === "IEND") {
      return sized({ format: "png", width: view.getUint32(16), height: view.getUint32(20), orientation: 1 });
    }
    at = next;
  }
  return UNREADABLE;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;
/** The frames MozJPEG decodes: Huffman-coded baseline, extended and progressive. */
const SOF_BASELINE = 0xc0;
const SOF_EXTENDED = 0xc1;
const SOF_PROGRESSIVE = 0xc2;
/** Tables and metadata that may stand between the start of the image and its scans. */
const isTableOrMetadata = (marker: number) =>
  marker === 0xc4 || marker === 0xdb || marker === 0xdd || (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

interface Component {
  id: number;
  /** 8 × 8 blocks of the component, and as the decoder pads them to whole MCUs. */
  blocks: number;
  paddedBlocks: number;
}

/**
 * Past a scan's entropy-coded data: `FF 00` (a stuffed FF) and restart markers belong to it, any other
 * marker ends it. Returns where that marker's FF begins, or -1 when the data runs to the end of the file.
 */
function endOfScan(bytes: Uint8Array, from: number): number {
  let at = from;
  for (;;) {
    const ff = bytes.indexOf(0xff, at);
    if (ff < 0) return -1;
    let code = ff + 1;
    while (bytes[code] === 0xff) code++;
    if (code >= bytes.length) return -1;
    if (bytes[code] !== 0x00 && !isRestart(bytes[code]!)) return ff;
    at = code + 1;
  }
}

/**
 * JPEG, read the way libjpeg reads it: SOI; segments, each a marker directly after the previous one (FF
 * fill bytes allowed) and inside the file; one frame; scans, each followed by its data; EOI. Bytes after
 * EOI are ignored, as the decoder ignores them (phones append other pictures there).
 */
function sniffJpeg(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let orientation = 1;
  let frame: { width: number; height: number; progressive: boolean; components: Component[] } | null = null;
  let scans = 0;
  let scanBlocks = 0;
  let multiScan = false;
  let at = 2;
  for (;;) {
    if (bytes[at] !== 0xff) return UNREADABLE;
    while (bytes[at] === 0xff) at++;
    if (at >= bytes.length) return UNREADABLE;
    const marker = bytes[at]!;
    if (marker === EOI) {
      if (!frame || scans === 0) return UNREADABLE;
      const frameBlocks = frame.components.reduce((sum, c) => sum + c.blocks, 0);
      // Thousands of small scans cost seconds of CPU: libjpeg visits every block of a scan's components.
      if (scanBlocks > PHOTO_JPEG_MAX_SCAN_PASSES * frameBlocks) return UNREADABLE;
      const coefficients = multiScan ? frame.components.reduce((sum, c) => sum + c.paddedBlocks * 128, 0) : 0;
      return sized({ format: "jpeg", width: frame.width, height: frame.height, orientation }, coefficients);
    }
    if (marker === SOI || !(isTableOrMetadata(marker) || marker === SOS || isStartOfFrame(marker))) return UNREADABLE;
    if (at + 3 > bytes.length) return UNREADABLE;
    const length = view.getUint16(at + 1);
    const body = at + 3;
    const end = at + 1 + length;
    if (length < 2 || end > bytes.length) return UNREADABLE;
    if (marker === APP1 && !frame && ascii(bytes, body, 6) === "Exif\0\0") {
      orientation = exifOrientation(bytes.subarray(body + 6, end)) ?? orientation;
    }
    if (isStartOfFrame(marker)) {
      // libjpeg refuses a second frame; refusing it here keeps the first one the decoded one.
      if (frame) return UNREADABLE;
      frame = readFrame(bytes.subarray(body, end), marker === SOF_PROGRESSIVE);
      if (!frame) return UNREADABLE;
    }
    if (marker === SOS) {
      if (!frame) return UNREADABLE;
      const count = bytes[body]!;
      if (count < 1 || count > 4 || length !== 6 + 2 * count) return UNREADABLE;
      for (let i = 0; i < count; i++) {
        const component = frame.components.find((c) => c.id === bytes[body + 1 + 2 * i]);
        if (!component) return UNREADABLE;
        scanBlocks += component.blocks;
      }
      scans++;
      // The decoder keeps every coefficient when the image comes in more than one scan.
      multiScan ||= frame.progressive || count < frame.components.length;
      at = endOfScan(bytes, end);
      if (at < 0) return UNREADABLE;
      continue;
    }
    at = end;
  }
}

const isStartOfFrame = (marker: number) =>
  marker === SOF_BASELINE || marker === SOF_EXTENDED || marker === SOF_PROGRESSIVE;

/** A frame header: 8-bit samples, 1, 3 or 4 components with sampling factors 1–4. */
function readFrame(body: Uint8Array, progressive: boolean) {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  if (body.length < 6 || body[0] !== 8) return null;
  const height = view.getUint16(1);
  const width = view.getUint16(3);
  const count = body[5]!;
  if (![1, 3, 4].includes(count) || body.length !== 6 + 3 * count) return null;
  const sampling = Array.from({ length: count }, (_, i) => ({
    id: body[6 + 3 * i]!,
    h: body[7 + 3 * i]! >> 4,
    v: body[7 + 3 * i]! & 15,
  }));
  if (sampling.some((s) => s.h < 1 || s.h > 4 || s.v < 1 || s.v > 4)) return null;
  const maxH = Math.max(...sampling.map((s) => s.h));
  const maxV = Math.max(...sampling.map((s) => s.v));
  const mcuColumns = Math.ceil(width / (8 * maxH));
  const mcuRows = Math.ceil(height / (8 * maxV));
  const components = sampling.map((s) => ({
    id: s.id,
    blocks: Math.ceil((width * s.h) / maxH / 8) * Math.ceil((height * s.v) / maxV / 8),
    paddedBlocks: mcuColumns * s.h * mcuRows * s.v,
  }));
  return { width, height, progressive, components };
}

/** Tag 0x0112 of IFD0 in a TIFF block, when it holds 1–8. */
function exifOrientation(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/** WebP: chunks by their sizes up to the RIFF size, which the file must hold (a cut-short file does not decode whole). */
function sniffWebp(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (bytes.length < 30 || riffEnd > bytes.length || riffEnd < 30) return UNREADABLE;
  for (let at = 12; at < riffEnd;) {
    const size = at + 8 <= riffEnd ? view.getUint32(at + 4, true) : Infinity;
    // Chunks are padded to an even size; the last one's pad byte may be missing from the RIFF size.
    if (at + 8 + size > riffEnd) return UNREADABLE;
    at += 8 + size + (size & 1);
  }
  const chunk = ascii(bytes, 12, 4);
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  if (chunk === "VP8X") return sized({ format: "webp", width: u24(24) + 1, height: u24(27) + 1, orientation: 1 });
  if (chunk === "VP8L" && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return sized({ format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, orientation: 1 });
  }
  if (chunk === "VP8 " && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    const width = view.getUint16(26, true) & 0x3fff;
    const height = view.getUint16(28, true) & 0x3fff;
    return sized({ format: "webp", width, height, orientation: 1 });
  }
  return UNREADABLE;
}
