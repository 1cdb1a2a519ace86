import { Suspense, useEffect, useRef } from "react";
import { Await, Link, type MetaDescriptor, redirect, useRouteLoaderData } from "react-router";
import type { ApiClient } from "#shared/api-client.ts";
import { browserApi } from "#client/api/browser-api.ts";
import type { ApiListing, ApiListingDetail } from "#shared/api/realty.ts";
import { dealFromSegment, isTypeOfDeal } from "#shared/listing-types.ts";
import { localizePath, splitLocale, type Locale } from "#shared/locales.ts";
import { makeIntl } from "#shared/intl.ts";
import { paths } from "#shared/paths.ts";
import { Breadcrumbs, breadcrumbList, type Crumb } from "#client/components/breadcrumbs/breadcrumbs.tsx";
import { FavouriteButton } from "#client/components/favourite-button/favourite-button.tsx";
import { Gallery } from "#client/components/gallery/gallery.tsx";
import { jsonLdMeta } from "#client/components/json-ld/json-ld.tsx";
import { ListingCard } from "#client/components/listing-card/listing-card.tsx";
import { ListingFacts, PriceSummary } from "#client/components/listing-facts/listing-facts.tsx";
import { OwnerContact } from "#client/components/listing-facts/owner-contact.tsx";
import { ShareLink } from "#client/components/listing-facts/share-link.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { notFound, parseId, unavailable } from "#client/http-errors.ts";
import { pageMeta, rootData } from "#client/seo.ts";
import type { RootData } from "#client/root-data.ts";
import { requestContext } from "#worker/request-context.ts";
import type { Route } from "./+types/listing-detail";
import styles from "./listing-detail.module.css";

/** Similar listings shown under a listing: same deal, type and city, price within ±25 %. */
export const SIMILAR_COUNT = 4;
export const SIMILAR_PRICE_RANGE = 0.25;
/** Dates on the page read the same on the server and in any visitor's browser. */
const TIME_ZONE = "Europe/Belgrade";
const META_DESCRIPTION_LENGTH = 160;

/** An active listing, or the 404 page (unknown, archived, not yet published), or 503 when the API fails. */
export async function fetchListing(api: ApiClient, id: number, url: URL): Promise<ApiListingDetail> {
  const result = await api.listing(id);
  if (result.ok) return result.data.data;
  throw result.status === 404 || result.status === 400 ? notFound(url) : unavailable();
}

/** The canonical address of a listing in the page's language, the query kept (DESIGN §7). */
export function canonicalLocation(listing: ApiListing, url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const qs = query.toString();
  return localizePath(listing.path, splitLocale(url.pathname).locale) + (qs ? `?${qs}` : "");
}

/**
 * `/buy|rent/{type}/{city}/{id}/`: a type the deal does not have (rent has no land or investment) or a
 * malformed id is the 404 page before any call; an unknown or archived listing too. A listing reached
 * with another type, deal or city → 301 to its canonical address. Similar listings stream in later.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { rest } = splitLocale(url.pathname);
  const deal = dealFromSegment(rest.split("/")[1]);
  const id = parseId(params.id);
  if (!deal || !id || !isTypeOfDeal(deal, params.type)) throw notFound(url);
  const { api } = context.get(requestContext);
  const listing = await fetchListing(api, id, url);
  if (listing.path !== rest) throw redirect(canonicalLocation(listing, url), 301);
  return { listing, now: Date.now(), similar: similarListings(api, listing) };
}

/** Null when the search failed: the section says so and the page stays. */
async function similarListings(api: ApiClient, listing: ApiListing): Promise<ApiListing[] | null> {
  const result = await api.searchListings({
    deal: listing.deal,
    type: [listing.type_id],
    city: listing.city.slug,
    price_min: Math.floor(listing.price * (1 - SIMILAR_PRICE_RANGE)),
    price_max: Math.ceil(listing.price * (1 + SIMILAR_PRICE_RANGE)),
    per_page: SIMILAR_COUNT + 1,
    facets: false,
  });
  if (!result.ok) return null;
  return result.data.items.filter((item) => item.id !== listing.id).slice(0, SIMILAR_COUNT);
}

type Format = (id: string, values?: Record<string, string | number>) => string;

/** Home › Buy/Rent › type › city › listing, with the locale's paths. */
export function listingCrumbs(listing: ApiListing, locale: Locale, t: Format): Crumb[] {
  const lp = (path: string) => localizePath(path, locale);
  return [
    { name: t("detail.breadcrumbs.home"), path: lp(paths.home()) },
    {
      name: t(listing.deal === "sale" ? "nav.buy" : "nav.rent"),
      path: `${lp(paths.search())}?deal=${listing.deal}`,
    },
    { name: t(`listing.kind.${listing.deal}.${listing.type}`), path: lp(paths.list(listing.deal, listing.type)) },
    { name: listing.city.name, path: lp(paths.list(listing.deal, listing.type, listing.city.slug)) },
    { name: listing.title, path: lp(listing.path), lang: listing.lang },
  ];
}

const SCHEMA_TYPE: Partial<Record<ApiListing["type"], "Apartment" | "House">> = { apartment: "Apartment", house: "House" };

/** Schema.org `RealEstateListing` with its `Offer` and the property (`Apartment`, `House` or `Place`). */
export function listingJsonLd(listing: ApiListingDetail, pageUrl: string, origin: string, description: string) {
  const absolute = (path: string) => new URL(path, origin).href;
  const accommodation = SCHEMA_TYPE[listing.type];
  const type = accommodation ?? "Place";
  const place = {
    "@type": type,
    "@id": `${pageUrl}#property`,
    name: listing.title,
    address: {
      "@type": "PostalAddress",
      streetAddress: listing.address,
      addressLocality: listing.city.name,
      ...(listing.district ? { addressRegion: listing.district.name } : {}),
      addressCountry: "RS",
    },
    geo: { "@type": "GeoCoordinates", latitude: listing.lat, longitude: listing.lng },
    ...(accommodation && listing.area !== null
      ? { floorSize: { "@type": "QuantitativeValue", value: listing.area, unitCode: "MTK" } }
      : {}),
    ...(accommodation && listing.rooms !== null ? { numberOfRooms: listing.rooms } : {}),
    ...(accommodation && listing.bedrooms !== null ? { numberOfBedrooms: listing.bedrooms } : {}),
    ...(accommodation && listing.bathrooms !== null ? { numberOfBathroomsTotal: listing.bathrooms } : {}),
    ...(accommodation && listing.year_built !== null ? { yearBuilt: listing.year_built } : {}),
    ...(accommodation && listing.pets_allowed !== null && listing.deal === "rent" ? { petsAllowed: listing.pets_allowed } : {}),
  };
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    "@id": `${pageUrl}#listing`,
    url: pageUrl,
    name: listing.title,
    description,
    inLanguage: listing.lang,
    datePosted: listing.created_at,
    dateModified: listing.updated_at,
    image: listing.images.map((image) => absolute(image.url)),
    mainEntity: place,
    offers: {
      "@type": "Offer",
      price: listing.price,
      priceCurrency: listing.currency,
      availability: "https://schema.org/InStock",
      businessFunction: `http://purl.org/goodrelations/v1#${listing.deal === "sale" ? "Sell" : "LeaseOut"}`,
      validThrough: listing.expires_at,
      url: pageUrl,
      itemOffered: { "@id": `${pageUrl}#property` },
      ...(listing.deal === "rent"
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: listing.price,
              priceCurrency: listing.currency,
              unitCode: "MON",
            },
          }
        : {}),
    },
  };
}

/** A plain-text summary of at most `max` characters, cut at a word. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

export const meta: Route.MetaFunction = (args) => {
  const listing = args.loaderData?.listing;
  const root = rootData(args.matches);
  if (!listing || !root) return [];
  const intl = makeIntl(root.locale, root.messages);
  const t: Format = (id, values) => intl.formatMessage({ id }, values);
  const money = (value: number) =>
    intl.formatNumber(value, { style: "currency", currency: "EUR", maximumFractionDigits: 0, minimumFractionDigits: 0 });
  const price = listing.deal === "rent" ? t("card.perMonth", { price: money(listing.price) }) : money(listing.price);
  const place = [listing.district?.name, listing.city.name].filter(Boolean).join(", ");
  const facts = [
    listing.rooms !== null
      ? listing.rooms < 1
        ? t("format.studio")
        : t("format.rooms", { rooms: listing.rooms, count: intl.formatNumber(listing.rooms) })
      : null,
    listing.area !== null ? t("format.area", { area: intl.formatNumber(listing.area) }) : null,
    listing.land_area !== null && listing.area === null ? t("format.area", { area: intl.formatNumber(listing.land_area) }) : null,
  ].filter(Boolean);
  const title = t("detail.meta.title", { title: listing.title, price });
  const summary = [
    t("detail.meta.summary", { kind: t("detail.kind", { type: listing.type, deal: listing.deal }), place, price }),
    facts.length ? `${facts.join(", ")}.` : "",
    listing.description,
  ].join(" ");
  const description = clip(summary, META_DESCRIPTION_LENGTH);
  const pageUrl = new URL(localizePath(listing.path, root.locale), root.origin).href;
  const site = t("site.name");

  const replaced = pageMeta(args, "listingDetail", { id: listing.id, what: "", city: listing.city.name }).map(
    (tag): MetaDescriptor => {
      if ("title" in tag) return { title: `${title} | ${site}` };
      if ("name" in tag && tag.name === "description") return { name: "description", content: description };
      if ("property" in tag && tag.property === "og:title") return { property: "og:title", content: title };
      if ("property" in tag && tag.property === "og:description") return { property: "og:description", content: description };
      return tag;
    },
  );
  const photo = listing.images[0];
  return [
    ...replaced,
    { property: "og:type", content: "website" },
    ...(photo
      ? [
          { property: "og:image", content: new URL(photo.url, root.origin).href },
          { property: "og:image:width", content: String(photo.width) },
          { property: "og:image:height", content: String(photo.height) },
          { property: "og:image:alt", content: listing.title },
        ]
      : []),
    jsonLdMeta(listingJsonLd(listing, pageUrl, root.origin, description)),
    jsonLdMeta(breadcrumbList(listingCrumbs(listing, root.locale, t), root.origin)),
  ];
};

/** Counts one view of the listing (SPEC §7 statistics), once per listing after hydration, silently. */
function useViewBeacon(id: number) {
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (sent.current === id) return;
    sent.current = id;
    void browserApi().then((api) => api.countListingEvent(id));
  }, [id]);
}

export default function ListingDetail({ loaderData }: Route.ComponentProps) {
  const { listing, now, similar } = loaderData;
  const { t, intl, locale } = useI18n();
  const f = useFormat();
  const lp = useLocalePath();
  useViewBeacon(listing.id);

  const kind = t("detail.kind", { type: listing.type, deal: listing.deal });
  const place = [listing.district?.name, listing.city.name].filter(Boolean).join(", ");
  const paragraphs = listing.description.split(/\n+/).map((p) => p.trim()).filter(Boolean);
  const published = intl.formatDate(listing.created_at, { dateStyle: "long", timeZone: TIME_ZONE });
  const mapUrl = `https://www.openstreetmap.org/?mlat=${listing.lat}&mlon=${listing.lng}#map=16/${listing.lat}/${listing.lng}`;
  const origin = useRouteLoaderData<RootData>("root")?.origin ?? "";

  return (
    <article className={styles.detail} aria-labelledby="detail-title" data-testid="listing-detail">
      <Breadcrumbs crumbs={listingCrumbs(listing, locale, t)} />

      <header className={styles.head}>
        <div className={styles.titleBlock}>
          <h1 id="detail-title" lang={listing.lang}>
            {listing.title}
          </h1>
          <p className={styles.kind}>
            {kind} · {place}
          </p>
        </div>
        <div className={styles.actions} data-slot="listing-actions">
          <FavouriteButton listingId={listing.id} variant="inline" />
          <ShareLink url={new URL(lp(listing.path), origin || "https://localhost").href} title={listing.title} />
        </div>
      </header>

      <div className={styles.layout}>
        <div className={styles.main}>
          {/* A new listing is a new gallery: back to its first photo. */}
          <Gallery key={listing.id} images={listing.images} label={listing.title} />

          <section aria-labelledby="detail-facts" className={styles.section}>
            <h2 id="detail-facts">{t("detail.facts.heading")}</h2>
            <ListingFacts listing={listing} />
          </section>

          <section aria-labelledby="detail-description" className={styles.section}>
            <h2 id="detail-description">{t("detail.description.heading")}</h2>
            {listing.lang !== locale ? (
              <p className={styles.note}>{t("detail.description.language", { lang: listing.lang })}</p>
            ) : null}
            <div lang={listing.lang} className={styles.description} data-testid="detail-description">
              {paragraphs.map((text, i) => (
                <p key={i}>{text}</p>
              ))}
            </div>
          </section>

          <section aria-labelledby="detail-location" className={styles.section}>
            <h2 id="detail-location">{t("detail.location.heading")}</h2>
            <p className={styles.address}>
              <span lang={listing.lang}>{listing.address}</span>
              <br />
              {place}
            </p>
            <p>
              <a href={mapUrl} rel="noopener" className={styles.mapLink}>
                {t("detail.location.map")}
              </a>
            </p>
          </section>
        </div>

        <aside className={styles.side} aria-label={t("detail.aside")}>
          <div className={styles.sticky}>
            <PriceSummary listing={listing} />
            <OwnerContact owner={listing.owner} />
            <p className={styles.meta}>
              {t("detail.number", { id: listing.id })}
              <br />
              {t("detail.published", { date: published })}
              <br />
              <time dateTime={listing.updated_at}>{t("card.updated", { when: f.ago(listing.updated_at, now) })}</time>
            </p>
          </div>
        </aside>
      </div>

      <section aria-labelledby="detail-similar" className={styles.similar}>
        <h2 id="detail-similar">{t("detail.similar.heading")}</h2>
        <Suspense fallback={<div className={styles.skeleton} aria-hidden="true" data-testid="similar-skeleton" />}>
          <Await resolve={similar} errorElement={<p className={styles.note}>{t("detail.similar.unavailable")}</p>}>
            {(items) =>
              items === null ? (
                <p className={styles.note}>{t("detail.similar.unavailable")}</p>
              ) : items.length === 0 ? (
                <p className={styles.note}>
                  {t("detail.similar.none")}{" "}
                  <Link to={lp(paths.list(listing.deal, listing.type, listing.city.slug))}>
                    {t("detail.similar.all", { what: t(`listing.kind.${listing.deal}.${listing.type}`), city: listing.city.name })}
                  </Link>
                </p>
              ) : (
                <ul className={styles.cards} data-testid="similar-listings">
                  {items.map((item) => (
                    <li key={item.id}>
                      <ListingCard listing={item} now={now} />
                    </li>
                  ))}
                </ul>
              )
            }
          </Await>
        </Suspense>
      </section>
    </article>
  );
}
