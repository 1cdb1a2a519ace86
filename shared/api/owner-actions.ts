/**
 * My listings' tabs and what an owner may do with a listing in each state (issue 19, decision 038): the API
 * answers 409 `invalid_state` for anything else, and the cabinet shows only the buttons this allows. Kept
 * free of the API's schemas (shared/api/cabinet.ts re-exports it) so a page reads it without them.
 */
import type { ListingStatus } from "./realty.ts";

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
