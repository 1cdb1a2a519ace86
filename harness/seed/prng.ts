/**
 * A small deterministic PRNG (mulberry32) and the draws the seed needs. Every stream of the seed
 * (users, listing n, articles, …) gets its own generator from `rngFor`, so one listing's rows do not
 * depend on how many listings come after it.
 */

/** The fixed seed of the whole data set: change it and every row changes. */
const SEED = 0x5eed_2026;

/** "Now" of the data set: 2026-11-01T00:00:00Z. Times are in ms. */
export const BASE_TIME = Date.UTC(2026, 10, 1);
export const DAY = 86_400_000;

/** 32-bit avalanche mix (murmur3 finaliser). */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85eb_ca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2_ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b_79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Uniform 32-bit unsigned integer. */
  uint32(): number {
    return Math.floor(this.next() * 4_294_967_296) >>> 0;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Real number in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of `items`, each with the weight at the same index of `weights`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }

  /** `count` distinct items in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  }

  /** Lowercase hex string of `length` characters. */
  hex(length: number): string {
    let out = "";
    while (out.length < length) out += this.uint32().toString(16).padStart(8, "0");
    return out.slice(0, length);
  }
}

/** Named streams of the data set. */
export const STREAM = {
  user: 1,
  listing: 2,
  image: 3,
  content: 4,
  subscription: 5,
} as const;

/** The generator of item `id` in `stream`: independent of every other item. */
export function rngFor(stream: number, id: number): Rng {
  return new Rng(mix32(SEED ^ mix32(Math.imul(stream, 0x9e37_79b1) ^ mix32(id + 0x1234_5678))));
}
