import { useEffect, useRef } from "react";

/**
 * Calls `onAnswer` once for each new answer of a fetcher (`fetcher.data`), not for the one it had when the
 * component mounted and not again on a re-render: what a card tells the page's live region and focus.
 */
export function useEachAnswer<T>(answer: T | undefined, onAnswer: (answer: T) => void) {
  const heard = useRef(answer);
  useEffect(() => {
    if (answer !== undefined && answer !== null && answer !== heard.current) {
      heard.current = answer;
      onAnswer(answer);
    }
  }, [answer, onAnswer]);
}
