/**
 * A PNG encoder for 8-bit RGB pixels, on the platform's own deflate (`CompressionStream`, which writes
 * the zlib stream PNG wants). Each row takes the filter (none, sub or up) that leaves the smallest
 * residue, which is what makes flat illustrations small.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The rows with their filter bytes (PNG filter types 0 none, 1 sub, 2 up). */
function filterRows(width: number, height: number, rgb: Uint8Array): Uint8Array<ArrayBuffer> {
  const stride = width * 3;
  const out = new Uint8Array(height * (stride + 1));
  const candidate = [new Uint8Array(stride), new Uint8Array(stride), new Uint8Array(stride)] as const;
  for (let y = 0; y < height; y++) {
    const row = rgb.subarray(y * stride, (y + 1) * stride);
    let best = 0;
    let bestScore = Infinity;
    for (let type = 0; type < 3; type++) {
      const line = candidate[type]!;
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const before =
          type === 1 ? (i >= 3 ? row[i - 3]! : 0) : type === 2 ? (y > 0 ? rgb[(y - 1) * stride + i]! : 0) : 0;
        const value = (row[i]! - before) & 0xff;
        line[i] = value;
        score += value < 128 ? value : 256 - value;
      }
      if (score < bestScore) [best, bestScore] = [type, score];
    }
    out[y * (stride + 1)] = best;
    out.set(candidate[best]!, y * (stride + 1) + 1);
  }
  return out;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A PNG file of `width × height` pixels given as R, G, B bytes row by row. */
export async function encodePng(width: number, height: number, rgb: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (rgb.length !== width * height * 3)
    throw new Error(`Expected ${width * height * 3} bytes of RGB, got ${rgb.length}`);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filters, no interlace
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(filterRows(width, height, rgb))),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
