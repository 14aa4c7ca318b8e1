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
 * writeScreens writes dist/.vite/screens.json: for each screen, its path and the files of its
 * chunks that the entry does not load, and returns how many screens it found.
 * @param {string} dist the build folder
 * @param {string} routerSource src/app/router.tsx
 */
export function writeScreens(dist, routerSource) {
  /** @type {import("./bundle-budget.mjs").Manifest} */
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("screens: the manifest has no entry");
  const entry = staticClosure(manifest, entryKey, new Set());
  const screens = screenRoutes(routerSource).map(({ path, module }) => {
    if (!manifest[module]) throw new Error(`screens: ${module} (for ${path}) is not in the build`);
    const files = [...staticClosure(manifest, module, new Set(entry))].filter((file) => !entry.has(file));
    return { path, files: files.map((file) => `/${file}`) };
  });
  writeFileSync(join(dist, ".vite", "screens.json"), JSON.stringify(screens, null, 1));
  return screens.length;
}
