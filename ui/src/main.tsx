import "@/styles/global.css";

// The page is shown before the app's code is even fetched: its shell or skeleton, with the
// screen's main picture when the server put one in (internal/web/firstload.go). On a phone,
// fetching and running the code takes longer than the picture takes to arrive, and the picture
// is what the visitor came for. The wait is capped: a tab in the background shows nothing, and
// a picture may not load.
const SHOWN_WAIT_MS = 1000;

/** shown resolves once the browser has shown the main picture, or the page's first content. */
function shown(): Promise<void> {
  const picture = document.querySelector("[data-picture-slot] img");
  const type = picture ? "largest-contentful-paint" : "paint";
  return new Promise((done) => {
    const timer = setTimeout(done, SHOWN_WAIT_MS);
    picture?.addEventListener("error", () => done());
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) {
      requestAnimationFrame(() => setTimeout(done, 0)); // no such entries here: after the next frame
      return;
    }
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries();
      if (picture ? entries.some((e) => (e as LargestContentfulPaint).element === picture) : entries.length > 0) {
        observer.disconnect();
        clearTimeout(timer);
        done();
      }
    });
    observer.observe({ type, buffered: true });
  });
}

/**
 * fetchCode asks at once for the code the page lists, the app's (#app-code) and its screen's
 * (#screen-code): the chunks download side by side, not one import after another.
 */
function fetchCode() {
  for (const id of ["app-code", "screen-code"]) {
    let files: unknown = [];
    try {
      files = JSON.parse(document.getElementById(id)?.textContent ?? "[]");
    } catch {
      // an unreadable list: the imports fetch the code themselves
    }
    if (!Array.isArray(files)) continue;
    for (const href of files) {
      const link = document.createElement("link");
      Object.assign(link, { rel: "modulepreload", crossOrigin: "", href: String(href) });
      document.head.append(link);
    }
  }
}

void shown().then(() => {
  fetchCode();
  return import("./start");
});
