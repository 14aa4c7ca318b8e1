import { startTransition, useEffect, useState } from "react";

/**
 * useAfterFirstPaint is false on a component's first render and becomes true in a task of its
 * own once that render is on screen. A long page renders what is below the fold then: the
 * first render, the part in view, is a shorter task, and input is not held up behind the rest.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setAfter(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return after;
}
