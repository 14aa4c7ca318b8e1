import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app/app";
import { preloadScreens } from "@/app/router";

const root = document.getElementById("root");
if (!root) throw new Error("RentProof: the #root element is missing from index.html");

const app = (
  <StrictMode>
    <Live root={root}>
      <App />
    </Live>
  </StrictMode>
);
// The screen's code first (the page preloads it), so that the first render has it and shows the
// screen, not its skeleton. A page the build prerendered to be taken over (internal/web/
// preload.go) is hydrated; any other page's shell or skeleton is replaced. Either first render is
// a transition, which React renders in slices that yield to the browser between them, not in one
// long task that blocks input (a hydration outside one is not sliced: a home page's took one task
// of 140 ms on a 4× slower CPU). A chunk that fails to load is left to the screen's own error path.
void preloadScreens(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    if (root.dataset.prerendered !== undefined) {
      startTransition(() => void hydrateRoot(root, app));
    } else {
      keepFocusOnReplace(root);
      startTransition(() => createRoot(root).render(app));
    }
  });

/**
 * Live marks the root once the app has committed its first render, and so has taken the page
 * over (`data-live`: the browser tests wait for it), and lifts the inert the prerender put on the
 * page's forms (src/prerender.tsx): a hydration is sliced, and a form typed into between its
 * slices could lose the text or send it as a plain form.
 */
function Live({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    for (const form of root.querySelectorAll("form[inert]")) form.removeAttribute("inert");
    root.setAttribute("data-live", "");
  }, [root]);
  return children;
}

/**
 * keepFocusOnReplace: a visitor who tabbed into a skeleton before the app replaced it keeps their
 * place. The skeleton and the app draw the same header, so the control focused is found again as
 * the same tab stop (its place among the root's controls, and its tag and text).
 */
function keepFocusOnReplace(root: HTMLElement) {
  const controls = () => [...root.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")];
  let focused: HTMLElement | null = null;
  let place = -1;
  const note = () => {
    const el = document.activeElement;
    focused = el instanceof HTMLElement && root.contains(el) ? el : null;
    place = focused ? controls().indexOf(focused) : -1;
  };
  const observer = new MutationObserver(() => {
    observer.disconnect();
    root.removeEventListener("focusin", note);
    const old = focused;
    if (!old || old.isConnected || document.activeElement !== document.body) return;
    const again = controls()[place];
    if (again && again.tagName === old.tagName && again.textContent === old.textContent) again.focus();
  });
  note();
  root.addEventListener("focusin", note);
  observer.observe(root, { childList: true });
}
