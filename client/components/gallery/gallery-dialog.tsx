import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import type { ApiImage } from "#shared/api/realty.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./gallery-dialog.module.css";

/**
 * The gallery's fullscreen view: a native modal `<dialog>`, open while mounted. Escape or the close
 * button closes it, and the gallery then gives focus back to the button that opened it.
 */
export default function GalleryDialog({
  images,
  index,
  label,
  arrows,
  onKeyDown,
  onClose,
}: {
  images: ApiImage[];
  index: number;
  label: string;
  /** The gallery's previous/next buttons, the same in both views. */
  arrows: ReactNode;
  onKeyDown: (event: KeyboardEvent) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const count = images.length;
  const image = images[index]!;
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label={t("detail.gallery.fullscreenLabel", { label })}
      onKeyDown={onKeyDown}
      onClose={onClose}
      data-testid="gallery-dialog"
    >
      <div className={styles.dialogBar}>
        <p className={styles.dialogCounter}>{t("detail.gallery.counter", { n: index + 1, count })}</p>
        <button type="button" className={styles.close} onClick={() => dialog.current?.close()}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M5 5l14 14M19 5 5 19" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span>{t("detail.gallery.close")}</span>
        </button>
      </div>
      <div className={styles.dialogStage}>
        <img
          key={image.id}
          src={image.url}
          srcSet={image.srcset ?? undefined}
          // The dialog fills the viewport.
          sizes={image.srcset ? "100vw" : undefined}
          width={image.width}
          height={image.height}
          alt={t("detail.gallery.alt", { label, n: index + 1, count })}
          draggable={false}
        />
        {arrows}
      </div>
    </dialog>
  );
}
