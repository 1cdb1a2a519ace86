/**
 * Lists a person can leave from the link in an e-mail. The first four are notices everyone with a confirmed
 * address gets until they leave; news and listing tips go only to those who joined (decision 041).
 */
export const SUBSCRIPTION_LISTS = [
  "saved_searches",
  "price_drops",
  "messages",
  "listing_updates",
  "news",
  "listing_tips",
] as const;
export type SubscriptionList = (typeof SUBSCRIPTION_LISTS)[number];
