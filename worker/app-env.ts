import type { Locale } from "#shared/locales.ts";

/** Hono's typing of the worker: the bindings of wrangler.toml and what middleware leaves for later ones. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    secureHeadersNonce?: string;
    locale: Locale;
  };
}
