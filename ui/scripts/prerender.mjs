// Prerenders the screens that paint without data (the home page) into the build: runs the
// server build of src/prerender.tsx (vite build --ssr, in .prerender/) and stores each screen's
// markup in dist/.vite/screens.json, where the server finds it (internal/server/preload.go).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The screens prerendered: their first render is their content (hero, how it works, …). */
const PRERENDERED = ["/"];

const ui = join(import.meta.dirname, "..");
const { render } = await import(pathToFileURL(join(ui, ".prerender", "prerender.js")).href);
const file = join(ui, "dist", ".vite", "screens.json");
/** @type {{ path: string, html?: string }[]} */
const screens = JSON.parse(readFileSync(file, "utf8"));
for (const path of PRERENDERED) {
  const screen = screens.find((s) => s.path === path);
  if (!screen) throw new Error(`prerender: no screen ${path} in ${file}`);
  const html = await render(path);
  screen.html = html;
  console.log(`prerendered ${path}: ${(html.length / 1024).toFixed(1)} KB of markup`);
}
writeFileSync(file, JSON.stringify(screens, null, 1));
