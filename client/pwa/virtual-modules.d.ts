/** Built by client/pwa/build-plugin.ts: every `pwa.*` message of locales/*.json, per language, as text. */
declare module "virtual:pwa-messages" {
  import type { Locale } from "#shared/locales.ts";

  const messages: Readonly<Record<Locale, Readonly<Record<string, string>>>>;
  export default messages;
}
