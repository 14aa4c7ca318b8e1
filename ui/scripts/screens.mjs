// Which chunks each screen of the app needs beyond the entry's, for the server to announce in
// the page that opens it (<link rel="modulepreload">): they then download beside the entry
// instead of after it has run. The screens and their paths are read from src/app/router.tsx
// (each `path: "…", ...screen(async () => (await import("./routes/<module>"))…)`), the chunks
// from the build's manifest. The server reads the result, dist/.vite/screens.json.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { staticClosure } from "./bundle-budget.mjs";

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
 */
export function writeScreens(dist, routerSource) {
  /** @type {import("./bundle-budget.mjs").Manifest} */
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("screens: the manifest has no entry");
  const entry = staticClosure(manifest, entryKey, new Set());
  const entryStyles = screenStyles(manifest, entryKey);
  const screens = screenRoutes(routerSource).map(({ path, module }) => {
    if (!manifest[module]) throw new Error(`screens: ${module} (for ${path}) is not in the build`);
    const files = [...staticClosure(manifest, module, new Set(entry))].filter((file) => !entry.has(file));
    const styles = [...screenStyles(manifest, module)].filter((file) => !entryStyles.has(file));
    return { path, files: files.map((file) => `/${file}`), styles: styles.map((file) => `/${file}`) };
  });
  writeFileSync(join(dist, ".vite", "screens.json"), JSON.stringify(screens, null, 1));
  return screens.length;
}
