import { splitLocale } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The last-resort answer when even React Router could not render its error screen: the spec's
 * "Service is temporarily unavailable" screen in the language of the path, no scripts.
 */
export function fallbackErrorPage(status: number, pathname: string): string {
  const { locale } = splitLocale(pathname);
  const { intl } = textCatalog(locale);
  const t = (id: string, values?: Record<string, string | number>) => escape(intl.formatMessage({ id }, values));
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t("error.unavailable.heading")}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<p>${t("error.unavailable.code", { code: status })}</p>
<h1>${t("error.unavailable.heading")}</h1>
<p>${t("error.unavailable.text")}</p>
</body></html>`;
}
