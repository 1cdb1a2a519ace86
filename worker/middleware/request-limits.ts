/**
 * A client's mistake is a 4xx, never a 500 (decision 027): absurd URLs (414) and
 * headers (431) are refused before any other work, bodies over the limit (413) before they are parsed —
 * by `Content-Length`, or by counting a streamed body that has none. The API answers in its JSON error
 * shape; a page with its own translated error screen, which the entry file renders.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  PHOTO_FORM_BODY_MAX_BYTES,
  PHOTO_UPLOAD_BODY_MAX_BYTES,
  REQUEST_BODY_MAX_BYTES,
  REQUEST_HEADERS_MAX_BYTES,
  REQUEST_URL_MAX_BYTES,
} from "#shared/constants.ts";
import { ROUTE_LOCALES } from "#shared/locales.ts";
import { INVALID } from "#shared/validation.ts";
import { PHOTO_ERRORS } from "#shared/api/listing-photos.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { apiError } from "#worker/http/api-error.ts";

/** A client error the worker answers itself, and what the API's JSON error says of it. */
export const CLIENT_ERRORS = {
  400: { code: "invalid_input", message: "Missing or malformed request body", field: "body" },
  403: { code: "cross_site_post", message: "A form post from another site is refused", field: "origin" },
  413: { code: "payload_too_large", message: `Request body over ${REQUEST_BODY_MAX_BYTES} bytes`, field: "body" },
  414: { code: "uri_too_long", message: `URL over ${REQUEST_URL_MAX_BYTES} bytes`, field: "url" },
  415: { code: "unsupported_media_type", message: "Unsupported Content-Type for this request", field: "content-type" },
  431: {
    code: "headers_too_large",
    message: `Request headers over ${REQUEST_HEADERS_MAX_BYTES} bytes`,
    field: "headers",
  },
} as const satisfies Record<number, { code: string; message: string; field: string }>;
export type ClientErrorStatus = keyof typeof CLIENT_ERRORS;

/** The page's error screen with a status (the entry file renders it; worker/index.ts). */
export type PageErrorScreen = (c: Context<AppEnv>, status: number) => Promise<Response>;

/** How much of a refused body is read away before answering (the platform's own limit is 100 MB). */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** The API's JSON error for a client error, naming the part of the request at fault. */
export function apiClientError(c: Context, status: ClientErrorStatus): Response {
  const { code, message, field } = CLIENT_ERRORS[status];
  return apiError(c, status as ContentfulStatusCode, code, message, { [field]: INVALID.format });
}

/** The answer to a client error: the API's JSON error, or the page's screen. */
function clientError(
  c: Context<AppEnv>,
  status: ClientErrorStatus,
  screen: PageErrorScreen,
): Response | Promise<Response> {
  return isApiPath(new URL(c.req.url).pathname) ? apiClientError(c, status) : screen(c, status);
}

/** The bytes of the request's headers as sent on HTTP/1.1: `name: value\r\n` each. */
function headerBytes(headers: Headers): number {
  let total = 0;
  for (const [name, value] of headers) total += name.length + value.length + 4;
  return total;
}

/**
 * The one place where a path takes a larger body than REQUEST_BODY_MAX_BYTES (exact paths and methods):
 * the photo uploads (decisions 031, 050: a listing photo, a profile picture), a photo plus its envelope.
 */
const LARGE_BODY_PATHS: Readonly<
  Record<string, { method: string; maxBytes: number; code: string; field: string; messageId: string }>
> = {
  "/api/realty/edit/image": {
    method: "POST",
    maxBytes: PHOTO_UPLOAD_BODY_MAX_BYTES,
    code: "photo_too_large",
    field: "file",
    messageId: PHOTO_ERRORS.tooLarge,
  },
  "/api/cabinet/update-image": {
    method: "POST",
    maxBytes: PHOTO_UPLOAD_BODY_MAX_BYTES,
    code: "photo_too_large",
    field: "image",
    messageId: PHOTO_ERRORS.tooLarge,
  },
  /** An article's cover (decision 059), one path per article: looked up by `largeBodyPath`. */
  "/api/admin/articles/{id}/cover": {
    method: "POST",
    maxBytes: PHOTO_UPLOAD_BODY_MAX_BYTES,
    code: "photo_too_large",
    field: "image",
    messageId: PHOTO_ERRORS.tooLarge,
  },
};

/** The LARGE_BODY_PATHS key of a path: itself, or its template when it names an id. */
const largeBodyPath = (pathname: string) =>
  pathname.replace(/^\/api\/admin\/articles\/[1-9]\d{0,15}\/cover$/, "/api/admin/articles/{id}/cover");

/**
 * Pages that take photos in a form post, in every locale, up to PHOTO_FORM_BODY_MAX_BYTES (decisions 034,
 * 050): the wizard's photos step without JavaScript (`/listing/edit/{id}/`), and the personal page's
 * profile picture (`/cabinet/personal/`, also as React Router's `_.data` post) and an article's cover
 * (`/admin/content/articles/{id}/`, decision 059), whose actions refuse a
 * picture over PHOTO_MAX_BYTES next to its field. Too large a body is the page's 413 screen.
 */
const PHOTO_FORM_PAGE = new RegExp(
  `^(?:/(?:${ROUTE_LOCALES.join("|")}))?/(?:listing/edit/[^/]+/?|(?:cabinet/personal|admin/content/articles/[^/]+)/(?:_\\.data)?)$`,
);
const isPhotoFormPage = (method: string, pathname: string) => method === "POST" && PHOTO_FORM_PAGE.test(pathname);

/**
 * Reads what is left of a refused request's body before the answer, up to DRAIN_MAX_BYTES: an answer
 * with the body left unread made wrangler's local proxy answer 500 now and then (20 MB posts, 2–4 of 12),
 * and a cancelled one resets the connection before the client reads the answer. A body being read
 * (locked) is the body limit's to end; one beyond the bound is cancelled.
 */
async function discardBody(c: Context) {
  const body = c.req.raw.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_MAX_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

export function requestLimits(screen: PageErrorScreen): MiddlewareHandler<AppEnv> {
  const onError = async (c: Context) => {
    await discardBody(c);
    return clientError(c as Context<AppEnv>, 413, screen);
  };
  const limitBody = bodyLimit({ maxSize: REQUEST_BODY_MAX_BYTES, onError });
  const largeLimits = new Map(
    Object.entries(LARGE_BODY_PATHS).map(([path, { maxBytes, code, field, messageId }]) => [
      path,
      bodyLimit({
        maxSize: maxBytes,
        onError: async (c) => {
          await discardBody(c);
          return apiError(c, 413, code, `Request body over ${maxBytes} bytes`, { [field]: messageId });
        },
      }),
    ]),
  );
  const photoFormLimit = bodyLimit({ maxSize: PHOTO_FORM_BODY_MAX_BYTES, onError });
  return async (c, next) => {
    if (c.req.url.length > REQUEST_URL_MAX_BYTES) {
      await discardBody(c);
      return clientError(c, 414, screen);
    }
    if (headerBytes(c.req.raw.headers) > REQUEST_HEADERS_MAX_BYTES) {
      await discardBody(c);
      return clientError(c, 431, screen);
    }
    if (!c.req.raw.body) return next();
    const { pathname } = new URL(c.req.url);
    const key = largeBodyPath(pathname);
    const large = LARGE_BODY_PATHS[key]?.method === c.req.method ? largeLimits.get(key) : undefined;
    if (large) return large(c, next);
    return (isPhotoFormPage(c.req.method, pathname) ? photoFormLimit : limitBody)(c, next);
  };
}
