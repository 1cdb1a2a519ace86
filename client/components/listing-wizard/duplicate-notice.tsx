import { Link } from "react-router";
import type { DuplicateError } from "#shared/api/listing-edit.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";

/** The message scope of the notice (the wizard's check step and the owner's preview show it). */
export const DUPLICATE_MESSAGE_SCOPE = "wizard.duplicate";

/**
 * What the duplicate check found, said as it is: the owner's own listing with the same facts or photos
 * (a link to its preview), or another advertiser's public listing with the same photos (a link to its
 * public page). Someone else's listing is only ever named when it is public; it never links to a preview.
 */
export function DuplicateNotice({ duplicate }: { duplicate: Pick<DuplicateError["error"], "match" | "listing"> }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { match, listing } = duplicate;
  const kind = listing.mine ? (match === "facts" ? "facts" : "ownPhotos") : "otherPhotos";
  const href = listing.mine
    ? lp(privatePaths.listing.preview(listing.id))
    : listing.status === "active"
      ? lp(paths.realty(listing.id))
      : null;
  const name = listing.title ?? t("wizard.duplicate.untitled", { id: listing.id });
  return (
    <div data-testid="duplicate-notice" data-match={kind}>
      <p>{t(`wizard.duplicate.${kind}`)}</p>
      {href ? (
        <p>
          <Link to={href}>{name}</Link>
        </p>
      ) : null}
    </div>
  );
}
