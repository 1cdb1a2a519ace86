/**
 * Agencies' YRL feeds (decision 100): the schemas of `/api/agency/feeds` and the shapes it answers — a feed
 * with its last run, and a run's report (what was fetched and read, and each refused offer with why).
 */
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";
import type { Locale } from "#shared/locales.ts";

/** Feeds added per account and hour (a feed costs a fetch right away). */
export const AGENCY_FEED_ADDS_PER_HOUR = 10;
export const AGENCY_FEED_REMOVALS_PER_HOUR = 30;
/** The longest feed address taken. */
export const FEED_URL_MAX = 2048;

/** `POST /api/agency/feeds`. Whether the address may be fetched is the worker's check (feedUrlProblem). */
export const AddFeedBody = v.object({
  url: v.pipe(
    v.string(INVALID.required),
    v.trim(),
    v.nonEmpty(INVALID.required),
    v.maxLength(FEED_URL_MAX, INVALID.tooLong),
    v.url(INVALID.format),
  ),
});

/** `/api/agency/feeds/{id}…`. */
export const FeedParam = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, INVALID.format), v.transform(Number)),
});

export type FeedRunOutcome = "fetched" | "unchanged" | "failed";

/** A refused offer as the report lists it: `message` (feed.refusal.*) formatted with `args`. */
export interface ApiFeedRefusal {
  internal_id: string | null;
  line: number;
  code: string;
  message: string;
  args: Record<string, string | number>;
  /** The listing rule's message id (`validation.*`) when one refused the value. */
  reason: string | null;
}

export interface ApiFeedRun {
  id: number;
  started_at: number;
  finished_at: number;
  outcome: FeedRunOutcome;
  /** Why the feed was not fetched or not read to its end: `message` (feed.problem.*) with `args`. */
  problem: { code: string; message: string; args: Record<string, string | number> } | null;
  offers_read: number;
  offers_valid: number;
  /** All refused offers' count; `refusals` holds the first FEED_RUN_REFUSALS_KEPT. */
  refusals_count: number;
  refusals: ApiFeedRefusal[];
  /** Listings written from the offers (decision 101): made, changed (or restored), archived, left as they were. */
  created: number;
  updated: number;
  archived: number;
  unchanged: number;
  /**
   * New offers not written in this run: the agency's feeds had put as many new listings into the moderation
   * queue within 24 hours as they may (decision 108); they are written at later checks.
   */
  waiting: number;
  /** True while the run's offers are still being written: the counts are not final yet. */
  importing: boolean;
}

export interface ApiAgencyFeed {
  id: number;
  url: string;
  created_at: number;
  next_run_at: number;
  last_run: ApiFeedRun | null;
}

/**
 * A photo of one of the agency's listings that its feed names but could not be fetched (decision 102), until
 * it is fetched or the feed drops it: `message` (feedPhoto.problem.*) formatted with `args`.
 */
export interface ApiFeedPhotoProblem {
  listing_id: number;
  /** As the reader reads it (a generated title in their language; an owner's as written), in `listing_title_lang`. */
  listing_title: string | null;
  listing_title_lang: Locale;
  url: string;
  code: string;
  message: string;
  args: Record<string, string | number>;
  tried_at: number;
  /** Tries that failed (decision 108). */
  tries: number;
  /**
   * When it is tried again: at its feed's first check from then on (decision 108). Null: not by itself any
   * more (FEED_PHOTO_TRIES failed), only when the feed changes the listing's photos.
   */
  next_try_at: number | null;
}

/** `GET /api/agency/feeds/photo-problems`: the latest FEED_PHOTO_PROBLEMS_SHOWN, and the count of all. */
export interface ApiFeedPhotoProblems {
  count: number;
  items: ApiFeedPhotoProblem[];
}
