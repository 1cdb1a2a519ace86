import { localizePath } from "#shared/locales.ts";
import { useI18n } from "./intl.tsx";

/** Adds the active locale's segment to a locale-free path from `#shared/paths.ts`. */
export function useLocalePath() {
  const { locale } = useI18n();
  return (path: string) => localizePath(path, locale);
}
