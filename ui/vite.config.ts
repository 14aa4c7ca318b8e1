import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vitest/config";
import { formatTable, routeSizes } from "./scripts/bundle-budget.mjs";
import { precompress } from "./scripts/precompress.mjs";
import { preloadStart, writeScreens } from "./scripts/screens.mjs";

const backend = "http://127.0.0.1:8080";

/**
 * Chunks the start module imports statically (scripts/bundle-budget.mjs lists them as every page's):
 * loaded before any lazy import runs. A name that stops being one only costs that import a
 * waterfall: the browser still fetches what a module imports.
 */
const ALWAYS_LOADED =
  /\/(start|react|data|rolldown-runtime|property_pb|vocab_pb|account_pb|use-toast|createLucideIcon|button|errors|use-page-title)-[\w-]+\.js$/;

/**
 * The repository keeps ui/dist/.gitkeep so that the Go embed of ui/dist compiles
 * on a fresh clone; vite empties the folder on every build, so put it back.
 */
function keepGitkeep(): Plugin {
  return {
    name: "rentproof-keep-gitkeep",
    apply: (config, { command }) => command === "build" && !config.build?.ssr,
    closeBundle() {
      writeFileSync(fileURLToPath(new URL("./dist/.gitkeep", import.meta.url)), "");
    },
  };
}

/** PAGE_TITLES is the module the router imports for the pages' titles (src/app/page-titles.d.ts). */
const PAGE_TITLES = "virtual:page-titles";

/**
 * The fixed titles of src/app/page-meta.json, the only part of it the app needs (it sets them as
 * the document title); the descriptions and flags are the server's (scripts/screens.mjs), and would
 * cost every page's first load a kilobyte.
 */
function pageTitles(): Plugin {
  const file = fileURLToPath(new URL("./src/app/page-meta.json", import.meta.url));
  return {
    name: "rentproof-page-titles",
    resolveId: (source) => (source === PAGE_TITLES ? `\0${PAGE_TITLES}` : undefined),
    load(id) {
      if (id !== `\0${PAGE_TITLES}`) return undefined;
      this.addWatchFile(file);
      const meta = JSON.parse(readFileSync(file, "utf8")) as Record<string, { title: string; dynamic?: boolean }>;
      const titles = Object.fromEntries(Object.entries(meta).flatMap(([path, m]) => (m.dynamic ? [] : [[path, m.title]])));
      return `export default ${JSON.stringify(titles)};`;
    },
  };
}

/**
 * After the build: brotli and gzip copies beside each compressible file (the server sends
 * them to browsers that accept them), each screen's chunks for the server to preload
 * (dist/.vite/screens.json), and each route's first-load JavaScript, gzipped.
 */
function compressAndReport(): Plugin {
  const dist = fileURLToPath(new URL("./dist", import.meta.url));
  return {
    name: "rentproof-compress-and-report",
    // Not for the prerenderer's server build (.prerender/), which is never served.
    apply: (config, { command }) => command === "build" && !config.build?.ssr,
    closeBundle() {
      this.info(`named ${preloadStart(dist)} chunks of the app's start in index.html for preloading`);
      const count = precompress(dist);
      this.info(`precompressed ${count} files (.br, .gz)`);
      const router = readFileSync(fileURLToPath(new URL("./src/app/router.tsx", import.meta.url)), "utf8");
      this.info(`listed the chunks of ${writeScreens(dist, router)} screens for preloading`);
      console.log(formatTable(routeSizes(dist)));
    },
  };
}

export default defineConfig({
  plugins: [react(), pageTitles(), keepGitkeep(), compressAndReport()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      "^/rentproof\\.": { target: backend, changeOrigin: false },
      "/api": { target: backend },
      "/uploads": { target: backend },
      "/healthz": { target: backend },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (scripts/bundle-budget.mjs).
    manifest: true,
    // Every browser the build targets but Safari 16 knows <link rel="modulepreload">; there a
    // chunk loads when imported. The polyfill would cost every page's entry half a KB.
    // The entry's import of the start module needs no list of its chunks: index.html names
    // them (scripts/screens.mjs, preloadStart). Nor do lazy imports list the chunks every page
    // has run before any of them can (ALWAYS_LOADED): each name costs the start chunk bytes, and
    // preloading a loaded module does nothing.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === "js" && /\/start-[\w-]+\.js$/.test(`/${file}`) ? [] : deps.filter((dep) => !ALWAYS_LOADED.test(`/${dep}`)),
    },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks that every page needs: they change far less often than the
        // app code. Libraries that only some screens use (radix parts, forms, markdown) are left
        // to the bundler, which puts them with the route chunks that import them.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            { name: "data", test: /node_modules[\\/](@bufbuild|@connectrpc|@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    // Every core: Vitest's default leaves one for itself, which on a 2-core machine is one worker
    // for 87 files (measured: 318 s with one, 239 s with two).
    maxWorkers: availableParallelism(),
    // Each worker keeps one jsdom and its loaded modules from file to file instead of building
    // both again for each of the 115 files: 437 s → 109–135 s on a 2-core machine. setup.ts
    // cleans the page and the toasts after every test; the three module mocks are per file.
    isolate: false,
    // The heaviest forms take seconds to render on a busy machine: room beyond Vitest's 5 s.
    testTimeout: 15_000,
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.mjs"],
    css: false,
    restoreMocks: true,
  },
});
