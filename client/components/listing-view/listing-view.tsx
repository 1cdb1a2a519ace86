import { type ComponentProps, lazy, type ReactNode, Suspense } from "react";
import type * as PriceHistoryModule from "#client/components/price-history/price-history.tsx";
import type { ApiListing, ApiListingDetail, ApiPreview } from "#shared/api/realty.ts";
import { Breadcrumbs } from "#client/components/breadcrumbs/breadcrumbs.tsx";
import { Gallery } from "#client/components/gallery/gallery.tsx";
import { ListingFacts, PriceSummary } from "#client/components/listing-facts/listing-facts.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import { lazyComponent } from "#client/lazy-component.tsx";
import { listingCrumbs } from "#client/routes/listing-crumbs.ts";
import { useHydrated } from "#client/use-hydrated.ts";
import { Link } from "react-router";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";

// "Show on the map" works only with JavaScript: its code loads after hydration, out of the first load.
const ShowOnMap = lazy(() => import("#client/components/map/show-on-map.tsx"));
// Rendered in place by the server; their code stays off the page's first load (decision 082).
const PriceHistory = lazyComponent<ComponentProps<typeof PriceHistoryModule.PriceHistory>>(() =>
  import("#client/components/price-history/price-history.tsx").then((m) => ({ default: m.PriceHistory })),
);
const PriceWarning = lazyComponent(() => import("#client/components/listing-facts/price-warning.tsx"));
const PriceStory = lazyComponent<ComponentProps<typeof PriceHistoryModule.PriceStory>>(() =>
  import("#client/components/price-history/price-history.tsx").then((m) => ({ default: m.PriceStory })),
);
// The detail page's own stylesheet: the preview pages show the listing exactly as it does.
import styles from "#client/routes/listing-detail.module.css";

/** A listing as the detail page shows it: a public one, or one in any state (nulls: not given yet). */
export type ListingViewData = Omit<ApiPreview, "status" | "rejection_reason">;

/** Whether a listing in any state has been public: one that never ran ends where it began. */
export const everPublished = (listing: { status: string; created_at: string; expires_at: string }) =>
  listing.status === "active" || Date.parse(listing.expires_at) > Date.parse(listing.created_at);

/** The message a preview of a listing never published shows instead of its date (its pages load it). */
export const NOT_PUBLISHED_MESSAGE = "listingPreview.notPublished";

/** Every fact the public page needs is there: it renders as a public listing. */
function isComplete(listing: ListingViewData): listing is ApiListingDetail {
  return listing.city !== null && listing.path !== null && listing.title !== null && listing.price !== null;
}

/**
 * The body of a listing's page, shared by the public detail page and the owner's and admin's previews so
 * that a preview is what the public will see. The pages give what acts on the listing: `actions`
 * (favourite, share), `contact` (the owner block) and `children` (sections after the listing).
 */
export function ListingView({
  listing,
  now,
  actions,
  contact,
  children,
  countMap = false,
  published: wasPublished = true,
}: {
  listing: ListingViewData;
  now: number;
  actions?: ReactNode;
  contact: ReactNode;
  children?: ReactNode;
  /** The public page counts map openings (the `map` beacon); the owner's and admin's previews do not. */
  countMap?: boolean;
  /** False for a preview of a listing never made public: it says so instead of a publication date. */
  published?: boolean;
}) {
  const { t, intl, locale } = useI18n();
  const f = useFormat();
  const missing = <span className={styles.note}>{t("detail.missing")}</span>;

  const kind = t("detail.kind", { type: listing.type, deal: listing.deal });
  const place = [listing.district?.name, listing.city?.name].filter(Boolean).join(", ");
  const paragraphs = (listing.description ?? "")
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const published = intl.formatDate(listing.created_at, { dateStyle: "long" });
  const lang = listing.lang ?? undefined;
  const title = listing.title ?? t("detail.untitled");
  // The map opens through the API, which counts the open (statistics: not the owner's or an admin's own,
  // so the previews count nothing) and leads on to OpenStreetMap: no script on the page.
  const mapUrl = listing.lat !== null && listing.lng !== null ? `/api/statistics/realty/${listing.id}/map/open` : null;
  const complete = isComplete(listing);
  const hydrated = useHydrated();
  const lp = useLocalePath();

  return (
    <article className={styles.detail} aria-labelledby="detail-title" data-testid="listing-detail">
      {complete ? <Breadcrumbs crumbs={listingCrumbs(listing, locale, t)} /> : null}

      <header className={styles.head}>
        <div className={styles.titleBlock}>
          <h1 id="detail-title" lang={listing.title === null ? undefined : listing.title_lang}>
            {title}
          </h1>
          <p className={styles.kind}>
            {kind} · {place || missing}
          </p>
          {/* Reachable by its address, out of search and lists until its owner confirms it (decision 084). */}
          {listing.awaiting_confirmation ? (
            <p className={styles.awaiting} data-testid="detail-awaiting">
              {t("detail.awaiting")}
            </p>
          ) : null}
        </div>
        {actions ? (
          <div className={styles.actions} data-slot="listing-actions">
            {actions}
          </div>
        ) : null}
      </header>

      <div className={styles.layout}>
        <div className={styles.main}>
          {/* A new listing is a new gallery: back to its first photo. */}
          <Gallery key={listing.id} images={listing.images} label={title} />

          <section aria-labelledby="detail-facts" className={styles.section}>
            <h2 id="detail-facts">{t("detail.facts.heading")}</h2>
            {/* The facts block reads only facts that are optional on public listings too. */}
            <ListingFacts listing={listing as ApiListing} />
          </section>

          {listing.price_history.length ? (
            <section aria-labelledby="detail-price-history" className={styles.section}>
              <h2 id="detail-price-history">{t("detail.priceHistory.heading")}</h2>
              <Suspense fallback={null}>
                <PriceHistory history={listing.price_history} rent={listing.deal === "rent"} />
              </Suspense>
            </section>
          ) : null}

          <section aria-labelledby="detail-description" className={styles.section}>
            <h2 id="detail-description">{t("detail.description.heading")}</h2>
            {lang && lang !== locale ? (
              <p className={styles.note}>{t("detail.description.language", { lang })}</p>
            ) : null}
            {paragraphs.length ? (
              <div lang={lang} className={styles.description} data-testid="detail-description">
                {paragraphs.map((text, i) => (
                  <p key={i}>{text}</p>
                ))}
              </div>
            ) : (
              <p>{missing}</p>
            )}
          </section>

          <section aria-labelledby="detail-location" className={styles.section}>
            <h2 id="detail-location">{t("detail.location.heading")}</h2>
            <p className={styles.address}>
              {listing.address !== null ? <span lang={lang}>{listing.address}</span> : missing}
              <br />
              {place || missing}
            </p>
            {mapUrl ? (
              <div>
                <a href={mapUrl} rel="nofollow" className={styles.mapLink}>
                  {t("detail.location.map")}
                </a>
                {hydrated && listing.lat !== null && listing.lng !== null ? (
                  <Suspense fallback={null}>
                    <ShowOnMap
                      point={{
                        id: listing.id,
                        lat: listing.lat,
                        lng: listing.lng,
                        price: listing.price,
                        location_precision: listing.location_precision,
                      }}
                      count={countMap}
                    />
                  </Suspense>
                ) : null}
              </div>
            ) : null}
          </section>
        </div>

        <aside className={styles.side} aria-label={t("detail.aside")}>
          <div className={styles.sticky}>
            {complete ? (
              <>
                <PriceSummary listing={listing} />
                {listing.price_warning ? (
                  <Suspense fallback={null}>
                    <PriceWarning listing={listing} />
                  </Suspense>
                ) : null}
                <Suspense fallback={null}>
                  <PriceStory history={listing.price_history} now={now} />
                </Suspense>
              </>
            ) : (
              <p className={styles.note} data-testid="price-missing">
                {listing.price !== null ? f.price(listing.price) : t("detail.missingPrice")}
              </p>
            )}
            {contact}
            {/* The same flat offered by other advertisers (decision 090), cheapest first: plain links. */}
            {listing.same_property.length ? (
              <section
                aria-labelledby="detail-same-property"
                className={styles.sameProperty}
                data-testid="same-property"
              >
                <h2 id="detail-same-property">{t("detail.sameProperty.heading")}</h2>
                <ul>
                  {listing.same_property.map((other) => (
                    <li key={other.id}>
                      <Link to={lp(other.path)}>
                        {t("detail.sameProperty.offer", {
                          advertiser: other.advertiser_type,
                          price: f.price(other.price),
                          rent: String(listing.deal === "rent"),
                        })}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <p className={styles.meta}>
              {t("detail.number", { id: listing.id })}
              <br />
              {wasPublished ? t("detail.published", { date: published }) : t(NOT_PUBLISHED_MESSAGE)}
              <br />
              <time dateTime={listing.updated_at}>{t("card.updated", { when: f.ago(listing.updated_at, now) })}</time>
              {listing.confirmed_at ? (
                <>
                  <br />
                  <time dateTime={listing.confirmed_at} data-testid="detail-confirmed">
                    {t("card.confirmed", { when: f.ago(listing.confirmed_at, now) })}
                  </time>
                </>
              ) : null}
            </p>
          </div>
        </aside>
      </div>
      {children}
    </article>
  );
}
