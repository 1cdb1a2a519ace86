import type { ReactNode } from "react";
import type { PageContent } from "#client/content/types.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./static-page.module.css";

/** Pages with this many sections or more open with a table of contents. */
const TOC_FROM = 6;

/** An e-mail address, or an `https://` address up to a space or the punctuation that ends a sentence. */
const LINKABLE = /([a-z0-9.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|https:\/\/[^\s,;]*[^\s,;.:)])/gi;

/** Plain text with its e-mail addresses as mailto links and its web addresses as links. */
function Linked({ text }: { text: string }) {
  const parts = text.split(LINKABLE);
  return parts.map((part, i) =>
    i % 2 ? (
      <a key={i} href={part.startsWith("https://") ? part : `mailto:${part}`}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/**
 * A static page: heading and lead (`page.{key}.*`), the date of the text when it has one, a table of
 * contents for long texts, the sections, then whatever the page adds (a form).
 */
export function StaticPage({
  pageKey,
  content,
  children,
}: {
  pageKey: string;
  content: PageContent;
  children?: ReactNode;
}) {
  const { t, intl } = useI18n();
  return (
    <div className={styles.page}>
      <PageIntro pageKey={pageKey}>
        {content.updated ? (
          <p className={styles.updated}>
            {t("static.updated", { date: intl.formatDate(content.updated, { dateStyle: "long", timeZone: "UTC" }) })}
          </p>
        ) : null}
      </PageIntro>
      {content.sections.length >= TOC_FROM ? (
        <nav className={styles.toc} aria-labelledby="static-toc">
          <h2 id="static-toc">{t("static.contents")}</h2>
          <ol>
            {content.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className={styles.text}>
        {content.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`}>{section.heading}</h2>
            {section.paragraphs?.map((p, i) => (
              <p key={i}>
                <Linked text={p} />
              </p>
            ))}
            {section.items ? (
              <ul>
                {section.items.map((item, i) => (
                  <li key={i}>
                    <Linked text={item} />
                  </li>
                ))}
              </ul>
            ) : null}
            {section.after?.map((p, i) => (
              <p key={`after-${i}`}>
                <Linked text={p} />
              </p>
            ))}
          </section>
        ))}
      </div>
      {children}
    </div>
  );
}
