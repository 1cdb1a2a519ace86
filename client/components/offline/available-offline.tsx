import { useEffect, useState } from "react";
import { useI18n } from "#client/i18n/intl.tsx";
import { type KeptPage, type KeptPages, keptPages } from "./kept-pages.ts";
import styles from "./available-offline.module.css";

/**
 * "Available offline" (decision 043): what the service worker kept on this device, read from its
 * caches once the page has hydrated. Rendered on the server (and without JavaScript) as the heading
 * and the sentence alone: the page is the same for everyone, so the service worker can keep one copy.
 * Links are plain document loads: offline, the service worker answers them, not the router's data requests.
 */
export function AvailableOffline() {
  const { t } = useI18n();
  const [kept, setKept] = useState<KeptPages | null>(null);
  useEffect(() => {
    let live = true;
    keptPages(t("site.name")).then(
      (found) => live && setKept(found),
      () => live && setKept({ listings: [], favourites: null, pages: [] }),
    );
    return () => {
      live = false;
    };
    // Read once per page load; the language does not change on this page without a new document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const empty = kept && !kept.favourites && kept.listings.length === 0 && kept.pages.length === 0;
  return (
    <section className={styles.available} aria-labelledby="available-offline">
      <h2 id="available-offline">{t("offline.available.heading")}</h2>
      <p>{t("offline.available.intro")}</p>
      {empty ? <p className={styles.empty}>{t("offline.available.empty")}</p> : null}
      {kept && !empty ? (
        <>
          <p className={styles.note}>{t("offline.available.note")}</p>
          {kept.favourites ? (
            <p className={styles.favourites}>
              <Item page={{ ...kept.favourites, title: t("offline.available.favourites") }} />
            </p>
          ) : null}
          <PageList heading={t("offline.available.listings")} pages={kept.listings} />
          <PageList heading={t("offline.available.pages")} pages={kept.pages} />
        </>
      ) : null}
    </section>
  );
}

function PageList({ heading, pages }: { heading: string; pages: KeptPage[] }) {
  if (pages.length === 0) return null;
  return (
    <>
      <h3>{heading}</h3>
      <ul className={styles.list}>
        {pages.map((page) => (
          <li key={page.href}>
            <Item page={page} />
          </li>
        ))}
      </ul>
    </>
  );
}

function Item({ page }: { page: KeptPage }) {
  const { t, intl } = useI18n();
  // A kept photo the browser still cannot show (evicted meanwhile, a broken copy): a plain tile, never a
  // broken image.
  const [broken, setBroken] = useState(false);
  return (
    <>
      <a href={page.href} className={styles.link}>
        {page.image && !broken ? (
          <img
            src={page.image}
            alt=""
            width={96}
            height={72}
            className={styles.photo}
            onError={() => setBroken(true)}
          />
        ) : page.image ? (
          <span className={`${styles.photo} ${styles.noPhoto}`} aria-hidden="true" />
        ) : null}
        <span>{page.title}</span>
      </a>
      {page.fetchedAt ? (
        <span className={styles.saved}>
          {t("offline.available.saved", {
            date: intl.formatDate(page.fetchedAt, { dateStyle: "medium", timeStyle: "short" }),
          })}
        </span>
      ) : null}
    </>
  );
}
