/**
 * The listing page's server side: the listing from the API, its canonical address, and its search-engine
 * texts, built with its loader — title, description, Open Graph photo and JSON-LD (`RealEstateListing` +
 * `Offer` + the property, `BreadcrumbList`). The browser only places them, so none of this code ships to it.
 */
import type { MetaDescriptor } from "react-router";
import type { ApiListing, ApiListingDetail } from "#shared/api/realty.ts";
import type { ApiClient } from "#shared/api-client.ts";
import { localeEntry, localizePath, splitLocale } from "#shared/locales.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { breadcrumbList } from "#client/components/breadcrumbs/breadcrumb-list.ts";
import { jsonLdMeta } from "#client/components/json-ld/json-ld.tsx";
import { adjustMeta, pageMetaOf, previewImageMeta } from "#client/seo.ts";
import type { AppContext } from "#client/app-context.server.ts";
import { type Format, listingCrumbs } from "./listing-crumbs.ts";

/** An active listing, or the 404 page (unknown, archived, not yet published), or 503 when the API fails. */
export async function fetchListing(api: ApiClient, id: number, url: URL): Promise<ApiListingDetail> {
  const result = await api.listing(id);
  if (result.ok) return result.data.data;
  throw result.status === 404 || result.status === 400 ? notFound(url) : unavailable();
}

/** The canonical address of a listing in the page's language, the query kept (architecture §7). */
export function canonicalLocation(listing: ApiListing, url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const qs = query.toString();
  return localizePath(listing.path, splitLocale(url.pathname).locale) + (qs ? `?${qs}` : "");
}

const META_DESCRIPTION_LENGTH = 160;

const SCHEMA_TYPE: Partial<Record<ApiListing["type"], "Apartment" | "House">> = {
  apartment: "Apartment",
  house: "House",
};

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
    ...(accommodation && listing.pets_allowed !== null && listing.deal === "rent"
      ? { petsAllowed: listing.pets_allowed }
      : {}),
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
    image: listing.images.map((image) => absolute(image.url_large)),
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

/** Every meta tag of the listing page: `pageMetaOf`'s canonical and alternates with the listing's own texts. */
export function listingMeta(
  listing: ApiListingDetail,
  app: Pick<AppContext, "locale" | "origin" | "texts">,
  pathname: string,
): MetaDescriptor[] {
  const { locale, origin } = app;
  const page = { locale, origin, messages: app.texts.all, ogLocale: localeEntry(locale).og, pathname };
  const seo = listingSeo(listing, app);
  return adjustMeta(pageMetaOf(page, "listingDetail", { id: listing.id, what: "", city: "" }), {
    title: seo.title,
    description: seo.description,
    // Out of search for want of its owner's confirmation (decision 084): not for search engines either.
    extra: listing.awaiting_confirmation ? [...seo.tags, { name: "robots", content: "noindex" }] : seo.tags,
  });
}

interface ListingSeo {
  /** The document title, site name included. */
  title: string;
  description: string;
  /** Open Graph type and photo, and the JSON-LD scripts. */
  tags: MetaDescriptor[];
}

function listingSeo(listing: ApiListingDetail, app: Pick<AppContext, "locale" | "origin" | "texts">): ListingSeo {
  const { locale, origin } = app;
  const intl = app.texts.intl;
  const t: Format = (id, values) => intl.formatMessage({ id }, values);
  const money = (value: number) =>
    intl.formatNumber(value, {
      style: "currency",
      currency: "EUR",
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
  const price = listing.deal === "rent" ? t("card.perMonth", { price: money(listing.price) }) : money(listing.price);
  const place = [listing.district?.name, listing.city.name].filter(Boolean).join(", ");
  const facts = [
    listing.rooms !== null
      ? listing.rooms < 1
        ? t("format.studio")
        : t("format.rooms", { rooms: listing.rooms, count: intl.formatNumber(listing.rooms) })
      : null,
    listing.area !== null ? t("format.area", { area: intl.formatNumber(listing.area) }) : null,
    listing.land_area !== null && listing.area === null
      ? t("format.area", { area: intl.formatNumber(listing.land_area) })
      : null,
  ].filter(Boolean);
  const title = t("detail.meta.title", { title: listing.title, price });
  const summary = [
    t("detail.meta.summary", { kind: t("detail.kind", { type: listing.type, deal: listing.deal }), place, price }),
    facts.length ? `${facts.join(", ")}.` : "",
    listing.description,
  ].join(" ");
  const description = clip(summary, META_DESCRIPTION_LENGTH);
  const pageUrl = new URL(localizePath(listing.path, locale), origin).href;
  const photo = listing.images[0];
  return {
    title: `${title} | ${t("site.name")}`,
    description,
    tags: [
      { property: "og:type", content: "website" },
      ...(photo ? previewImageMeta({ ...photo, url: photo.url_large, alt: listing.title }, origin) : []),
      jsonLdMeta(listingJsonLd(listing, pageUrl, origin, description)),
      jsonLdMeta(breadcrumbList(listingCrumbs(listing, locale, t), origin)),
    ],
  };
}
