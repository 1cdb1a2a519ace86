import type { MetaDescriptor } from "react-router";
import type { ApiAgencyPage } from "#shared/api/agency-pages.ts";
import { localizePath } from "#shared/locales.ts";
import { agencyPath } from "#shared/agency-paths.ts";
import { AGENCY_SLUG } from "#shared/api/agency.ts";
import type { AppContext } from "#client/app-context.server.ts";
import { jsonLdMeta } from "#client/components/json-ld/json-ld.tsx";
import { searchMeta } from "#client/components/listing-results/search-meta.server.ts";
import type { SearchPageData } from "#client/components/listing-results/search-types.ts";
import type { AgencyView } from "./agency-view.ts";

/** Whether a path's slug can be an agency's (decision 098's pattern): anything else is a 404 unasked. */
export const isAgencySlug = (slug: string) => AGENCY_SLUG.test(slug);

/** A website the page links to: http(s) only, whatever was stored. */
function safeWebsite(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** What the page shows of the API's agency, its languages named in the page's language (here, not in the browser). */
export function agencyView(agency: ApiAgencyPage, locale: string): AgencyView {
  const names = new Intl.DisplayNames([locale], { type: "language", fallback: "none" });
  return {
    slug: agency.slug,
    name: agency.name,
    licensed: agency.licensed,
    licence: agency.licence,
    licence_number: agency.licence_number ?? null,
    address: agency.address,
    phones: agency.phones,
    website: safeWebsite(agency.website),
    languages: agency.languages.map((code) => names.of(code) ?? code),
    members: agency.members,
    active_listings: agency.active_listings,
    since: agency.since,
    cities: agency.cities,
    response: agency.response,
  };
}

/**
 * The agency page's tags: the search page's (title with the page number, canonical with the filters that
 * make a landing page, alternates, `noindex` for heavy filtering) under the agency's name, and its
 * JSON-LD `RealEstateAgent` — what a search engine may say of it: name, page, address, phones, website,
 * languages, the cities it offers listings in and its checked licence number.
 */
export function agencyMeta(
  app: Pick<AppContext, "origin" | "locale" | "texts">,
  url: URL,
  data: SearchPageData,
  agency: AgencyView,
): MetaDescriptor[] {
  const tags = searchMeta(app, url, data, "agency", { name: agency.name });
  const page = new URL(localizePath(agencyPath(agency.slug), app.locale), app.origin).href;
  const structured = {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    "@id": page,
    name: agency.name,
    url: page,
    ...(agency.address ? { address: { "@type": "PostalAddress", streetAddress: agency.address } } : {}),
    ...(agency.phones.length ? { telephone: agency.phones } : {}),
    ...(agency.website ? { sameAs: agency.website } : {}),
    ...(agency.languages.length ? { knowsLanguage: agency.languages } : {}),
    ...(agency.cities.length
      ? { areaServed: agency.cities.map((city) => ({ "@type": "City", name: city.name })) }
      : {}),
    ...(agency.licence_number
      ? { identifier: { "@type": "PropertyValue", name: "licence", value: agency.licence_number } }
      : {}),
  };
  return [...tags, jsonLdMeta(structured)];
}
