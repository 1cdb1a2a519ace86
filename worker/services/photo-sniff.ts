/**
 * What an uploaded file is, read from its bytes alone (issue 18 item 4): the format by its magic number,
 * the pixel size from its header and, for JPEG, the camera's EXIF orientation — all before any decoding,
 * so a file that is not an accepted image, or has too many pixels to decode in a Worker's memory, is
 * refused without allocating its pixels. The name and the Content-Type the browser sent are never read.
 */

export type PhotoFormat = "jpeg" | "png" | "webp";

export interface SniffedPhoto {
  format: PhotoFormat;
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 = as stored). */
  orientation: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The accepted format, size and orientation of `bytes`, or null when they are no JPEG, PNG or WebP. */
export function sniffPhoto(bytes: Uint8Array): SniffedPhoto | null {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((b, i) => bytes[i] === b) && ascii(bytes, 12, 4) === "IHDR") {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return sized({ format: "png", width: view.getUint32(16), height: view.getUint32(20), orientation: 1 });
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return sniffJpeg(bytes);
  if (bytes.length >= 30 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return sniffWebp(bytes);
  return null;
}

function sized(photo: SniffedPhoto): SniffedPhoto | null {
  return photo.width > 0 && photo.height > 0 ? photo : null;
}

/** Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC (arithmetic tables) do not. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function sniffJpeg(bytes: Uint8Array): SniffedPhoto | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    if (marker === 0xe1 && ascii(bytes, at + 4, 6) === "Exif\0\0") {
      orientation = exifOrientation(bytes.subarray(at + 10, at + 2 + length)) ?? orientation;
    }
    if (isStartOfFrame(marker) && length >= 7) {
      return sized({ format: "jpeg", height: view.getUint16(at + 5), width: view.getUint16(at + 7), orientation });
    }
    // Start of scan before any frame: no size to read.
    if (marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
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

function sniffWebp(bytes: Uint8Array): SniffedPhoto | null {
  const chunk = ascii(bytes, 12, 4);
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  if (chunk === "VP8X") return sized({ format: "webp", width: u24(24) + 1, height: u24(27) + 1, orientation: 1 });
  if (chunk === "VP8L" && bytes[20] === 0x2f) {
    const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0;
    return sized({ format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, orientation: 1 });
  }
  if (chunk === "VP8 " && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    const width = (bytes[26]! | (bytes[27]! << 8)) & 0x3fff;
    const height = (bytes[28]! | (bytes[29]! << 8)) & 0x3fff;
    return sized({ format: "webp", width, height, orientation: 1 });
  }
  return null;
}
