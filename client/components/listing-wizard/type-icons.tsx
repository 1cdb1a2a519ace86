import type { ListingKind } from "#shared/listing-types.ts";

/** Line drawings of the property types (24-unit grid, stroked in the text colour), for the type cards. */
const PATHS: Record<ListingKind, string> = {
  // A block of flats with rows of windows.
  apartment: "M5 21V4h14v17M3 21h18M8 7h2M14 7h2M8 11h2M14 11h2M8 15h2M14 15h2M11 21v-3h2v3",
  // A house with a pitched roof, a door and a window.
  house: "M3 11l9-7 9 7M5 9.5V21h14V9.5M10 21v-6h4v6",
  // A plot with its corner posts and a tree.
  land: "M3 19l4-9h10l4 9zM3 19h18M15 10V6M13 7.5a2 2 0 1 1 4 0 2 2 0 0 1-4 0",
  // A shop front with an awning.
  commercial: "M4 10v11h16V10M3 10l2-6h14l2 6zM3 10h18M9 21v-6h6v6",
  // A rising line over a building: value that grows.
  investment: "M4 21V11h6v10M10 21V7h6v14M16 21V3h4v18M3 21h18",
  // A key.
  other: "M14.5 9.5a4 4 0 1 1-1.2-2.8M13.3 6.7L21 14.4v3h-3v-2h-2v-2h-2",
};

export function TypeIcon({ type }: { type: ListingKind }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="48"
      height="48"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[type]} />
    </svg>
  );
}
