import { type KeyboardEvent, lazy, Suspense, useRef, useState } from "react";
import type { ApiImage } from "#shared/api/realty.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import styles from "./gallery.module.css";

/** The index a key leads to (←/→ wrap around, Home/End jump), or null when the key is not ours. */
export function indexForKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
      return (index + 1) % count;
    case "ArrowLeft":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

// The fullscreen view loads on its first opening: most visitors never open it.
const GalleryDialog = lazy(() => import("./gallery-dialog.tsx"));

/**
 * How wide a photo shows, for the browser to pick a variant: the detail page's main column
 * (listing-detail.module.css: the 72rem page less the 20rem aside from 60rem up, else the viewport),
 * and a thumbnail's 96px.
 */
const SLIDE_SIZES = "(min-width: 60rem) 52rem, 100vw";
const THUMB_SIZES = "96px";

interface Props {
  images: ApiImage[];
  /** What the photos show, for their text alternatives ("{label}, photo 3 of 8"). */
  label: string;
  /** Id prefix of the slides, so thumbnails can link to them without JavaScript. */
  id?: string;
}

/**
 * The photos of a listing: a strip that scrolls sideways and snaps to each photo — a swipe on a touch
 * screen is the browser's own scrolling, before and after the page hydrates alike. Without JavaScript
 * thumbnails jump to their photo. With JavaScript: the arrow buttons, ←/→/Home/End (wrapping around) and
 * thumbnails turn it in place, a counter follows the scrolling, and a fullscreen view opens in a native
 * `<dialog>` (Escape closes it and focus returns to the button that opened it). The first photo loads
 * eagerly (the page's LCP), the rest lazily.
 */
export function Gallery({ images, label, id = "photo" }: Props) {
  const { t } = useI18n();
  const enhanced = useHydrated();
  const [index, setIndex] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  // The photo a turn scrolls to: the counter does not run through the ones it passes.
  const target = useRef<number | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const count = images.length;

  if (count === 0) {
    return (
      <div className={styles.empty}>
        <p>{t("detail.gallery.none")}</p>
      </div>
    );
  }

  const go = (next: number) => {
    const to = ((next % count) + count) % count;
    const element = frame.current;
    target.current = to;
    setIndex(to);
    element?.scrollTo({
      left: to * element.clientWidth,
      behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
  };
  // The photo in view, as the strip scrolls; once scrolling ends, whatever stopped it (a finger mid-turn)
  // — unless a newer turn took over that scroll: its own is still moving a frame later.
  const follow = (settled: boolean) => {
    const element = frame.current!;
    const left = element.scrollLeft;
    const shown = Math.round(left / Math.max(1, element.clientWidth));
    const show = () => {
      target.current = null;
      setIndex(shown);
    };
    if (target.current === null || shown === target.current) show();
    else if (settled) requestAnimationFrame(() => element.scrollLeft === left && show());
  };
  const alt = (i: number) => t("detail.gallery.alt", { label, n: i + 1, count });
  const counter = t("detail.gallery.counter", { n: index + 1, count });

  const onKeyDown = (event: KeyboardEvent) => {
    const next = indexForKey(event.key, index, count);
    if (next === null || !enhanced) return;
    event.preventDefault();
    go(next);
  };

  const arrows =
    count > 1 ? (
      <>
        <button
          type="button"
          className={`${styles.arrow} ${styles.prev}`}
          onClick={() => go(index - 1)}
          aria-label={t("detail.gallery.previous")}
        >
          <Chevron direction="left" />
        </button>
        <button
          type="button"
          className={`${styles.arrow} ${styles.next}`}
          onClick={() => go(index + 1)}
          aria-label={t("detail.gallery.next")}
        >
          <Chevron direction="right" />
        </button>
      </>
    ) : null;

  return (
    <section className={styles.gallery} aria-label={t("detail.gallery.label")}>
      {/* Scrollable and the keyboard target: reachable by Tab with or without JavaScript. */}
      <div
        ref={frame}
        className={enhanced ? `${styles.frame} ${styles.enhanced}` : styles.frame}
        tabIndex={0}
        role="region"
        aria-label={t("detail.gallery.frame")}
        onKeyDown={onKeyDown}
        onScroll={enhanced ? () => follow(false) : undefined}
        onScrollEnd={enhanced ? () => follow(true) : undefined}
        data-testid="gallery-frame"
      >
        <ul className={styles.track}>
          {images.map((image, i) => {
            const near = enhanced && Math.abs(i - index) <= 1;
            return (
              <li key={image.id} id={`${id}-${i + 1}`} className={styles.slide}>
                <img
                  src={image.url}
                  srcSet={image.srcset ?? undefined}
                  sizes={image.srcset ? SLIDE_SIZES : undefined}
                  width={image.width}
                  height={image.height}
                  alt={alt(i)}
                  loading={i === 0 || near ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding={i === 0 ? undefined : "async"}
                  draggable={false}
                />
              </li>
            );
          })}
        </ul>
      </div>
      {enhanced ? arrows : null}
      <p className={styles.counter} aria-live="polite" data-testid="gallery-counter">
        {enhanced ? counter : t("detail.gallery.count", { count })}
      </p>
      {enhanced ? (
        <button ref={opener} type="button" className={styles.fullscreen} onClick={() => setFullscreen(true)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span>{t("detail.gallery.fullscreen")}</span>
        </button>
      ) : null}

      {count > 1 ? (
        <ul className={styles.thumbs} aria-label={t("detail.gallery.thumbnails")}>
          {images.map((image, i) => (
            <li key={image.id}>
              <a
                href={`#${id}-${i + 1}`}
                className={styles.thumb}
                aria-current={enhanced && i === index ? "true" : undefined}
                onClick={(event) => {
                  if (!enhanced) return;
                  event.preventDefault();
                  go(i);
                }}
              >
                <img
                  src={image.url}
                  srcSet={image.srcset ?? undefined}
                  sizes={image.srcset ? THUMB_SIZES : undefined}
                  width={96}
                  height={64}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                />
                <span className="visually-hidden">{t("detail.gallery.show", { n: i + 1, count })}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {fullscreen ? (
        <Suspense fallback={null}>
          <GalleryDialog
            images={images}
            index={index}
            label={label}
            arrows={arrows}
            onKeyDown={onKeyDown}
            onClose={() => {
              setFullscreen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      />
    </svg>
  );
}
