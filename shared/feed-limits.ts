/**
 * How agencies' feeds are retried and bounded (decision 108). Here rather than in shared/constants.ts,
 * which every page loads (its chunk is part of the first-load budget, decision 070): only the agency's
 * cabinet shows these.
 */
/**
 * A feed's photo that could not be fetched is tried again (decision 108) at its feed's first check after
 * each of these waits, counted from the failed try (then daily), until it has failed FEED_PHOTO_TRIES
 * times; after that only a change of its listing's photo list tries it. One check queues the retries of at
 * most FEED_PHOTO_RETRY_LISTINGS listings (one message each), the rest wait for the next check.
 */
export const FEED_PHOTO_RETRY_AFTER_H = [1, 6, 24] as const;
export const FEED_PHOTO_TRIES = 10;
export const FEED_PHOTO_RETRY_LISTINGS = 500;
/**
 * New listings one agency's feeds may put into the moderation queue within 24 hours (decision 108): while
 * no moderator has checked the agency's licence, FEED_NEW_LISTINGS_PER_DAY (a small or mid-sized agency's
 * whole stock on its first day, a large one's within days, about the time its licence check takes); once
 * checked, FEED_NEW_LISTINGS_PER_DAY_CHECKED (any Serbian agency's whole stock at once, still a bound on
 * what a compromised feed server can flood the queue with). New offers over it wait, unwritten, for a later
 * check; updates of existing listings are not counted.
 */
export const FEED_NEW_LISTINGS_PER_DAY = 500;
export const FEED_NEW_LISTINGS_PER_DAY_CHECKED = 10_000;
