import { type MetaFunction, useLoaderData } from "react-router";
import type { ListingStatus } from "#shared/api/realty.ts";
import { notFound, parseId } from "#client/http-errors.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageMeta } from "#client/seo.ts";
import { PageIntro } from "./page-intro.tsx";

/** What the private pages about one listing show of it so far. */
export interface ListingSummary {
  title: string | null;
  status: ListingStatus;
}

/**
 * Route module parts of a private page about one listing: the id must be a positive integer; the
 * route's loader adds the listing (`listing`) once the API has given it to this visitor.
 */
export function idPage(pageKey: string) {
  function loader({ params, url }: { params: { id?: string }; url: URL }) {
    const id = parseId(params.id);
    if (!id) throw notFound(url);
    return { id };
  }
  const meta: MetaFunction<typeof loader> = (args) =>
    pageMeta(args, pageKey, { id: args.loaderData?.id ?? "" }, { indexable: false });
  function Page() {
    const { t } = useI18n();
    const { id, listing } = useLoaderData<{ id: number; listing?: ListingSummary }>();
    return (
      <PageIntro pageKey={pageKey} values={{ id }}>
        {listing ? (
          <>
            <p>{listing.title}</p>
            <p>{t("listingState.label", { status: listing.status })}</p>
          </>
        ) : null}
      </PageIntro>
    );
  }
  Page.displayName = `Page(${pageKey})`;
  return { loader, meta, Page };
}
