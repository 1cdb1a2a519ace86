import { useCallback, useEffect, useRef } from "react";
import { PHONE_TYPE_AHEAD_RESET_MS } from "#shared/phone/constants.ts";

/**
 * Collects the characters typed in quick succession (product §2: typing to find a country resets after
 * 700 ms). `push` returns the query so far; the query empties when no key came for `resetMs`.
 */
export function useTypeAhead(resetMs: number = PHONE_TYPE_AHEAD_RESET_MS) {
  const query = useRef("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    query.current = "";
  }, []);

  const push = useCallback(
    (char: string) => {
      clearTimeout(timer.current);
      query.current += char;
      timer.current = setTimeout(() => {
        query.current = "";
      }, resetMs);
      return query.current;
    },
    [resetMs],
  );

  return { push, reset, pending: () => query.current !== "" };
}
