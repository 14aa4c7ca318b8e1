// Prerenders screens into the build: runs the server build of src/prerender.tsx (vite build
// --ssr, in .prerender/) and stores each screen's markup in dist/.vite/screens.json, where the
// server finds it (internal/web/preload.go). A screen that paints without data (the home
// page) is prerendered whole and the app hydrates it; a screen made of data (a property, the
// search results, an article) is prerendered as its skeleton, which paints at once, with the main picture
// the server puts in it (internal/web/firstload.go), and which the app replaces. The content
// pages (about, FAQ, contact, legal…) are prerendered whole, so their text is in the page before
// any script runs (search engines and link previews read it). The not-found page is prerendered
// at NOT_FOUND_URL, which the server replaces with the address asked for (internal/web/seo.go);
// the app replaces it.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The screens prerendered: the router's path, an address it opens, and whether the app hydrates it. */
const PRERENDERED = [
  { path: "/", url: "/", hydrate: true },
  { path: "/properties/:id", url: "/properties/1", hydrate: false },
  { path: "/find-properties", url: "/find-properties", hydrate: false },
  { path: "/resources/:id", url: "/resources/1", hydrate: false },
  // The server writes each page's own code in place of this one (internal/web/seo.go).
  { path: "/location/:zipcode", url: "/location/RP0CODE0", hydrate: false },
  ...[
    "/about",
    "/faq",
    "/contact",
    "/how-reviews-work",
    "/invest",
    "/terms",
    "/privacy",
    "/cookies",
    "/accessibility",
  ].map((path) => ({ path, url: path, hydrate: true })),
  // Sign-in paints its heading before the app knows whether the visitor is signed in.
  { path: "/auth", url: "/auth", hydrate: false },
  { path: "*", url: "/rentproof-not-found", hydrate: false },
];

/**
 * Members' pages, prerendered as the skeleton a member of each role sees ("*": any other role),
 * and one for such a member whose address is not verified ("role/unverified", with the banner
 * asking them to), which the server picks from the page's session (internal/web/preload.go) and
 * the app replaces.
 */
const MEMBERS = [
  { path: "/dashboard", roles: ["tenant", "*"] },
  { path: "/gamification", roles: ["*"] },
  { path: "/settings", roles: ["*"] },
  { path: "/admin", roles: ["admin"] },
];

const ui = join(import.meta.dirname, "..");
const { render } = await import(pathToFileURL(join(ui, ".prerender", "prerender.js")).href);
const file = join(ui, "dist", ".vite", "screens.json");
/** @type {{ path: string, html?: string, hydrate?: boolean, members?: Record<string, string> }[]} */
const screens = JSON.parse(readFileSync(file, "utf8"));
for (const { path, url, hydrate } of PRERENDERED) {
  const screen = screens.find((s) => s.path === path);
  if (!screen) throw new Error(`prerender: no screen ${path} in ${file}`);
  const html = await render(url);
  Object.assign(screen, { html, hydrate });
  console.log(`prerendered ${path}${hydrate ? "" : " (skeleton)"}: ${(html.length / 1024).toFixed(1)} KB of markup`);
}
for (const { path, roles } of MEMBERS) {
  const screen = screens.find((s) => s.path === path);
  if (!screen) throw new Error(`prerender: no screen ${path} in ${file}`);
  screen.members = {};
  for (const role of roles) {
    for (const unverified of [false, true]) {
      const key = unverified ? `${role}/unverified` : role;
      screen.members[key] = await render(path, { role, unverified });
      console.log(`prerendered ${path} for ${key.replace("*", "members")}: ${(screen.members[key].length / 1024).toFixed(1)} KB of markup`);
    }
  }
}
writeFileSync(file, JSON.stringify(screens, null, 1));
