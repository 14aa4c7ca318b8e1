import { useEffect, useMemo, useRef } from "react";

/** Debounced is a callback that runs once calls to it have paused. */
export interface Debounced<A extends unknown[]> {
  /** schedule runs the callback with these arguments after the delay, replacing any waiting call. */
  schedule: (...args: A) => void;
  /** cancel drops the waiting call, if any (before running the callback at once, say). */
  cancel: () => void;
}

/**
 * useDebouncedCallback runs `callback` only once calls have stopped for `delayMs`, the
 * way a search box waits for typing to pause. The latest callback is the one that runs,
 * and a waiting call is dropped when the component goes away.
 */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number): Debounced<A> {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      schedule: (...args: A) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => latest.current(...args), delayMs);
      },
      cancel: () => clearTimeout(timer.current),
    }),
    [delayMs],
  );
}
