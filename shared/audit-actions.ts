/**
 * Every action the audit log records (decision 058), `area.verb`: the writers are typed by this list, and
 * the back office's log offers it as the filter's suggestions.
 */
export const AUDIT_ACTIONS = [
  "user.create",
  "user.promote",
  "user.block",
  "user.unblock",
  "user.roles",
  "agency.licence_confirm",
  "agency.licence_refuse",
  "listing.approve",
  "listing.reject",
  "listing.keep",
  "listing.changes_approve",
  "listing.changes_reject",
  "listing.hide",
  "listing.restore",
  "conversation.reports_dismiss",
  "conversation.block",
  "article.create",
  "article.update",
  "article.cover",
  "article.cover_remove",
  "tag.create",
  "tag.update",
  "tag.delete",
  "faq.create",
  "faq.update",
  "faq.delete",
  "faq.move",
  "advantage.create",
  "advantage.update",
  "advantage.delete",
  "advantage.move",
  "tooltip.update",
  "payment.refund",
  "price.change",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
