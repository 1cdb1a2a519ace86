/**
 * What a moderator is warned of (decision 088): signals of an account (shown in the moderation queue and on
 * the person's back-office page) and of a listing (the queue).
 */

/** Another account behind one of this one's phone numbers; blocked and deleted ones count. */
export interface ApiSignalAccount {
  id: number;
  name: string;
  blocked: boolean;
  deleted: boolean;
}

/** A private owner with active listings in more than MANY_PLACES_MAX places (cities, or districts of one). */
export interface ManyPlacesSignal {
  code: "many_places";
  places: number;
  listings: number;
}

/** Other accounts use one of this account's phone numbers (its own, or its listings' contact numbers). */
export interface SharedPhoneSignal {
  code: "shared_phone";
  /** How many other accounts. */
  count: number;
  /** The first SHARED_PHONE_ACCOUNTS_SHOWN of them, by id. */
  accounts: ApiSignalAccount[];
}

/** The listing's photos are in another advertiser's public listing (decision 036's rule). */
export interface PhotoMatchSignal {
  code: "photo_match";
  listing: { id: number; path: string };
  /** How many of this listing's photos that listing holds. */
  photos: number;
}

/** The price per m² is under LOW_PRICE_SHARE of the median of its type in its district (or city). */
export interface LowPriceSignal {
  code: "low_price";
  price_m2: number;
  median_price_m2: number;
  /** How many listings make the median: the place's newest, at most PRICE_M2_MEDIAN_SAMPLE (decision 115). */
  sample_size: number;
  /** Whose median: the listing's district, or its city when it names no district. */
  scope: "district" | "city";
}

export type AccountSignal = ManyPlacesSignal | SharedPhoneSignal;
export type ApiSignal = AccountSignal | PhotoMatchSignal | LowPriceSignal;
