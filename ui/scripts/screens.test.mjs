import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NOT_FOUND, readPageMeta, screenRoutes, withPageMeta } from "./screens.mjs";

// The server preloads each screen's chunks from what screens.mjs reads in the router: it must
// find every lazy screen, with its path.
describe("screenRoutes", () => {
  // Vitest runs from ui/.
  const source = readFileSync("src/app/router.tsx", "utf8");

  it("finds every lazy screen of the router, with its path and module", () => {
    const screens = screenRoutes(source);
    expect(screens).toHaveLength(source.match(/\.\.\.screen\(/g)?.length ?? 0);
    expect(screens).toContainEqual({ path: "/", module: "src/app/routes/home.tsx" });
    expect(screens).toContainEqual({ path: "/properties/:id", module: "src/app/routes/property.tsx" });
    expect(screens).toContainEqual({ path: "/find-properties", module: "src/app/routes/find-properties.tsx" });
  });
});

// The server names every page (title, description, robots) from page-meta.json, as the router does.
describe("withPageMeta", () => {
  const routes = screenRoutes(readFileSync("src/app/router.tsx", "utf8"));

  it("gives every screen of the router a title, and adds the not-found page", () => {
    const screens = withPageMeta(routes, readPageMeta());
    expect(screens).toHaveLength(routes.length + 1);
    expect(screens.at(-1)).toMatchObject({ path: NOT_FOUND, title: "Page Not Found", noindex: true, files: [] });
    expect(screens.find((s) => s.path === "/about")).toMatchObject({ title: "About Us", dynamic: false, noindex: false });
    expect(screens.find((s) => s.path === "/dashboard")).toMatchObject({ noindex: true });
    expect(screens.find((s) => s.path === "/properties/:id")).toMatchObject({ dynamic: true });
  });

  it("fails the build for a route without an entry, or an entry without a route", () => {
    const meta = readPageMeta();
    const { "/faq": _faq, ...missing } = meta;
    expect(() => withPageMeta(routes, missing)).toThrow("/faq has no title");
    expect(() => withPageMeta(routes, { ...meta, "/nowhere": { title: "Nowhere" } })).toThrow("/nowhere");
  });
});
