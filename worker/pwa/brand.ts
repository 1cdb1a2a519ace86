/**
 * What the installed app looks like (decision 043): the colours of the site's stylesheet
 * (client/styles/global.css `--brand`, `--surface`) and the icons `scripts/icons.ts` paints into
 * `public/icons/`. The manifest and every page's head (`head-tags.ts`) name them from here.
 */

/** `--brand`: the header's mark, the browser's toolbar and the installed app's title bar. */
export const THEME_COLOUR = "#0f5c4d";
/** `--surface`: the splash screen behind the icon while the app starts. */
export const BACKGROUND_COLOUR = "#ffffff";

/** An icon file: its path under the site's root, its square size in pixels and its manifest `purpose`. */
export interface Icon {
  path: string;
  size: number;
  purpose: "any" | "maskable";
}

/**
 * `any`: the favicon's mark (a rounded square with the house) on white. `maskable`: the house alone on a
 * full-bleed brand square, inside the central 80 % circle that every launcher's mask keeps.
 */
export const MANIFEST_ICONS: readonly Icon[] = [
  { path: "/icons/icon-192.png", size: 192, purpose: "any" },
  { path: "/icons/icon-512.png", size: 512, purpose: "any" },
  { path: "/icons/maskable-192.png", size: 192, purpose: "maskable" },
  { path: "/icons/maskable-512.png", size: 512, purpose: "maskable" },
];

/** iOS's home-screen icon (it reads no manifest icons and rounds the corners itself): the maskable design. */
export const APPLE_TOUCH_ICON: Icon = { path: "/icons/apple-touch-icon.png", size: 180, purpose: "maskable" };
