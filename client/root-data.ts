import type { Locale } from "#shared/locales.ts";
import type { PackedTexts } from "#shared/intl.ts";
import type { SessionUser } from "#shared/api/auth.ts";

/** What the root loader gives every page: the language, its messages and site-wide settings. */
export interface RootData {
  locale: Locale;
  /** `en_GB`-style locale for Open Graph. */
  ogLocale: string;
  messages: PackedTexts;
  origin: string;
  /** Product §8: show the server's message in 500 notices. */
  errorLogging: boolean;
  /** ISO-2 country of the visitor from the edge (`request.cf.country`), when known. */
  country?: string;
  /**
   * Rendered to be kept for everyone (decision 094): the visitor's own parts below are nobody's, and the
   * page's visitor comes after hydration (`useVisitor`, client/visitor.ts).
   */
  kept?: boolean;
  /** Ids of the visitor's favourite listings (account or guest cookie), newest first. */
  favourites: number[];
  /** The signed-in visitor, rendered on the server (no flash of a signed-out header), or null. */
  user: Pick<SessionUser, "id" | "name" | "role" | "roles" | "phone_verified" | "image_variants"> | null;
  /** The signed-in visitor's unread messages as the page was rendered (the header's badge; then live); guests: none. */
  unreadMessages?: number;
  /** The signed-in person's messages page, for the header's entry (locale-free). */
  messagesPath?: string;
}
