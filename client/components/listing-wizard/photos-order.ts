/**
 * The order of a listing's photos as the photos step changes it (the first is the cover): pure, shared
 * by the no-JS form's action and the JS manager, so both move photos the same way.
 */

/** `ids` with the photo at `from` moved to `to` (both clamped to the list); the same array if nothing moves. */
export function moveTo<T>(ids: readonly T[], from: number, to: number): readonly T[] {
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (from < 0 || from >= ids.length || from === target) return ids;
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** `ids` with `id` moved `delta` places (−1 earlier, +1 later). */
export const moveBy = <T>(ids: readonly T[], id: T, delta: number) =>
  moveTo(ids, ids.indexOf(id), ids.indexOf(id) + delta);

/** `ids` with `id` first: the cover. */
export const makeCover = <T>(ids: readonly T[], id: T) => moveTo(ids, ids.indexOf(id), 0);

/** `ids` with `id` put back at `index` (undo of a removal). */
export function reinsert<T>(ids: readonly T[], id: T, index: number): readonly T[] {
  const next = ids.filter((other) => other !== id);
  next.splice(Math.max(0, Math.min(next.length, index)), 0, id);
  return next;
}
