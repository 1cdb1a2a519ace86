/** The answers of the agencies' feeds API (decision 100) from their rows (worker/db/agency-feeds.ts). */
import type { ApiAgencyFeed, ApiFeedPhotoProblem, ApiFeedRefusal, ApiFeedRun } from "#shared/api/agency-feeds.ts";
import type { FeedRow, FeedRunRow } from "#worker/db/agency-feeds.ts";
import type { Locale } from "#shared/locales.ts";
import type { PhotoProblemRow } from "#worker/db/feed-photos.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";

function parsed<T>(json: string | null, fallback: T): T {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

export function toFeedRun(row: FeedRunRow): ApiFeedRun {
  return {
    id: row.id,
    started_at: row.started_at,
    finished_at: row.finished_at,
    outcome: row.outcome,
    problem: row.problem_code
      ? {
          code: row.problem_code,
          message: `feed.problem.${row.problem_code}`,
          args: parsed<Record<string, string | number>>(row.problem_args, {}),
        }
      : null,
    offers_read: row.offers_read,
    offers_valid: row.offers_valid,
    refusals_count: row.refusals_count,
    refusals: parsed<ApiFeedRefusal[]>(row.refusals, []),
    created: row.created,
    updated: row.updated,
    archived: row.archived,
    unchanged: row.unchanged,
    waiting: row.waiting,
    importing: row.importing === 1,
  };
}

export function toAgencyFeed(row: FeedRow, lastRun: FeedRunRow | undefined): ApiAgencyFeed {
  return {
    id: row.id,
    url: row.url,
    created_at: row.created_at,
    next_run_at: row.next_run_at,
    last_run: lastRun ? toFeedRun(lastRun) : null,
  };
}

export function toFeedPhotoProblem(row: PhotoProblemRow, locale: Locale): ApiFeedPhotoProblem {
  const { title, title_lang } = shownTitle(row, locale);
  return {
    listing_id: row.listing_id,
    listing_title: title,
    listing_title_lang: title_lang,
    url: row.url,
    code: row.code,
    message: `feedPhoto.problem.${row.code}`,
    args: parsed<Record<string, string | number>>(row.args, {}),
    tried_at: row.tried_at,
    tries: row.tries,
    next_try_at: row.next_try_at,
  };
}
