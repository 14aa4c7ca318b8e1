import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { screenRoutes } from "./screens.mjs";

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
