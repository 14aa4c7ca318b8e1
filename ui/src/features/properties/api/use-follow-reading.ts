import { useEffect, useRef } from "react";
import { followReading, parseSearchParams, toSearchParams, type SearchState } from "../search-params";
import { useSearchProperties } from "./use-search-properties";

/**
 * useFollowReading makes the page say what the server searched (issue 32): when a search's answer
 * carries a reading of its typed line that differs from the URL's filters ("London flats" read as
 * the city London and the type apartment), it writes the reading into the URL in place (`replace`
 * replaces the history entry), keeping every other filter. It shares the results' query (same
 * request, one call), and reads only the answer to the URL it has, not the previous one kept on
 * screen. While `hold` (the text box runs ahead of the URL: the user is still typing) it waits, so
 * an answer to earlier text never overwrites what is being typed. A URL it has rewritten once is
 * never written again, so two readings can never send the page back and forth.
 */
export function useFollowReading(state: SearchState, replace: (next: SearchState) => void, hold = false) {
  const result = useSearchProperties(state);
  const answer = result.isPlaceholderData ? undefined : result.data;
  const current = toSearchParams(state).toString();
  const left = useRef(new Set<string>());

  useEffect(() => {
    if (hold || !answer?.reading) return;
    const next = followReading(parseSearchParams(new URLSearchParams(current)), answer.reading, answer.matchedCity);
    const target = toSearchParams(next).toString();
    if (target === current || left.current.has(target)) return;
    left.current.add(current);
    replace(next);
  }, [answer, current, hold, replace]);
}
