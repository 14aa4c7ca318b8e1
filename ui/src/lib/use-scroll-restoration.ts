import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/**
 * useScrollRestoration does what a browser does between pages, for the app's own navigation:
 * a new page opens at the top, Back and Forward return to where the reader was, and a change of
 * the query string alone (a search filter, a tab) leaves the page where it is.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const lastPath = useRef(location.pathname);

  useLayoutEffect(() => {
    const saved = positions.current;
    if (navigationType === "POP") {
      const y = saved.get(location.key);
      if (y !== undefined) window.scrollTo(0, y);
    } else if (location.pathname !== lastPath.current) {
      window.scrollTo(0, 0);
    }
    lastPath.current = location.pathname;
    const key = location.key;
    return () => {
      saved.set(key, window.scrollY);
    };
  }, [location.key, location.pathname, navigationType]);
}
