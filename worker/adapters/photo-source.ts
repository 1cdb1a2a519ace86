/**
 * Fetching one of an agency's listing photos (decision 102) under the feed's rules (decision 099,
 * guarded-fetch.ts): https only and no private network in production, every redirect checked. It is a
 * conditional GET when the photo was fetched before (its ETag as If-None-Match, its Last-Modified as
 * If-Modified-Since), one deadline covers the answer and its body, and the body is read up to
 * PHOTO_MAX_BYTES — counted as it comes, whatever Content-Length announced.
 */
import { FEED_MAX_REDIRECTS, FEED_PHOTO_TIMEOUT_MS, PHOTO_MAX_BYTES } from "#shared/constants.ts";
import {
  conditionalHeaders,
  fetchGuarded,
  type ResolveHost,
  type UrlRefusal,
  type Validators,
} from "./guarded-fetch.ts";

/** Why a photo was not fetched; its text is `feedPhoto.problem.{code}` with the other fields as values. */
export type PhotoFetchProblem =
  | { code: "url_refused"; reason: UrlRefusal }
  | { code: "redirects"; max: number }
  | { code: "unreachable" }
  | { code: "timeout"; seconds: number }
  | { code: "http_status"; status: number }
  | { code: "too_large"; max: number };

export type PhotoFetch =
  | { outcome: "unchanged" }
  | { outcome: "fetched"; bytes: Uint8Array; etag: string | null; lastModified: string | null }
  | { outcome: "failed"; problem: PhotoFetchProblem };

export interface PhotoFetchOptions {
  /** The validators of the copy kept: the photo is sent again only when it changed. */
  previous?: Validators | null;
  /** Development and tests only: photos served on loopback, over http. */
  allowPrivateAddresses: boolean;
  resolve?: ResolveHost;
  userAgent: string;
  timeoutMs?: number;
  fetcher?: typeof fetch;
}

const MB = 1024 * 1024;

/** The body, or "too_large" past `max` bytes (then no more of it is read). */
async function readAtMost(body: ReadableStream<Uint8Array>, announced: number, max: number) {
  const reader = body.getReader();
  // Sized by the announcement when there is a believable one, so a whole photo is one buffer, not two.
  let buffer = new Uint8Array(announced > 0 && announced <= max ? announced : 256 * 1024);
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (length + value.length > max) {
      await reader.cancel();
      return "too_large";
    }
    if (length + value.length > buffer.length) {
      const grown = new Uint8Array(Math.min(max, Math.max(buffer.length * 2, length + value.length)));
      grown.set(buffer.subarray(0, length));
      buffer = grown;
    }
    buffer.set(value, length);
    length += value.length;
  }
  return buffer.subarray(0, length);
}

/** Fetches the photo at `url`. Never throws: every failure is a problem with its code. */
export async function fetchPhoto(url: string, options: PhotoFetchOptions): Promise<PhotoFetch> {
  const timeoutMs = options.timeoutMs ?? FEED_PHOTO_TIMEOUT_MS;
  const seconds = timeoutMs / 1000;
  const signal = AbortSignal.timeout(timeoutMs);
  const headers = {
    "user-agent": options.userAgent,
    accept: "image/jpeg, image/png, image/webp, */*;q=0.1",
    ...conditionalHeaders(options.previous),
  };
  const answer = await fetchGuarded(url, {
    headers,
    signal,
    maxRedirects: FEED_MAX_REDIRECTS,
    allowPrivateAddresses: options.allowPrivateAddresses,
    // Production's photos are https: the YRL mapping refuses any other (decision 097).
    httpsOnly: !options.allowPrivateAddresses,
    resolve: options.resolve,
    fetcher: options.fetcher,
  });
  if (answer.outcome === "failed") {
    const { problem } = answer;
    if (problem.code === "timeout") return { outcome: "failed", problem: { code: "timeout", seconds } };
    if (problem.code === "unreachable") return { outcome: "failed", problem: { code: "unreachable" } };
    return { outcome: "failed", problem };
  }
  const res = answer.response;
  if (res.status === 304 && options.previous) return { outcome: "unchanged" };
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    return { outcome: "failed", problem: { code: "http_status", status: res.status } };
  }
  const announced = Number(res.headers.get("content-length") ?? "0");
  const tooLarge = { outcome: "failed", problem: { code: "too_large", max: PHOTO_MAX_BYTES / MB } } as const;
  if (announced > PHOTO_MAX_BYTES) {
    await res.body.cancel();
    return tooLarge;
  }
  let bytes: Uint8Array | "too_large";
  try {
    bytes = await readAtMost(res.body, announced, PHOTO_MAX_BYTES);
  } catch {
    // The deadline ends the body's stream too: a server that stalls mid-photo does not hold the consumer.
    return { outcome: "failed", problem: signal.aborted ? { code: "timeout", seconds } : { code: "unreachable" } };
  }
  if (bytes === "too_large") return tooLarge;
  return { outcome: "fetched", bytes, etag: res.headers.get("etag"), lastModified: res.headers.get("last-modified") };
}
