import { type ComponentProps, Suspense, useEffect, useRef } from "react";
import type * as ShareLinkModule from "#client/components/listing-facts/share-link.tsx";
import { Await, data, Link, redirect, redirectDocument, useRouteLoaderData } from "react-router";
import type { ApiClient } from "#shared/api-client.ts";
import type { ApiListing } from "#shared/api/realty.ts";
import { dealFromSegment, isTypeOfDeal } from "#shared/listing-types.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { FavouriteButton } from "#client/components/favourite-button/favourite-button.tsx";
import { type CardListing, cardListing } from "#client/components/listing-card/card-listing.ts";
import { ListingCard } from "#client/components/listing-card/listing-card.tsx";
import { ListingView } from "#client/components/listing-view/listing-view.tsx";
import type * as OwnerContactModule from "#client/components/listing-facts/owner-contact.tsx";
import type { ContactResult } from "#client/components/listing-facts/owner-contact.tsx";
import { paymentHref } from "#client/components/payment/payment-links.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { lazyComponent } from "#client/lazy-component.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { notFound } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import type { RootData } from "#client/root-data.ts";
import { appContext } from "#client/app-context.server.ts";
import { canonicalLocation, fetchListing, listingMeta } from "./listing-detail.server.ts";
import type { Route } from "./+types/listing-detail";
import styles from "./listing-detail.module.css";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { type FailedResult, formProblem } from "#client/api/form-problem.server.ts";
import { SendMessageBody } from "#shared/api/contact.ts";
import { limitsOf } from "#shared/validation.ts";
import { secondaryData } from "#client/secondary-data.server.ts";

// Sharing acts only once hydrated; the server renders its link in place (decision 070).
const ShareLink = lazyComponent<ComponentProps<typeof ShareLinkModule.ShareLink>>(() =>
  import("#client/components/listing-facts/share-link.tsx").then((m) => ({ default: m.ShareLink })),
);
// The owner block: rendered in place by the server, its links and forms work before its code arrives.
const OwnerContact = lazyComponent<ComponentProps<typeof OwnerContactModule.OwnerContact>>(() =>
  import("#client/components/listing-facts/owner-contact.tsx").then((m) => ({ default: m.OwnerContact })),
);

/** Similar listings shown under a listing: same deal, type and city, price within ±25 %. */
export const SIMILAR_COUNT = 4;
export const SIMILAR_PRICE_RANGE = 0.25;

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["listingDetail"], "detail", "validation", "map", "phone.bar");

/**
 * `/buy|rent/{type}/{city}/{id}/`: a type the deal does not have (rent has no land or investment) or a
 * malformed id is the 404 page before any call; an unknown or archived listing too. A listing reached
 * with another type, deal or city → 301 to its canonical address. Similar listings stream in later.
 */
export const loader = withTexts(MESSAGES, async function loader({ params, url, context }: Route.LoaderArgs) {
  const { rest } = splitLocale(url.pathname);
  const deal = dealFromSegment(rest.split("/")[1]);
  const id = parseId(params.id);
  if (!deal || !id || !isTypeOfDeal(deal, params.type)) throw notFound(url);
  const app = context.get(appContext);
  const { api, user } = app;
  // A number this visitor may see already (their own listing's, or one they paid for) shows at once: the
  // return from paying for it lands here (payment-success.tsx), and the page never offers it for a price again.
  const [listing, options, reveal] = await Promise.all([
    fetchListing(api, id, url),
    user ? api.promotionOptions() : null,
    user ? api.revealedPhone(id) : null,
  ]);
  if (listing.path !== rest) throw redirect(canonicalLocation(listing, url), 301);
  return {
    listing,
    now: Date.now(),
    similar: secondaryData(similarListings(api, listing)),
    meta: listingMeta(listing, app, url.pathname),
    // What revealing the number costs, for a signed-in visitor's button (null when unknown).
    revealPrice: options?.ok ? options.data.data.phone_reveal : null,
    phone:
      reveal?.ok && reveal.data.data
        ? { number: reveal.data.data.phone, paid: reveal.data.data.payment_id !== null }
        : null,
    messageLimits: limitsOf(SendMessageBody.entries.text),
  };
});

/**
 * The owner block's forms: reveal the phone number (a paid call) or write a message. Plain form posts,
 * so both work without JavaScript; the answer comes back as action data — or, for a number not paid for
 * yet, the way to pay for it.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound(new URL(request.url));
  const { api, locale } = context.get(appContext);
  const form = await request.formData();
  if (form.get("intent") === "reveal") {
    const result = await api.revealPhone(id);
    if (result.ok) return { intent: "reveal" as const, phone: result.data.data.phone };
    // Not paid for yet (decision 040): the reveal's payment page, which leads back here once paid. A document
    // load, so the page opens at its top (the form keeps the scroll of this one).
    if (result.status === 402) {
      throw redirectDocument(localizePath(paymentHref({ listingId: id, product: "phone_reveal" }), locale));
    }
    return contactError("reveal", result);
  }
  // Written to the listing: the answer names the conversation, which the confirmation links to.
  const result = await api.createMessage({ realty_id: id, text: String(form.get("text") ?? "") });
  return result.ok
    ? { intent: "message" as const, sent: true, conversation: result.data.data.conversation_id }
    : contactError("message", result);
}

function contactError(intent: "reveal" | "message", result: FailedResult) {
  const { fields, error, status, serverMessage } = formProblem(
    result,
    { text: "text" },
    { rateLimited: "detail.owner.error.tooMany" },
  );
  return data<ContactResult>({ intent, error, fields, serverMessage }, { status });
}

/** Null when the search failed: the section says so and the page stays (so it does when late). */
async function similarListings(api: ApiClient, listing: ApiListing): Promise<CardListing[] | null> {
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
  return result.data.items
    .filter((item) => item.id !== listing.id)
    .slice(0, SIMILAR_COUNT)
    .map(cardListing);
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** Counts one view of the listing (product §7 statistics), once per listing after hydration, silently. */
function useViewBeacon(id: number) {
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (sent.current === id) return;
    sent.current = id;
    // Loaded when it is sent: counting is no part of the page's first load.
    void import("#client/api/statistics-beacon.ts").then(({ countListingEvent }) => countListingEvent(id, "view"));
  }, [id]);
}

export default function ListingDetail({ loaderData }: Route.ComponentProps) {
  const { listing, now, similar } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  useViewBeacon(listing.id);
  const origin = useRouteLoaderData<RootData>("root")?.origin ?? "";

  return (
    <ListingView
      listing={listing}
      now={now}
      countMap
      actions={
        <>
          <FavouriteButton listingId={listing.id} variant="inline" />
          <Suspense fallback={null}>
            <ShareLink url={new URL(lp(listing.path), origin || "https://localhost").href} title={listing.title} />
          </Suspense>
        </>
      }
      contact={
        <>
          <Suspense fallback={null}>
            <OwnerContact
              owner={listing.owner}
              advertiser={listing.advertiser}
              revealPrice={loaderData.revealPrice}
              phone={loaderData.phone}
              messageLimits={loaderData.messageLimits}
            />
          </Suspense>
          <p className={styles.report}>
            <Link to={lp(paths.listing.report(listing.id))} rel="nofollow">
              {t("detail.report")}
            </Link>
          </p>
        </>
      }
    >
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
                    {t("detail.similar.all", {
                      what: t(`listing.kind.${listing.deal}.${listing.type}`),
                      city: listing.city.name,
                    })}
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
    </ListingView>
  );
}
