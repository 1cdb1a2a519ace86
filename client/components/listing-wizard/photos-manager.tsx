/**
 * The photos step with JavaScript (decision 034), its own chunk: drag-and-drop
 * or pick files, PHOTO_UPLOAD_CONCURRENCY uploads at a time with a progress bar each (XMLHttpRequest to
 * the API: the session cookie authenticates, X-Requested-With and the same-origin Origin pass its CSRF
 * check), reorder by dragging or by keyboard, cover, rotate, and delete with undo: a deleted photo
 * leaves the list at once but is deleted on the server only when the undo time ends, another photo is
 * deleted, or the step is left — so undo never needs the file again. Every order change is saved.
 */
import { type DragEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import {
  PHOTO_UNDO_MS,
  PHOTO_UPLOAD_CONCURRENCY,
  PHOTO_UPLOAD_PATH,
  PHOTOS_PER_LISTING,
  type PhotoRotation,
} from "#shared/constants.ts";
import type { ApiErrorBody } from "#shared/api-client.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { browserApi } from "#client/api/browser-api.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { PhotoIcon } from "./photos-icons.tsx";
import { DropZone, PhotoCount, Thumbnail, usePhotoError } from "./photos-step.tsx";
import { makeCover, moveBy, moveTo, reinsert } from "./photos-order.ts";
import styles from "./photos-step.module.css";

interface Upload {
  key: number;
  name: string;
  loaded: number;
  total: number;
  error?: string;
}

interface Pending {
  photo: ApiListingPhoto;
  index: number;
  timer: ReturnType<typeof setTimeout>;
}

/** Which control gets the focus after the list changed. */
type FocusTarget = { photo: number; action: string } | { undo: true } | { input: true };

/** A failed upload's message id: the API's `file` message, or what its status means. */
function uploadError(status: number, body: unknown): string {
  const fields = (body as ApiErrorBody | null)?.error?.fields;
  if (fields?.file) return fields.file;
  if (status === 401) return "form.error.signIn";
  if (status === 429) return "form.error.rateLimited";
  if (status === 0 || status >= 500) return "form.error.unavailable";
  return "form.error.generic";
}

/** Deletes a photo even while the page unloads (the undo window of a photo ended with the step). */
function deleteNow(id: number) {
  void fetch(`${PHOTO_UPLOAD_PATH}/${id}`, {
    method: "DELETE",
    keepalive: true,
    headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
  }).catch(() => undefined);
}

export default function PhotosManager({
  listingId,
  initial,
  hintId,
}: {
  listingId: number;
  initial: ApiListingPhoto[];
  hintId: string;
}) {
  const { t, locale } = useI18n();
  const photoError = usePhotoError();
  const [photos, setPhotos] = useState(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const focusRef = useRef<FocusTarget | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const pendingRef = useRef<Pending | null>(null);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const active = useRef(0);
  const nextKey = useRef(0);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  /** The order last sent to the server (not sent twice). */
  const requested = useRef<string | null>(null);
  /** Each uploaded photo's place in the order the files were chosen or dropped. */
  const chosen = useRef(new Map<number, number>());
  const inputId = useId();
  pendingRef.current = pending;

  /**
   * Saves the order shown (with a photo whose undo time runs in its old place: the server still has it)
   * once no upload is in flight — the server takes only an order naming every photo it has — and only when
   * it differs from the stored one (the photos' positions).
   */
  const inFlight = uploads.filter((upload) => !upload.error).length;
  useEffect(() => {
    if (inFlight > 0) return;
    const ids = photos.map((photo) => photo.id);
    const all = pending ? [...photos, pending.photo] : photos;
    if (pending) ids.splice(Math.min(pending.index, ids.length), 0, pending.photo.id);
    const stored = [...all].sort((a, b) => a.position - b.position).map((photo) => photo.id);
    const wanted = ids.join();
    if (wanted === stored.join() || requested.current === wanted) return;
    requested.current = wanted;
    // One save after another: the server stores the last order the owner made.
    saving.current = saving.current.then(async () => {
      const api = await browserApi(locale);
      const result = await api.orderPhotos(listingId, ids);
      if (!result.ok) return setProblem("photo.step.saveFailed");
      // The server numbered the photos anew: what is shown is what is stored.
      const positions = new Map(result.data.data.map((photo) => [photo.id, photo.position]));
      setPhotos((shown) => shown.map((photo) => ({ ...photo, position: positions.get(photo.id) ?? photo.position })));
      setPending((held) =>
        held ? { ...held, photo: { ...held.photo, position: positions.get(held.photo.id) ?? 0 } } : held,
      );
    });
  }, [photos, pending, inFlight, listingId, locale]);

  const commitPending = useCallback(() => {
    const held = pendingRef.current;
    if (!held) return;
    clearTimeout(held.timer);
    pendingRef.current = null;
    setPending(null);
    deleteNow(held.photo.id);
    if (rootRef.current?.contains(document.activeElement) && document.activeElement?.closest("[data-undo]")) {
      focusRef.current = { input: true };
    }
  }, []);

  // Leaving the step (or the page) ends the undo time.
  useEffect(() => {
    const onHide = () => commitPending();
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      onHide();
    };
  }, [commitPending]);

  // Focus follows the photo that moved, the undo button after a delete, the photo after an undo.
  useEffect(() => {
    const target = focusRef.current;
    if (!target || !rootRef.current) return;
    focusRef.current = null;
    const selector =
      "undo" in target
        ? "[data-undo]"
        : "input" in target
          ? "input[type=file]"
          : `[data-photo="${target.photo}"][data-action="${target.action}"]`;
    const element = rootRef.current.querySelector<HTMLElement>(selector);
    (element && !(element as HTMLButtonElement).disabled
      ? element
      : rootRef.current.querySelector<HTMLElement>(`[data-photo="${"photo" in target ? target.photo : ""}"]`)
    )?.focus();
  });

  const pump = useCallback(() => {
    while (active.current < PHOTO_UPLOAD_CONCURRENCY && queue.current.length) {
      const { key, file } = queue.current.shift()!;
      active.current += 1;
      const update = (change: Partial<Upload>) =>
        setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
      const xhr = new XMLHttpRequest();
      xhr.open("POST", PHOTO_UPLOAD_PATH);
      xhr.setRequestHeader("X-Requested-With", "XMLHttpRequest");
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader("Accept-Language", locale);
      xhr.responseType = "json";
      xhr.upload.onprogress = (event) => update({ loaded: event.loaded, total: event.total || file.size });
      xhr.onload = () => {
        if (xhr.status === 201) {
          const photo = (xhr.response as { data: ApiListingPhoto }).data;
          setUploads((all) => all.filter((upload) => upload.key !== key));
          // Parallel uploads answer in any order: each goes before the files chosen after it, so the photos
          // keep the order they were picked or dropped in (saved once the uploads are done).
          chosen.current.set(photo.id, key);
          setPhotos((all) => {
            const at = all.findIndex((other) => (chosen.current.get(other.id) ?? -1) > key);
            return at < 0 ? [...all, photo] : [...all.slice(0, at), photo, ...all.slice(at)];
          });
          setStatus(t("photo.step.uploadedOne", { name: file.name }));
        } else update({ error: uploadError(xhr.status, xhr.response) });
      };
      xhr.onerror = () => update({ error: "form.error.unavailable" });
      xhr.onloadend = () => {
        active.current -= 1;
        pump();
      };
      const body = new FormData();
      body.set("id", String(listingId));
      body.set("file", file);
      xhr.send(body);
    }
  }, [listingId, locale, t]);

  function addFiles(files: FileList | File[]) {
    const added = [...files].map((file) => ({ key: ++nextKey.current, file }));
    if (!added.length) return;
    setUploads((all) => [
      ...all,
      ...added.map(({ key, file }) => ({ key, name: file.name, loaded: 0, total: file.size })),
    ]);
    queue.current.push(...added);
    pump();
  }

  /** Applies a new order, saves it, says what moved and keeps the focus on it. */
  function reorder(next: readonly ApiListingPhoto[], photo: ApiListingPhoto, action: string) {
    if (next === photos) return;
    const from = photos.indexOf(photo) + 1;
    const to = next.indexOf(photo) + 1;
    setPhotos([...next]);
    focusRef.current = { photo: photo.id, action };
    setStatus(
      to === 1 && action === "cover" ? t("photo.step.coverSet", { n: from }) : t("photo.step.moved", { from, to }),
    );
  }

  async function rotate(photo: ApiListingPhoto, angle: PhotoRotation) {
    setBusy((all) => new Set(all).add(photo.id));
    const api = await browserApi(locale);
    const result = await api.rotatePhoto(photo.id, angle);
    setBusy((all) => {
      const next = new Set(all);
      next.delete(photo.id);
      return next;
    });
    // The photo being turned already (409, `id`) or the hour's rotations spent (429, `angle`).
    if (!result.ok) return setProblem(Object.values(result.error?.fields ?? {})[0] ?? "form.error.generic");
    const turned = result.data.data;
    setPhotos((all) => all.map((one) => (one.id === turned.id ? turned : one)));
    focusRef.current = { photo: photo.id, action: angle === 90 ? "right" : "left" };
    setStatus(t("photo.step.rotated", { n: photos.indexOf(photo) + 1 }));
  }

  function remove(photo: ApiListingPhoto) {
    commitPending();
    const index = photos.indexOf(photo);
    const timer = setTimeout(commitPending, PHOTO_UNDO_MS);
    const held = { photo, index, timer };
    pendingRef.current = held;
    setPending(held);
    setPhotos((all) => all.filter((one) => one.id !== photo.id));
    focusRef.current = { undo: true };
    setStatus(t("photo.step.deleted", { n: index + 1 }));
  }

  function undo() {
    const held = pendingRef.current;
    if (!held) return;
    clearTimeout(held.timer);
    pendingRef.current = null;
    setPending(null);
    const next = reinsert(photos, held.photo, held.index);
    setPhotos([...next]);
    focusRef.current = { photo: held.photo.id, action: "handle" };
    setStatus(t("photo.step.restored", { n: next.indexOf(held.photo) + 1 }));
  }

  function onHandleKey(event: KeyboardEvent, photo: ApiListingPhoto) {
    const delta = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1 }[event.key];
    if (!delta) return;
    event.preventDefault();
    reorder(moveBy(photos, photo, delta), photo, "handle");
  }

  const isFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  const onZoneDragOver = (event: DragEvent) => {
    if (!isFiles(event)) return;
    event.preventDefault();
    setDropActive(true);
  };
  const onZoneDrop = (event: DragEvent) => {
    if (!isFiles(event)) return;
    event.preventDefault();
    setDropActive(false);
    addFiles(event.dataTransfer.files);
  };
  const onItemDrop = (event: DragEvent, index: number) => {
    if (dragging === null) return;
    event.preventDefault();
    const photo = photos.find((one) => one.id === dragging);
    setDragging(null);
    setOver(null);
    if (photo) reorder(moveTo(photos, photos.indexOf(photo), index), photo, "handle");
  };

  const full = photos.length + inFlight >= PHOTOS_PER_LISTING;

  return (
    <div ref={rootRef} className={styles.step}>
      <PhotoCount count={photos.length} />
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {problem && (
        <p className={styles.problem} role="alert">
          {photoError(problem)}
        </p>
      )}
      <DropZone
        inputId={inputId}
        disabled={full}
        describedBy={hintId}
        active={dropActive}
        onFiles={addFiles}
        dragProps={{ onDragOver: onZoneDragOver, onDragLeave: () => setDropActive(false), onDrop: onZoneDrop }}
      />
      {uploads.length > 0 && (
        <ul className={styles.list} aria-label={t("photo.step.uploads")}>
          {uploads.map((upload) => (
            <li key={upload.key} className={styles.pending}>
              <span>{upload.name}</span>
              {upload.error ? (
                <>
                  <span className={styles.error}>{photoError(upload.error)}</span>
                  <button
                    type="button"
                    className={styles.action}
                    onClick={() => setUploads((all) => all.filter((one) => one.key !== upload.key))}
                  >
                    {t("photo.step.dismiss")}
                  </button>
                </>
              ) : (
                <progress
                  max={upload.total || 1}
                  value={upload.loaded}
                  aria-label={t("photo.step.progress", { name: upload.name })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {pending && (
        <div className={styles.toast}>
          <span>{t("photo.step.deleted", { n: pending.index + 1 })}</span>
          <button type="button" className={styles.action} data-undo="" onClick={undo}>
            {t("photo.step.undo")}
          </button>
        </div>
      )}
      {photos.length ? (
        <ol className={styles.list} aria-label={t("photo.step.list")}>
          {photos.map((photo, index) => {
            const n = index + 1;
            const button = (
              action: string,
              label: string,
              icon: Parameters<typeof PhotoIcon>[0]["name"],
              onClick: () => void,
              disabled = false,
            ) => (
              <button
                type="button"
                className={styles.action}
                data-photo={photo.id}
                data-action={action}
                aria-label={label}
                title={label}
                disabled={disabled || busy.has(photo.id)}
                onClick={onClick}
              >
                <PhotoIcon name={icon} />
              </button>
            );
            return (
              <li
                key={photo.id}
                className={[
                  styles.item,
                  dragging === photo.id ? styles.dragging : "",
                  over === index && dragging !== photo.id ? styles.dropTarget : "",
                ].join(" ")}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", String(photo.id));
                  setDragging(photo.id);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
                onDragOver={(event) => {
                  if (dragging === null) return;
                  event.preventDefault();
                  setOver(index);
                }}
                onDrop={(event) => onItemDrop(event, index)}
              >
                <figure className={styles.figure}>
                  <Thumbnail photo={photo} n={n} />
                  {n === 1 && <figcaption className={styles.badge}>{t("photo.step.cover")}</figcaption>}
                  {photo.pending && <p className={styles.pending}>{t("photo.step.pending")}</p>}
                </figure>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={[styles.action, styles.handle].join(" ")}
                    data-photo={photo.id}
                    data-action="handle"
                    aria-label={t("photo.step.handle", { n })}
                    title={t("photo.step.handle", { n })}
                    onKeyDown={(event) => onHandleKey(event, photo)}
                  >
                    <span aria-hidden="true">⠿</span>
                  </button>
                  {button("left", t("photo.step.rotateLeft", { n }), "left", () => void rotate(photo, 270))}
                  {button("right", t("photo.step.rotateRight", { n }), "right", () => void rotate(photo, 90))}
                  {button(
                    "earlier",
                    t("photo.step.moveEarlier", { n }),
                    "earlier",
                    () => reorder(moveBy(photos, photo, -1), photo, "earlier"),
                    n === 1,
                  )}
                  {button(
                    "later",
                    t("photo.step.moveLater", { n }),
                    "later",
                    () => reorder(moveBy(photos, photo, 1), photo, "later"),
                    n === photos.length,
                  )}
                  {button(
                    "cover",
                    t("photo.step.makeCover", { n }),
                    "cover",
                    () => reorder(makeCover(photos, photo), photo, "cover"),
                    n === 1,
                  )}
                  {button("delete", t("photo.step.delete", { n }), "remove", () => remove(photo))}
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p>{t("photo.step.none")}</p>
      )}
    </div>
  );
}
