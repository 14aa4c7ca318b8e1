// The JavaScript each route loads on a first visit, gzipped, from the build's manifest
// (dist/.vite/manifest.json): the app's (the entry, the start module it imports once the page
// has painted, and their static imports), plus the route's own lazy chunk and its static imports. Vite prints the table after every build (vite.config.ts);
// run as a script (`make test-budget`; optional argument: another build folder) it also fails
// when a route is over its budget.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";

/**
 * The routes whose first-load JavaScript may not exceed so many KB gzipped: the home page (issue
 * 12) and the dashboard, every member's landing page, which loads only the code of the tab it
 * shows (issue 33).
 */
export const BUDGETS_KB = { home: 170, dashboard: 200 };

/** Route modules are the lazy chunks under src/app/routes/; "home" is the home page's. */
const ROUTE_MODULE = /^src\/app\/routes\/(.+)\.tsx$/;

/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }} Chunk
 * @typedef {Record<string, Chunk>} Manifest
 * @typedef {{ route: string, kb: number, ownKb: number }} RouteSize
 */

/**
 * staticClosure adds key and every chunk it imports statically (what the browser fetches
 * before the module runs) to files.
 * @param {Manifest} manifest
 * @param {string} key
 * @param {Set<string>} files
 */
export function staticClosure(manifest, key, files) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** The module the entry (src/main.tsx) imports once the page has painted: it starts the app. */
export const START_MODULE = "src/start.tsx";

/**
 * appFiles lists the chunks every page runs: the entry's and the start module's static closures,
 * with the manifest keys of the chunks among them.
 * @param {Manifest} manifest
 * @returns {{ files: Set<string>, keys: string[] }}
 */
export function appFiles(manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("bundle-budget: the manifest has no entry");
  if (!manifest[START_MODULE]) throw new Error(`bundle-budget: ${START_MODULE} is not in the build`);
  const files = staticClosure(manifest, START_MODULE, staticClosure(manifest, entryKey, new Set()));
  const keys = Object.keys(manifest).filter((key) => files.has(manifest[key].file));
  return { files, keys };
}

/**
 * routeSizes measures every route module that the app loads lazily.
 * @param {string} dist the build folder
 * @returns {RouteSize[]}
 */
export function routeSizes(dist) {
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
  /** @type {Map<string, number>} */
  const gzipped = new Map();
  /** @param {Set<string>} files */
  const kb = (files) =>
    [...files].reduce((sum, file) => {
      if (!gzipped.has(file)) {
        const data = readFileSync(join(dist, file));
        gzipped.set(file, gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length);
      }
      return sum + (gzipped.get(file) ?? 0) / 1024;
    }, 0);

  const { files: entry, keys } = appFiles(manifest);
  const routes = [...new Set(keys.flatMap((key) => manifest[key].dynamicImports ?? []))].filter((key) =>
    ROUTE_MODULE.test(key),
  );
  return routes
    .map((key) => {
      const all = staticClosure(manifest, key, new Set(entry));
      const own = new Set([...all].filter((file) => !entry.has(file)));
      return { route: key.replace(ROUTE_MODULE, "$1"), kb: kb(all), ownKb: kb(own) };
    })
    .sort((a, b) => a.kb - b.kb);
}

/**
 * formatTable prints the sizes as a table, each budget beside its route.
 * @param {RouteSize[]} sizes
 */
export function formatTable(sizes) {
  const rows = sizes.map(
    ({ route, kb, ownKb }) =>
      `  ${route.padEnd(16)} ${kb.toFixed(1).padStart(7)} KB ${ownKb.toFixed(1).padStart(9)} KB` +
      (route in BUDGETS_KB ? `   (budget ${BUDGETS_KB[/** @type {keyof typeof BUDGETS_KB} */ (route)]} KB)` : ""),
  );
  return ["First-load JavaScript per route, gzipped:", "  route              total   own chunks", ...rows].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? fileURLToPath(new URL("../dist", import.meta.url));
  const sizes = routeSizes(dist);
  console.log(formatTable(sizes));
  let over = false;
  for (const [route, budget] of Object.entries(BUDGETS_KB)) {
    const size = sizes.find((size) => size.route === route);
    if (!size) {
      console.error(`bundle-budget: no ${route} route module (src/app/routes/${route}.tsx) in the build`);
      process.exit(1);
    }
    const verdict = size.kb <= budget ? "within" : "OVER";
    console.log(`${route} first-load JavaScript: ${size.kb.toFixed(1)} KB gzipped, ${verdict} the ${budget} KB budget`);
    over ||= size.kb > budget;
  }
  if (over) process.exit(1);
}
