/**
 * The wizard's photos step (decision 034). Served as plain forms that work
 * without JavaScript — one multipart upload of several files, and a tiny form per photo button — which
 * the JS photo manager (photos-manager.tsx, its own chunk) replaces once the page is interactive.
 */
import { type ChangeEvent, type HTMLAttributes, lazy, type ReactNode, Suspense, useId } from "react";
import { PHOTOS_PER_LISTING } from "#shared/constants.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import { PhotoIcon } from "./photos-icons.tsx";
import { PHOTO_ACCEPT, PHOTO_LIMIT_VALUES, photoErrorValues, THUMBNAIL_SIZES, thumbnailOf } from "./photos-messages.ts";
import type { PhotosActionResult, PhotosStepData } from "./photos-step-types.ts";
import styles from "./photos-step.module.css";

// Only the browser runs it (after hydration): the server build leaves the chunk out.
type ManagerProps = { listingId: number; initial: ApiListingPhoto[]; hintId: string };
const PhotosManager = lazy<(props: ManagerProps) => ReactNode>(() =>
  import.meta.env.SSR ? Promise.resolve({ default: (_: ManagerProps) => null }) : import("./photos-manager.tsx"),
);

export function PhotosStep({
  listingId,
  data,
  result,
}: {
  listingId: number;
  data: PhotosStepData;
  result?: PhotosActionResult;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const hintId = useId();
  const plain = <PlainPhotos photos={data.photos} result={result} hintId={hintId} />;
  // The wizard names the step (its heading); this is the step's body.
  return (
    <div className={styles.step}>
      <p id={hintId} className={styles.hint}>
        {t("photo.step.hint", PHOTO_LIMIT_VALUES)}
      </p>
      {hydrated ? (
        <Suspense fallback={plain}>
          <PhotosManager listingId={listingId} initial={data.photos} hintId={hintId} />
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
}

/** "7 / 30", read out as "7 of 30 photos". */
export function PhotoCount({ count }: { count: number }) {
  const { t } = useI18n();
  const values = { count, max: PHOTOS_PER_LISTING };
  return (
    <p className={styles.count}>
      <span aria-hidden="true">{t("photo.step.count", values)}</span>
      <span className="visually-hidden">{t("photo.step.countLabel", values)}</span>
    </p>
  );
}

/**
 * Where photos are dropped or chosen: the file input covers the whole zone, transparent, so a click
 * anywhere opens the picker and files dropped on it are taken by the browser itself — without JavaScript
 * too. The "Choose photos" label looks like a button of the zone; the input's focus rings the zone.
 */
export function DropZone({
  inputId,
  disabled,
  describedBy,
  invalid,
  active = false,
  onFiles,
  dragProps,
  children,
}: {
  inputId: string;
  disabled: boolean;
  describedBy: string;
  invalid?: boolean;
  /** Files are dragged over it (with JavaScript). */
  active?: boolean;
  /** With JavaScript: the files chosen; without, the input posts with its form (`file`). */
  onFiles?: (files: FileList) => void;
  dragProps?: Pick<HTMLAttributes<HTMLDivElement>, "onDragOver" | "onDragLeave" | "onDrop">;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div
      className={[styles.zone, active ? styles.zoneActive : "", disabled ? styles.zoneDisabled : ""].join(" ")}
      data-testid="photo-drop-zone"
      {...dragProps}
    >
      <input
        id={inputId}
        className={styles.zoneInput}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        {...(onFiles
          ? {
              onChange: (event: ChangeEvent<HTMLInputElement>) => {
                if (event.currentTarget.files) onFiles(event.currentTarget.files);
                event.currentTarget.value = "";
              },
            }
          : // Posted by its form; `required` lets the zone say "chosen" (:valid) without a script.
            { name: "file", required: true })}
      />
      <PhotoIcon name="upload" size={40} />
      <p className={styles.zoneText}>
        {t("photo.step.drop")} {t("photo.step.or")}
      </p>
      <label htmlFor={inputId} className={styles.zoneButton}>
        {t("photo.step.choose")}
      </label>
      {onFiles ? null : <p className={styles.zoneChosen}>{t("photo.step.chosen")}</p>}
      {children}
    </div>
  );
}

/** A photo error message id with its numbers. */
export function usePhotoError() {
  const { t } = useI18n();
  return (id: string) => (t(id) === id ? messageOf(t, id) : t(id, photoErrorValues(id)));
}

export function Thumbnail({ photo, n }: { photo: ApiListingPhoto; n: number }) {
  const { t } = useI18n();
  return (
    <img
      className={styles.image}
      src={thumbnailOf(photo)}
      srcSet={photo.srcset}
      sizes={THUMBNAIL_SIZES}
      width={photo.width}
      height={photo.height}
      alt={t("photo.step.alt", { n })}
      loading="lazy"
      decoding="async"
    />
  );
}

function PlainPhotos({
  photos,
  result,
  hintId,
}: {
  photos: ApiListingPhoto[];
  result?: PhotosActionResult;
  hintId: string;
}) {
  const { t } = useI18n();
  const photoError = usePhotoError();
  const inputId = useId();
  const formHintId = useId();
  const problemId = useId();
  const full = photos.length >= PHOTOS_PER_LISTING;
  const problem = result?.error ?? (result?.failures?.length ? "failures" : undefined);
  return (
    <>
      <PhotoCount count={photos.length} />
      {problem && (
        <div id={problemId} className={styles.problem} role="alert">
          {result?.error && <p>{photoError(result.error)}</p>}
          {!!result?.uploaded && <p>{t("photo.step.uploaded", { count: result.uploaded })}</p>}
          {!!result?.failures?.length && (
            <>
              <p>{t("photo.step.failures")}</p>
              <ul>
                {result.failures.map((failure, index) => (
                  <li key={index}>
                    {t("photo.step.failure", { name: failure.name, reason: photoError(failure.error) })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <form method="post" encType="multipart/form-data" className={styles.upload} noValidate>
        <input type="hidden" name="intent" value="photo-upload" />
        <DropZone
          inputId={inputId}
          disabled={full}
          describedBy={[hintId, formHintId, problem ? problemId : ""].filter(Boolean).join(" ")}
          invalid={!!problem}
        >
          <p id={formHintId} className={styles.hint}>
            {t("photo.step.formHint", PHOTO_LIMIT_VALUES)}
          </p>
        </DropZone>
        <button type="submit" className={styles.primary} disabled={full}>
          {t("photo.step.upload")}
        </button>
      </form>
      {photos.length ? (
        <ol className={styles.list} aria-label={t("photo.step.list")}>
          {photos.map((photo, index) => (
            <PlainPhoto key={photo.id} photo={photo} n={index + 1} last={index === photos.length - 1} />
          ))}
        </ol>
      ) : (
        <p>{t("photo.step.none")}</p>
      )}
    </>
  );
}

/** One button of a photo, as its own form: the post names the intent and the photo. */
function PhotoButton({
  photo,
  intent,
  label,
  icon,
  extra,
  disabled,
}: {
  photo: number;
  intent: string;
  label: string;
  icon: Parameters<typeof PhotoIcon>[0]["name"];
  extra?: [string, string];
  disabled?: boolean;
}) {
  return (
    <form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="photo" value={photo} />
      {extra && <input type="hidden" name={extra[0]} value={extra[1]} />}
      <button type="submit" className={styles.action} aria-label={label} title={label} disabled={disabled}>
        <PhotoIcon name={icon} />
      </button>
    </form>
  );
}

function PlainPhoto({ photo, n, last }: { photo: ApiListingPhoto; n: number; last: boolean }) {
  const { t } = useI18n();
  return (
    <li className={styles.item}>
      <figure className={styles.figure}>
        <Thumbnail photo={photo} n={n} />
        {n === 1 && <figcaption className={styles.badge}>{t("photo.step.cover")}</figcaption>}
        {photo.pending && <p className={styles.pending}>{t("photo.step.pending")}</p>}
      </figure>
      <div className={styles.actions}>
        <PhotoButton
          photo={photo.id}
          intent="photo-rotate"
          extra={["angle", "270"]}
          icon="left"
          label={t("photo.step.rotateLeft", { n })}
        />
        <PhotoButton
          photo={photo.id}
          intent="photo-rotate"
          extra={["angle", "90"]}
          icon="right"
          label={t("photo.step.rotateRight", { n })}
        />
        <PhotoButton
          photo={photo.id}
          intent="photo-move"
          extra={["to", "earlier"]}
          icon="earlier"
          label={t("photo.step.moveEarlier", { n })}
          disabled={n === 1}
        />
        <PhotoButton
          photo={photo.id}
          intent="photo-move"
          extra={["to", "later"]}
          icon="later"
          label={t("photo.step.moveLater", { n })}
          disabled={last}
        />
        <PhotoButton
          photo={photo.id}
          intent="photo-cover"
          icon="cover"
          label={t("photo.step.makeCover", { n })}
          disabled={n === 1}
        />
        <PhotoButton photo={photo.id} intent="photo-delete" icon="remove" label={t("photo.step.delete", { n })} />
      </div>
    </li>
  );
}
