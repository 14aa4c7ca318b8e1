// Which chunks each screen of the app needs beyond the app's, for the server to list in the
// page that opens it (a JSON script, #screen-code): the entry asks for them all at once once the
// page has painted, so they download side by side instead of one import after another. The screens and their paths are read from src/app/router.tsx
// (each `path: "…", ...screen(async () => (await import("./routes/<module>"))…)`), the chunks
// from the build's manifest. The server reads the result, dist/.vite/screens.json.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { START_MODULE, appFiles, staticClosure } from "./bundle-budget.mjs";

/** A screen route: a path pattern and its route module. */
const SCREEN_ROUTE = /path:\s*"([^"]+)",\s*\.\.\.screen\(async \(\) => \(await import\("\.\/(routes\/[\w-]+)"\)\)/g;

/**
 * screenRoutes lists the screens of the router's source, in order.
 * @param {string} routerSource
 * @returns {{ path: string, module: string }[]}
 */
export function screenRoutes(routerSource) {
  return [...routerSource.matchAll(SCREEN_ROUTE)].map(([, path, module]) => ({ path, module: `src/app/${module}.tsx` }));
}

/** NOT_FOUND is the path of the not-found screen's entry: the router's catch-all route. */
export const NOT_FOUND = "*";

/**
 * withPageMeta gives each screen its title, description and flags from src/app/page-meta.json
 * (the router reads the same file for the titles it shows), and adds the not-found screen, so
 * the server names every page from one list. A screen without an entry, or an entry without a
 * screen, fails the build: a new route must say how it is found.
 * @template {{ path: string }} S
 * @param {S[]} screens
 * @param {Record<string, { title: string, description?: string, dynamic?: boolean, noindex?: boolean }>} meta
 */
export function withPageMeta(screens, meta) {
  const paths = new Set(screens.map((s) => s.path));
  for (const path of Object.keys(meta)) {
    if (path !== NOT_FOUND && !paths.has(path)) throw new Error(`screens: page-meta.json names ${path}, which the router does not have`);
  }
  const notFound = meta[NOT_FOUND];
  if (!notFound) throw new Error(`screens: page-meta.json has no entry "${NOT_FOUND}" for the not-found page`);
  return [...screens, { path: NOT_FOUND, files: [], styles: [] }].map((s) => {
    const m = meta[s.path];
    if (!m?.title) throw new Error(`screens: ${s.path} has no title in src/app/page-meta.json`);
    return { ...s, title: m.title, description: m.description ?? "", dynamic: Boolean(m.dynamic), noindex: Boolean(m.noindex) };
  });
}

/** readPageMeta reads src/app/page-meta.json. */
export function readPageMeta() {
  return JSON.parse(readFileSync(join(import.meta.dirname, "..", "src", "app", "page-meta.json"), "utf8"));
}

/**
 * screenStyles lists the stylesheets of a chunk and of every chunk it imports statically: the
 * app adds them when the screen's code loads, which would otherwise be one more round trip
 * before the screen can paint.
 * @param {import("./bundle-budget.mjs").Manifest} manifest
 * @param {string} key
 * @param {Set<string>} seen chunk keys visited
 * @param {Set<string>} styles
 */
function screenStyles(manifest, key, seen = new Set(), styles = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return styles;
  seen.add(key);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const imported of chunk.imports ?? []) screenStyles(manifest, imported, seen, styles);
  return styles;
}

/**
 * writeScreens writes dist/.vite/screens.json: for each screen, its path, the files of its
 * chunks that the entry does not load and the stylesheets the entry does not have, and returns
 * how many screens it found.
 * @param {string} dist the build folder
 * @param {string} routerSource src/app/router.tsx
 * @param {Parameters<typeof withPageMeta>[1]} [pageMeta] src/app/page-meta.json
 */
export function writeScreens(dist, routerSource, pageMeta = readPageMeta()) {
  /** @type {import("./bundle-budget.mjs").Manifest} */
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
  const { files: entry, keys } = appFiles(manifest);
  const entryStyles = new Set(keys.flatMap((key) => manifest[key].css ?? []));
  const screens = screenRoutes(routerSource).map(({ path, module }) => {
    if (!manifest[module]) throw new Error(`screens: ${module} (for ${path}) is not in the build`);
    const files = [...staticClosure(manifest, module, new Set(entry))].filter((file) => !entry.has(file));
    const styles = [...screenStyles(manifest, module)].filter((file) => !entryStyles.has(file));
    return { path, files: files.map((file) => `/${file}`), styles: styles.map((file) => `/${file}`) };
  });
  writeFileSync(join(dist, ".vite", "screens.json"), JSON.stringify(withPageMeta(screens, pageMeta), null, 1));
  return screens.length;
}

/**
 * preloadStart lists the start module's chunks in dist/index.html (a JSON script, #app-code),
 * which the entry asks for once the page has painted, and links its stylesheets (the header's,
 * the footer's), which that paint needs.
 * @param {string} dist the build folder
 */
export function preloadStart(dist) {
  /** @type {import("./bundle-budget.mjs").Manifest} */
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry) ?? "";
  const entry = staticClosure(manifest, entryKey, new Set());
  const files = [...staticClosure(manifest, START_MODULE, new Set(entry))].filter((file) => !entry.has(file));
  const entryStyles = screenStyles(manifest, entryKey);
  const styles = [...screenStyles(manifest, START_MODULE)].filter((file) => !entryStyles.has(file));
  const links =
    styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join("") +
    `<script type="application/json" id="app-code">${JSON.stringify(files.map((file) => `/${file}`))}</script>`;
  const index = join(dist, "index.html");
  const html = readFileSync(index, "utf8");
  if (!html.includes("</head>")) throw new Error("screens: dist/index.html has no </head>");
  writeFileSync(index, html.replace("</head>", `${links}</head>`));
  return files.length;
}
