/**
 * What a listing's state lets people do with it. My listings' tabs and an owner's actions (decision 038):
 * the API answers 409 `invalid_state` for anything else, and the cabinet shows only the buttons this allows;
 * the states a moderator may hide a listing from (decision 062). Plain values, without the API's schemas,
 * so a page and the worker's queries read them alike.
 */
import type { ListingStatus } from "#shared/listing-types.ts";

/** The cabinet's tabs: public, awaiting review or rejected, unfinished, taken down. */
export const CABINET_TABS = ["active", "moderation", "drafts", "archive"] as const;
export type CabinetTab = (typeof CABINET_TABS)[number];

/** The states each tab shows. */
export const TAB_STATUSES: Record<CabinetTab, readonly ListingStatus[]> = {
  active: ["active"],
  moderation: ["pending", "rejected"],
  drafts: ["draft"],
  archive: ["archived"],
};

/** What an owner can do with a listing, by its state. Everything else answers 409 `invalid_state`. */
export const OWNER_ACTIONS = {
  edit: ["draft", "pending", "active", "rejected"],
  preview: ["draft", "pending", "active", "rejected", "archived"],
  submit: ["draft", "rejected"],
  archive: ["active", "pending", "rejected"],
  restore: ["archived"],
  renew: ["active"],
  relevant: ["active"],
  delete: ["draft", "pending", "active", "rejected", "archived"],
  statistics: ["active", "archived"],
} as const satisfies Record<string, readonly ListingStatus[]>;
export type OwnerAction = keyof typeof OWNER_ACTIONS;

export function allows(action: OwnerAction, status: ListingStatus): boolean {
  return (OWNER_ACTIONS[action] as readonly ListingStatus[]).includes(status);
}

/** The states a moderator may take a listing off the site from (a draft was never public). */
export const HIDEABLE_STATUSES = ["active", "pending", "rejected", "archived"] as const satisfies ListingStatus[];
