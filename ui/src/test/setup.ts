import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { loadToaster } from "@/components/ui/toast-outlet";
import { clearToasts } from "@/components/ui/use-toast";

// findBy and waitFor wait up to 5 s, not 1 s: a lazy page renders slower than that when both
// cores are busy (one Vitest worker each), and a wait only lasts that long when it fails.
configure({ asyncUtilTimeout: 5000 });

// The toaster's code is loaded after the first paint in the browser; here it is there from the start.
await loadToaster();

// jsdom implements neither scrolling nor matchMedia; the router and Radix call them.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
// Radix (toast swipe, menus) uses pointer capture, which jsdom lacks.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
// Radix's radio group measures its items (a form's hidden input follows their size); jsdom lays nothing out.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  clearToasts();
});
