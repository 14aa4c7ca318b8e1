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

/** listedCode is the code the page lists: the app's (#app-code), then its screen's (#screen-code). */
function listedCode(): string[] {
  const files: string[] = [];
  for (const id of ["app-code", "screen-code"]) {
    let list: unknown = [];
    try {
      list = JSON.parse(document.getElementById(id)?.textContent ?? "[]");
    } catch {
      // an unreadable list: the imports fetch the code themselves
    }
    if (Array.isArray(list)) files.push(...list.map(String));
  }
  return files;
}

// Each link costs the main thread about 7 ms on a 4× slower CPU (a slow phone: six took 42–61 ms
// in a trace of a member's dashboard, which lists sixty chunks); twelve at a time made tasks of
// 50–90 ms, each one blocking input.
const LINKS_PER_TASK = 6;

/**
 * fetchCode asks for the chunks the page lists, so that they download side by side, not one
 * import after another; a few links at a time, each batch in a task of its own.
 */
function fetchCode(files: string[]) {
  const links = document.createDocumentFragment();
  for (const href of files.splice(0, LINKS_PER_TASK)) {
    const link = document.createElement("link");
    Object.assign(link, { rel: "modulepreload", crossOrigin: "", href });
    links.append(link);
  }
  document.head.append(links);
  if (files.length > 0) setTimeout(() => fetchCode(files), 0);
}

const nextTask = () => new Promise((next) => setTimeout(next, 0));

// The code runs in three tasks: React's; then the protocol's libraries with the contract's first
// descriptors (the account messages' module brings them); then the app's. Run as one, they held
// a slow phone's main thread for over 200 ms (a member's dashboard, issue 33: Lighthouse's total
// blocking time fell from a median of 340 ms to 180 ms over five alternating runs with React's
// task split off, and from 310 ms to 265 ms over ten with the protocol's).
void shown().then(async () => {
  fetchCode(listedCode());
  await import("react-dom/client");
  await nextTask();
  await import("@/gen/rentproof/account/v1/account_pb");
  await nextTask();
  return import("./start");
});
