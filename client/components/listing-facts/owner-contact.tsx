import { Suspense } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { AUTH_DIALOG_PARAM, NEXT_PARAM, safeNextPath } from "#shared/auth-links.ts";
import { paths } from "#shared/paths.ts";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import type { Price } from "#shared/api/contact.ts";
import type { ShownPhone } from "./contact-forms.tsx";
import type { Limits } from "#shared/validation.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { RootData } from "#client/root-data.ts";
import { lazyComponent } from "#client/lazy-component.tsx";
import styles from "./listing-facts.module.css";

// Who offers it: out of the page's first load, rendered in place by the server.
const AdvertiserFacts = lazyComponent(() => import("./advertiser-facts.tsx"));

export type { ContactResult, ShownPhone } from "./contact-forms.tsx";

// Only signed-in visitors get the forms: a guest's first load leaves their code out. The server renders
// them in place, so before their code arrives the forms are there and post without JavaScript.
const ContactForms = lazyComponent(() => import("./contact-forms.tsx"));

/** The owner block's heading: the return from paying for a reveal lands on it. */
export const OWNER_BLOCK_ID = "detail-owner";

/** The locale home with the sign-in dialog open and `next` = this page, as the guards send people. */
function signInHref(homePath: string, next: string): string {
  const query = new URLSearchParams({ [AUTH_DIALOG_PARAM]: "signin" });
  const safe = safeNextPath(next);
  if (safe) query.set(NEXT_PARAM, safe);
  return `${homePath}?${query}`;
}

/**
 * Who offers the listing and how to reach them. The phone number is not part of the page: signed-out
 * visitors are asked to sign in; signed-in visitors see it at once when it is theirs to see (paid before),
 * else reveal it with a paid call (its price on the button), and write a message — both plain form posts to the page, so they work without JavaScript.
 */
export function OwnerContact({
  owner,
  advertiser,
  revealPrice,
  phone = null,
  messageLimits,
}: {
  owner: ApiListingDetail["owner"];
  advertiser: ApiListingDetail["advertiser"];
  revealPrice: Price | null;
  /** The number when this visitor may see it already (own listing, paid before): shown with no button. */
  phone?: ShownPhone | null;
  /** The message field's limits as the API checks them (read from its schema by the loader). */
  messageLimits: Limits;
}) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const signedIn = Boolean(useRouteLoaderData<RootData>("root")?.user);
  const href = signInHref(lp(paths.home()), pathname);

  return (
    <section className={styles.owner} aria-labelledby={OWNER_BLOCK_ID} data-testid="detail-owner">
      <h2 id={OWNER_BLOCK_ID}>{t("detail.owner.heading")}</h2>
      <div>
        <p className={styles.ownerName}>{owner.name}</p>
        <Suspense fallback={null}>
          <AdvertiserFacts advertiser={advertiser} />
        </Suspense>
      </div>
      {signedIn ? (
        <Suspense fallback={null}>
          <ContactForms revealPrice={revealPrice} phone={phone} messageLimits={messageLimits} />
        </Suspense>
      ) : (
        <>
          <div className={styles.contactActions}>
            <a className={styles.button} href={href} rel="nofollow">
              {t("detail.owner.showPhone")}
            </a>
            <a className={styles.secondary} href={href} rel="nofollow">
              {t("detail.owner.write")}
            </a>
          </div>
          <p className={styles.note}>{t("detail.owner.signIn")}</p>
          {/* The phone's contact bar: the same two ways, fixed at the foot of the screen. */}
          <div className={styles.contactBar} role="group" aria-label={t("phone.bar.label")} data-testid="contact-bar">
            <a className={styles.button} href={href} rel="nofollow">
              {t("phone.bar.showPhone")}
            </a>
            <a className={styles.secondary} href={href} rel="nofollow">
              {t("phone.bar.message")}
            </a>
          </div>
        </>
      )}
    </section>
  );
}
