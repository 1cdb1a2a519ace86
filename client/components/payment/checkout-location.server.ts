import type { ApiIntent } from "#shared/api/payments.ts";
import { type Locale, localizePath, splitLocale } from "#shared/locales.ts";
import { intentHref } from "./payment-links.ts";

/**
 * Where the payer goes next for an intent: its checkout (the provider's page, or the sandbox page of this
 * site in the visitor's language), or — once it is final — its success or error page.
 */
export function checkoutLocation(intent: ApiIntent, requestUrl: string, locale: Locale): string {
  if (!intent.checkout_url) {
    const page = intent.status === "succeeded" || intent.status === "refunded" ? "success" : "error";
    return localizePath(intentHref(page, intent.id), locale);
  }
  const here = new URL(requestUrl);
  const target = new URL(intent.checkout_url, here.origin);
  if (target.origin !== here.origin) return target.href;
  return localizePath(splitLocale(target.pathname).rest, locale) + target.search;
}
