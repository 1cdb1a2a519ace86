/** The photo buttons' icons: decorative, each button is named by its aria-label. */
const paths = {
  left: "M4 9h11a5 5 0 010 10h-3M4 9l4-4M4 9l4 4",
  right: "M20 9H9a5 5 0 000 10h3M20 9l-4-4M20 9l-4 4",
  earlier: "M15 5l-7 7 7 7",
  later: "M9 5l7 7-7 7",
  cover: "M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.3L12 17.5 6.5 20.4l1-6.3L3 9.7l6.2-.9z",
  remove: "M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13",
  // A picture with an arrow up: the drop zone's.
  upload: "M4 15v4h16v-4M12 4v11M7 9l5-5 5 5",
} as const;

export function PhotoIcon({ name, size = 18 }: { name: keyof typeof paths; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
