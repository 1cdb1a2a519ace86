/**
 * The active option of a list combobox after an arrow key (WAI-ARIA 1.2): from none, Down is the first and
 * Up the last; then each moves one, wrapping around. -1 (none) when the list is empty.
 */
export function nextActive(active: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (active < 0 || active >= count) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
