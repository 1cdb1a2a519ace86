/** Built by client/pwa/build-plugin.ts: every `pwa.*` message of locales/*.json, per language, as text. */
declare module "virtual:pwa-messages" {
  const messages: Readonly<Record<import("#shared/locales.ts").Locale, Readonly<Record<string, string>>>>;
  export default messages;
}
