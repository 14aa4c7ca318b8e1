import { useEffect } from "react";
import { useLocation } from "react-router-dom";

/**
 * useHashTarget brings the element the address's #fragment names into view and moves focus to it,
 * once the page that holds it has rendered: a link such as the footer's /about#careers arrives
 * before the screen's code, and the app's scroll restoration puts a new page at the top, so the
 * browser's own jump to the anchor cannot be relied on. It runs again for each navigation
 * (location.key), so following the same link twice lands twice. The target should be a heading
 * with tabIndex -1, so focus can rest on it and the next Tab continues from there.
 */
export function useHashTarget(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return; // a malformed fragment names nothing
    }
    const target = document.getElementById(id);
    if (!target) return;
    // A passive effect runs after the layout effects of the same commit, scroll restoration's included.
    target.scrollIntoView?.({ block: "start" });
    target.focus({ preventScroll: true });
  }, [hash, key]);
}
