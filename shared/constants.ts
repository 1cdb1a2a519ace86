/**
 * Business constants and limits of product §9, each named once. Everything else imports from here.
 */

/** Status of the trailing-slash and legacy-path redirects. */
export const PERMANENT_REDIRECT_STATUS = 301;
/** Status of the stored-locale redirect (temporary: it depends on the visitor). */
export const LOCALE_REDIRECT_STATUS = 302;

/** Build update check: every 60 minutes, the first after 60 minutes. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const BUILD_CHECK_FIRST_DELAY_MS = 60 * 60 * 1000;
/** A reload caused by an update is not repeated within this time. */
export const RELOAD_GUARD_MS = 10_000;

/** Offline use (decision 043): anonymous pages the service worker keeps, oldest evicted first. */
export const OFFLINE_PAGES_MAX = 50;
/** Listing photos it keeps. */
export const OFFLINE_PHOTOS_MAX = 200;
/** Listing pages viewed last, kept apart from the other pages so browsing never evicts them. */
export const RECENTLY_VIEWED_MAX = 20;
/** Product §2: the query flag of a page opened in the installed app (`?pwa_user=yes`). */
export const PWA_USER_PARAM = "pwa_user";
export const PWA_USER_VALUE = "yes";

/**
 * Slow data (decision 028). A page's API reads that have not answered this long after the request
 * reached the app are given up: what a loader awaits then ends in the 503 screen before anything
 * streams — well under the stream timeout, so the verdict comes while the status can still change.
 */
export const CRITICAL_DATA_TIMEOUT_MS = 3_500;
/** A section's streamed data (a promise a loader returns) settles within this, else the section says so. */
export const SECONDARY_DATA_TIMEOUT_MS = 4_500;
/**
 * React Router rejects deferred data still pending after this, and the render is aborted a second
 * later. Longer than the secondary deadline, so it never fires on data of ours: a streamed page ends
 * with every section in place or its fallback, never in an error.
 */
export const STREAM_TIMEOUT_MS = 6_000;

/** The access token is renewed when this many seconds or fewer remain. */
export const ACCESS_TOKEN_RENEW_THRESHOLD_S = 30;
/**
 * A refresh token with at most this much left (when the expire marker is set) ends the session: without
 * remember-me a session lasts REFRESH_TOKEN_TTL_S less this, one day.
 */
export const EXPIRING_REFRESH_TOKEN_THRESHOLD_S = 2_505_600;

/** Saved-search cookie lifetime (30 days). */
export const SAVED_SEARCH_COOKIE_MAX_AGE_S = 2_592_000;

/** Locale cookie: 365 days, path /, SameSite=Lax. */
export const LOCALE_COOKIE_NAME = "locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Notices close by themselves after this long; a touch swipe wider than the tolerance closes them. */
export const NOTICE_TIMEOUT_MS = 5000;
export const TOUCH_CLOSE_TOLERANCE_PX = 20;

/** Accounts and sessions (decision 006). */
/** Outside development a JWT_SECRET shorter than this (in bytes) is refused (decision 026). */
export const JWT_SECRET_MIN_BYTES = 32;
/** Access token (JWT) lifetime. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** Refresh token lifetime (30 days); a remembered session slides by this much on every rotation. */
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
/** Concurrent requests of one browser may present a just-rotated refresh cookie this long without revoking the family. */
export const REFRESH_REUSE_GRACE_S = 10;
/**
 * One-time codes: digits, lifetime; wrong attempts allowed per code from one address, and from all
 * addresses together (decision 026: a stranger's guesses do not lock the owner's code).
 */
export const CODE_LENGTH = 6;
export const CODE_TTL_S = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_MAX_WRONG_TOTAL = 20;
/** A password-reset ticket (after the recovery code is verified) lives this long. */
export const RESET_TICKET_TTL_S = 15 * 60;
/** Password-reset attempts (tickets tried) per address per hour. */
export const RESET_ATTEMPTS_PER_IP_PER_HOUR = 30;
/**
 * Code requests (decision 026): one per identity per resend interval; per hour a few per identity from one
 * address, a higher ceiling per identity from all addresses (so one stranger cannot use up the owner's
 * budget), and more per address.
 */
export const CODE_RESEND_INTERVAL_S = 60;
export const CODE_REQUESTS_PER_IDENTITY_PER_ADDRESS_PER_HOUR = 5;
export const CODE_REQUESTS_PER_IDENTITY_PER_HOUR = 15;
export const CODE_REQUESTS_PER_IP_PER_HOUR = 20;
/**
 * SMS budgets (decision 048, replacing 026's one switch for everyone). SMS requests per IPv6 /48 and hour,
 * counted before anything is looked up (429 past it): its /64s share one allowance, not one each.
 */
export const SMS_REQUESTS_PER_NETWORK_PER_HOUR = 100;
/**
 * SMS to numbers without an account (registration codes, a new contact number) per hour: per number, to
 * each country other than SMS_HOME_COUNTRY, and to everyone. Every SMS counts; past a figure, SMS to numbers
 * without an account are withheld — the answer stays the same 202 — while account holders always get theirs.
 * The site-wide figure is far above what the per-address and per-network limits let a few networks send.
 */
export const SMS_NEW_NUMBER_SENDS_PER_NUMBER_PER_HOUR = 3;
export const SMS_NEW_NUMBER_SENDS_PER_COUNTRY_PER_HOUR = 150;
export const SMS_NEW_NUMBER_SENDS_PER_HOUR = 1000;
/** The country of nearly all visitors: only the site-wide SMS figure bounds its numbers without an account. */
export const SMS_HOME_COUNTRY = "RS";
/**
 * Countries SMS codes go to unless the `SMS_ALLOWED_COUNTRIES` var says otherwise: Serbia and its region
 * (Montenegro, Bosnia and Herzegovina, Croatia, North Macedonia, Slovenia, Albania, Kosovo) — where the
 * site's visitors live; premium-rate fraud targets numbers elsewhere.
 */
export const SMS_DEFAULT_ALLOWED_COUNTRIES = ["RS", "ME", "BA", "HR", "MK", "SI", "AL", "XK"] as const;
/**
 * Password checks (sign-in, changing the password), in a 15-minute window: attempts per address; failures
 * per identity from one address; failures per identity from all addresses, past which an address that has
 * failed waits a delay doubling from LOGIN_SLOWDOWN_BASE_S with every further failure (decision 026).
 * Successes never count as failures.
 */
export const LOGIN_WINDOW_S = 15 * 60;
export const LOGIN_ATTEMPTS_PER_IP = 50;
export const LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS = 10;
export const LOGIN_FAILURES_PER_IDENTITY = 20;
export const LOGIN_SLOWDOWN_BASE_S = 2;
/** PBKDF2-SHA256 iterations (workerd's WebCrypto allows at most 100 000). */
export const PASSWORD_PBKDF2_ITERATIONS = 100_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Name of the saved-search cookie that sign-in clears (product §4). */
export const SAVED_SEARCH_COOKIE_NAME = "saved_search";
/**
 * Saved searches and alerts (decision 041). A person keeps at most SAVED_SEARCHES_MAX searches; a
 * guest's cookie at most GUEST_SAVED_SEARCHES_MAX (a cookie holds about 4 KB). A digest e-mail lists at most
 * ALERT_DIGEST_MAX_LISTINGS new listings; daily digests are ALERT_DAILY_INTERVAL_MS apart; a favourite's
 * price drop is e-mailed at most once in PRICE_DROP_NOTICE_INTERVAL_MS per person and listing. Unsubscribe
 * links are signed and expire after UNSUBSCRIBE_TOKEN_TTL_MS.
 */
export const SAVED_SEARCHES_MAX = 50;
/**
 * A saved search's new listings are counted up to SAVED_SEARCH_NEW_COUNT_MAX, and beyond it shown as that many
 * "+" (decision 116): counting every match read thousands of rows per search on a large site.
 */
export const SAVED_SEARCH_NEW_COUNT_MAX = 99;
export const GUEST_SAVED_SEARCHES_MAX = 10;
export const ALERT_DIGEST_MAX_LISTINGS = 10;
export const ALERT_DAILY_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const PRICE_DROP_NOTICE_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;
/** A card says "was €X" for a cut of the price within this many days (decision 082). */
export const PRICE_CUT_SHOWN_DAYS = 30;
export const UNSUBSCRIBE_TOKEN_TTL_MS = 60 * 24 * 60 * 60 * 1000;
/** Session cookie base names (`__Host-` prefixed in production). */
export const ACCESS_TOKEN_COOKIE = "access_token";
export const REFRESH_TOKEN_COOKIE = "refresh_token";
/**
 * Read-your-writes across D1's read replicas (decision 092): after a request that changed the visitor's
 * data, this cookie carries the D1 bookmark of that change (signed), and the visitor's requests start
 * their D1 session from it for this many seconds — longer than any replica lags, short enough that a
 * visitor is soon read from the nearest replica again.
 */
export const D1_BOOKMARK_COOKIE_NAME = "d1_bookmark";
export const D1_BOOKMARK_COOKIE_MAX_AGE_S = 300;

/** Guest favourites: listing ids in a cookie (dot-separated), at most this many, kept a year. */
export const FAVOURITES_COOKIE_NAME = "favourites";
export const FAVOURITES_MAX = 100;
export const FAVOURITES_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Payments and promotion (decisions 040 and 067): the promoted block above a page of search or
 * list results shows at most this many "Top" listings, so the results under it stay the visitor's sort; the
 * home page shows this many "Home" promotions. A Stripe webhook older than the tolerance is refused (replays).
 */
export const PROMOTED_PER_PAGE = 3;
export const HOME_PROMOTED_COUNT = 8;
/**
 * Promoted listings take the block's places in turn (worker/db/promoted-ranking.ts): each period the
 * order of a search's promoted listings starts a block's worth further on, among the first SPAN of them.
 */
export const PROMOTED_ROTATION_MS = 60 * 60 * 1000;
export const PROMOTED_ROTATION_SPAN = 24 * PROMOTED_PER_PAGE;
export const STRIPE_WEBHOOK_TOLERANCE_S = 5 * 60;
export const PAYMENT_CURRENCY = "EUR";
/**
 * What one account may ask of the payment calls per hour (decision 049): each of these can make the site
 * call the provider (Stripe), so none is unbounded. Honest use stays far below: an account drafts at most
 * DRAFTS_PER_USER_PER_DAY listings a day, and promoting each in all three placements and revealing
 * PHONE_REVEALS_PER_HOUR numbers is 90 purchases; a purchase is one `complete` (the sandbox's "Pay") or one
 * `failure` (Decline, cancel), and a payment page shows one intent read.
 */
export const PAYMENT_INTENT_WRITES_PER_HOUR = 100;
export const PAYMENT_COMPLETES_PER_HOUR = 200;
export const PAYMENT_FAILURES_PER_HOUR = 100;
export const PAYMENT_INTENT_READS_PER_HOUR = 600;
/**
 * One intent asks the provider (`complete`'s confirmation, a checkout made late, `failure`'s cancel) at most
 * once per window of this many seconds, however many calls arrive: the others answer the intent as it
 * stands (`failure`: 429), and the webhook settles it meanwhile.
 */
export const PAYMENT_PROVIDER_CALL_WINDOW_S = 2;
/** A message to a listing's owner. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Messages one sender may send in an hour, against spam. */
export const MESSAGES_PER_HOUR = 20;
/**
 * Conversations (decision 039): the cabinet lists CONVERSATIONS_PER_PAGE at a time and a thread
 * MESSAGES_PER_PAGE messages at a time; a message nobody has read after MESSAGE_NOTICE_DELAY_MS is e-mailed
 * to its recipient, at most once per conversation in MESSAGE_NOTICE_INTERVAL_MS; a page without its live
 * channel asks for the unread count every LIVE_POLL_INTERVAL_MS instead (in shared/live-protocol.ts: what the
 * browser uses of this module is in every page's JavaScript, the live channel's code only in a signed-in one's).
 */
export const CONVERSATIONS_PER_PAGE = 20;
export const MESSAGES_PER_PAGE = 30;
export const MESSAGE_NOTICE_DELAY_MS = 10 * 60 * 1000;
export const MESSAGE_NOTICE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * A live channel's socket (worker/live/live-channel.ts) stays authorised as long as an access token would: past
 * that it is closed at its next event and the page reconnects through the session check. A channel holds at
 * most LIVE_SOCKETS_PER_CHANNEL sockets (a person's tabs): a new one past that closes the oldest.
 */
export const LIVE_SOCKET_MAX_AGE_MS = ACCESS_TOKEN_TTL_S * 1000;
export const LIVE_SOCKETS_PER_CHANNEL = 20;
/** A reported conversation shows moderators its newest messages, this many; reports are paged by this many. */
export const CONVERSATION_REPORT_MESSAGES = 20;
export const CONVERSATION_REPORTS_PER_PAGE = 10;
/** Paid phone reveals one account may make in an hour: harvesting numbers stays slow even for a funded account. */
export const PHONE_REVEALS_PER_HOUR = 30;

/**
 * Throttles of anonymous writes, per client address and hour (decision 029). A list page sends one
 * `list` beacon per listing shown, so that kind gets a larger allowance than views, phone and map shows.
 */
export const FEEDBACK_QUESTIONS_PER_IP_PER_HOUR = 10;
export const STATISTICS_EVENTS_PER_IP_PER_HOUR = 120;
export const LIST_STATISTICS_EVENTS_PER_IP_PER_HOUR = 1200;
/**
 * A visitor's repeated event of one kind on one listing counts once in this window (honest counters);
 * a view counts once a day, and so does one account's phone reveal of a listing (decision 038).
 */
export const STATISTICS_REPEAT_WINDOW_S = 60 * 60;
export const VIEW_REPEAT_WINDOW_S = 24 * 60 * 60;
export const PHONE_REVEAL_REPEAT_WINDOW_S = 24 * 60 * 60;
export const UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR = 30;

/** Dates on pages are calendar dates in Serbia, on the server and in every browser alike (`textFormats`). */
export const SITE_TIME_ZONE = "Europe/Belgrade";

/** The session storage entry that keeps each history entry's scroll position (decision 019). */
export const SCROLL_POSITIONS_KEY = "scroll-positions";

/**
 * Request limits (decision 027): a JSON or form body over this is a 413 before it is
 * read; uploads that need more name their own limit.
 */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;
/** A longer URL (path and query) is a 414: no page or API call needs more; Cloudflare's own cap is 16 KB. */
export const REQUEST_URL_MAX_BYTES = 8 * 1024;
/** Request headers (names, values and separators) beyond this are a 431; Cloudflare's own cap is 32 KB. */
export const REQUEST_HEADERS_MAX_BYTES = 16 * 1024;
/** Preview PNGs one address may have painted (cache misses) per window: each costs 20–90 ms of CPU. */
export const PREVIEW_PAINTS_PER_ADDRESS = 60;
export const PREVIEW_PAINT_WINDOW_S = 60;

/**
 * Listing editing and moderation (decision 030). An approved listing runs this many days;
 * drafts one account may start per day (a draft costs nothing to make, so a cap keeps the table honest);
 * text limits of the wizard's fields and a moderator's reason.
 */
export const LISTING_RUN_DAYS = 30;
export const DRAFTS_PER_USER_PER_DAY = 20;
export const LISTING_TITLE_MIN = 10;
export const LISTING_TITLE_MAX = 120;
export const LISTING_DESCRIPTION_MIN = 30;
export const LISTING_DESCRIPTION_MAX = 5000;
export const LISTING_ADDRESS_MAX = 200;
export const REJECTION_REASON_MAX = 1000;
/** The oldest build year a listing may state. */
export const LISTING_YEAR_MIN = 1800;
/** The lowest and highest floor a listing may state (and a search may ask for). */
export const LISTING_FLOOR_MIN = -5;
export const LISTING_FLOOR_MAX = 200;

/**
 * My listings (decision 038). The owner is reminded this many days before a listing expires;
 * the cabinet pages its listings by CABINET_PER_PAGE; the owner's statistics cover OWNER_STATS_DAYS days.
 * Visitors report listings: REPORT_HIDE_THRESHOLD independent, established reporters saying a listing is
 * sold/rented or fake hide it until a moderator decides (decision 047: accounts with a verified phone,
 * REPORTER_MIN_ACCOUNT_DAYS old when they report, from networks of their own; guests' reports are only
 * shown to moderators); one address may report REPORTS_PER_IP_PER_HOUR times an hour, one signed-in
 * account REPORTS_PER_USER_PER_HOUR times (wherever it is).
 */
export const EXPIRY_REMINDER_DAYS = 3;

/**
 * Availability confirmed, not assumed (decision 084). An active listing's owner is asked whether it is still on
 * offer when its last confirmation is a cycle old: CONFIRM_CYCLE_DAYS by deal (a flat to let goes faster than
 * one for sale). Unanswered for CONFIRM_HIDE_CYCLES cycles, it is left out of search and lists until its owner
 * confirms it. A search may ask for listings confirmed within at most CONFIRMED_WITHIN_MAX_DAYS days.
 */
export const CONFIRM_CYCLE_DAYS = { rent: 7, sale: 14 } as const;
export const CONFIRM_HIDE_CYCLES = 2;
export const CONFIRMED_WITHIN_MAX_DAYS = 365;
/** The choices of the search form's "Availability confirmed" control (any whole number of days works in a URL). */
export const CONFIRMED_WITHIN_CHOICES = [3, 7, 14, 30] as const;
/** Confirmations (and "Rented" / "Sold") one account may send per hour: an owner answers a handful. */
export const CONFIRMS_PER_USER_PER_HOUR = 60;
export const CABINET_PER_PAGE = 20;
export const OWNER_STATS_DAYS = 30;
export const REPORT_HIDE_THRESHOLD = 3;
export const REPORTER_MIN_ACCOUNT_DAYS = 7;
/**
 * A reporter whose reports moderators overruled REPORTER_MAX_OVERRULED times or more, more often than they
 * upheld one, no longer counts towards hiding any listing (decision 085).
 */
export const REPORTER_MAX_OVERRULED = 2;
export const REPORT_TEXT_MAX = 1000;
export const REPORTS_PER_IP_PER_HOUR = 10;
export const REPORTS_PER_USER_PER_HOUR = 10;
/** The moderation queue's page size. */
export const MODERATION_PER_PAGE = 20;

/**
 * Listing photos (decision 031). A photo is JPEG, PNG or WebP by its bytes, at most
 * PHOTO_MAX_BYTES and PHOTO_MAX_PIXELS (4096 × 3072: a 12-megapixel phone photo fits; a JPEG is decoded
 * at the master's scale, the other formats whole: 48 MB, which PHOTO_DECODE_MAX_BYTES allows only below
 * ~7 megapixels), and a listing holds at most PHOTOS_PER_LISTING.
 */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 4096 * 3072;
/**
 * A JPEG's scans may visit at most this many times the image's 8 × 8 blocks in all (decision 046): libjpeg
 * reads every block of a scan's components once per scan, so thousands of small scans hold the isolate for
 * seconds. Encoders' progressive scripts visit 1.2–5.4 times (measured in the decision); 12 leaves room.
 */
export const PHOTO_JPEG_MAX_SCAN_PASSES = 12;
/**
 * What decoding one photo may take (decisions 046 and 054, measured in workerd): three copies of the file
 * (the request's, the read one, the decoder's), the decoder's RGBA pixels — a JPEG's already at the DCT
 * scale that covers the master (12 MB for 4096 × 3072), the others' whole — and, for a progressive or
 * multi-scan JPEG, its buffer of every coefficient (2 bytes a sample). One upload's peak grew by ~66 MB
 * plus about this estimate, so 32 MiB keeps it near 96 MB of a Worker's 128: every baseline 12-megapixel
 * JPEG up to 7 MB fits; a progressive one to ~5 (4:2:0) or ~3 (4:4:4) megapixels; a WebP or PNG to ~7.
 */
export const PHOTO_DECODE_MAX_BYTES = 32 * 1024 * 1024;
export const PHOTOS_PER_LISTING = 30;
/** The upload's request body: the photo plus the multipart envelope and the listing id. */
export const PHOTO_UPLOAD_BODY_MAX_BYTES = PHOTO_MAX_BYTES + 64 * 1024;
/** Widths (px) of the served WebP variants (`srcset`); a narrower photo is served at its own width instead. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
/** The private master's longest side: enough for every variant after any rotation. */
export const PHOTO_MASTER_MAX_SIDE = 2048;
/** WebP quality of the served variants and of the private master (re-rendered on rotation). */
export const PHOTO_VARIANT_QUALITY = 80;
export const PHOTO_MASTER_QUALITY = 90;
/** Uploads one account may make per hour, listing photos and profile pictures together (each ~1 s of CPU). */
export const PHOTO_UPLOADS_PER_USER_PER_HOUR = 120;
/** Rotations one account may make per hour (each re-renders the variants: 1–2.5 s of CPU). */
export const PHOTO_ROTATIONS_PER_USER_PER_HOUR = 120;
/** How long a rotation holds its photo (decision 050): past it, a rotation that died no longer blocks. */
export const PHOTO_ROTATION_LEASE_MS = 60_000;
/**
 * How long a location's edge cache keeps a variant (decision 050): a deleted photo's copy in another
 * location outlives it by at most this; browsers keep it as immutable (its key never shows other pixels).
 */
export const PHOTO_EDGE_CACHE_SECONDS = 3600;
/** Sides (px) of a profile picture's square WebP variants (decision 050); a smaller picture keeps its own. */
export const AVATAR_SIDES = [96, 192, 384] as const;
/** The side of the variant the profile names as `image_url`. */
export const AVATAR_SIDE = 192;
/**
 * The duplicate check's photo rule (decision 036): two photos are the same when their 64-bit difference
 * hashes differ in at most PHOTO_MATCH_MAX_DISTANCE bits (re-encoded or rescaled copies differ in 0–3);
 * the hash is indexed as PHOTO_FINGERPRINT_BANDS bands, so the distance must stay below that count.
 * A listing looks like a copy when PHOTO_DUPLICATE_MIN_MATCHES of its photos (all, if it has fewer) are
 * in one other listing.
 */
export const PHOTO_FINGERPRINT_BANDS = 4;
export const PHOTO_MATCH_MAX_DISTANCE = 3;
export const PHOTO_DUPLICATE_MIN_MATCHES = 2;

/**
 * One property, several advertisers (decision 090): two listings' areas are one flat's when they differ by
 * at most this share of the smaller (advertisers measure and round differently).
 */
export const PROPERTY_AREA_TOLERANCE = 0.03;
/** Listings one regrouping takes from the queue at a time (worker/workflows/property-groups.ts). */
export const PROPERTY_REGROUP_BATCH = 50;
/** Clockwise rotations an owner may apply; they add up modulo 360. */
export const PHOTO_ROTATIONS = [90, 180, 270] as const;
/**
 * A page form post of photos without JavaScript (the wizard's photos step, decision 034; the personal
 * page's profile picture, decision 050): the whole body. Workers take bodies up to 100 MB but run in
 * 128 MB of memory, and the form is parsed twice (checked, then read) before its photos are decoded one
 * by one, the first growing the isolate by up to ~100 MB (decision 054): with 25 MB of photos that path
 * can pass 128 MB, which one photo a request (the JS photo manager's) does not.
 */
export const PHOTO_FORM_MAX_MB = 25;
export const PHOTO_FORM_BODY_MAX_BYTES = PHOTO_FORM_MAX_MB * 1024 * 1024 + 64 * 1024;
/** How long a deleted photo can be brought back (the JS photo manager deletes it only then). */
export const PHOTO_UNDO_MS = 8000;
/** Uploads the JS photo manager runs at once: enough to fill the line, few enough for the Worker's CPU. */
export const PHOTO_UPLOAD_CONCURRENCY = 3;
export type PhotoRotation = (typeof PHOTO_ROTATIONS)[number];
/** Where photos are uploaded (multipart), and the prefix of the other photo endpoints. */
export const PHOTO_UPLOAD_PATH = "/api/realty/edit/image";
/**
 * Moderators' signals (decision 088). A listing is priced suspiciously low when its price per m² is under
 * LOW_PRICE_SHARE of the median of the active listings of its type (deal and kind) in its district (its
 * city when it names none; PRICE_M2_MEDIAN_SAMPLE, the newest of them), and only when at least
 * LOW_PRICE_MIN_SAMPLE such listings make that median.
 */
export const LOW_PRICE_SHARE = 0.5;
export const LOW_PRICE_MIN_SAMPLE = 5;
/**
 * A median of price per m² — a listing's city median on its page, the place median of its low-price warning
 * and of the moderators' signal — is taken over the newest this many active listings with a price per m² of
 * the type in the place (all of them in a smaller place), so it reads as many whatever the place's size
 * (decision 115).
 */
export const PRICE_M2_MEDIAN_SAMPLE = 1000;
/** A private owner ('owner', not an agency) with active listings in more than this many places is a signal. */
export const MANY_PLACES_MAX = 3;
/** The other accounts behind one phone number a signal names (it counts them all). */
export const SHARED_PHONE_ACCOUNTS_SHOWN = 10;

/**
 * Agencies' feeds (decisions 097 and 099): the largest feed read (a larger one is refused, not half-read),
 * how long one fetch may take with its body, and how many redirects are followed.
 */
export const FEED_MAX_BYTES = 50 * 1024 * 1024;
export const FEED_FETCH_TIMEOUT_MS = 60_000;
export const FEED_MAX_REDIRECTS = 3;
/**
 * Agencies' feeds' schedule and bookkeeping (decision 100): each live feed is checked this often (and right
 * after it is added), an agency sets at most this many, each feed keeps its last runs' reports, and a run
 * keeps at most this many refusals (counting all).
 */
export const FEED_CHECK_INTERVAL_H = 6;
export const FEEDS_PER_AGENCY = 3;
export const FEED_RUNS_KEPT = 50;
export const FEED_RUN_REFUSALS_KEPT = 500;
/** Feeds one Cron run hands to the queue: the rest are due at the next. */
export const FEEDS_ENQUEUED_PER_RUN = 100;
/**
 * Agencies' listing photos (decision 102): one photo's fetch with its body may take this long (a listing's
 * PHOTOS_PER_LISTING, one after another, stay well within a queue consumer's 15 minutes); a photo checked
 * within FEED_PHOTO_RECHECK_H is taken as unchanged without asking its server, an older one is asked
 * conditionally; the agency's cabinet lists this many photos that could not be fetched (counting all).
 */
export const FEED_PHOTO_TIMEOUT_MS = 10_000;
export const FEED_PHOTO_RECHECK_H = 7 * 24;
export const FEED_PHOTO_PROBLEMS_SHOWN = 100;
/**
 * Writing listings from feeds (decision 101): the offers one FEEDS message writes (each up to five statements,
 * far under 1 000 queries an invocation), the offers staged by one statement (one JSON parameter), and how
 * many days before its end a listing whose offer is still in the feed is renewed.
 */
export const FEED_IMPORT_BATCH = 100;
export const FEED_STAGE_ROWS = 200;
export const FEED_RENEW_DAYS = 3;
