/** Built by vite-plugins/pwa.ts. */

/** The URL of the page side's bundle (`/assets/pwa-[hash].js`), in the worker; null in `npm run dev`. */
declare module "virtual:pwa-register" {
  const url: string | null;
  export default url;
}

/** In the register bundle: every `pwa.*` message of locales/*.json, per language, as text. */
declare module "virtual:pwa-messages" {
  import type { Locale } from "#shared/locales.ts";

  const messages: Readonly<Record<Locale, Readonly<Record<string, string>>>>;
  export default messages;
}
