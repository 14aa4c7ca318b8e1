import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolation } from "./axe";
import { TILES, serveTiles } from "./map-tiles";

// axe-core on the pages a new user meets first, at a laptop's and a phone's width: no serious
// or critical violation (WCAG 2.x A and AA rules, and axe's best practices).

const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: "home",
    path: "/",
    ready: (page) => expect(page.getByRole("list", { name: "Featured properties" }).getByRole("article")).toHaveCount(3),
  },
  {
    name: "search",
    path: "/find-properties",
    ready: (page) => expect(page.getByRole("list", { name: "Properties" }).getByRole("article").first()).toBeVisible(),
  },
  {
    name: "a property",
    path: "/properties/1",
    ready: (page) => expect(page.getByRole("region", { name: "Reviews", exact: true }).getByRole("article").first()).toBeVisible(),
  },
  {
    name: "a missing property",
    path: "/properties/999999",
    ready: (page) => expect(page.getByRole("heading", { level: 1, name: "Property Not Found" })).toBeVisible(),
  },
];

for (const width of [1280, 390]) {
  test.describe(`${width} wide`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { name, path, ready } of PAGES) {
      test(`${name} has no serious or critical violation`, async ({ page }) => {
        await page.goto(path);
        await ready(page);
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolation(page);
      });
    }

    test("a property with the street map has no serious or critical violation", async ({ page }) => {
      await serveTiles(page);
      await page.goto(`${TILES.baseURL}/properties/1`);
      await expect(page.locator(".leaflet-tile-loaded").first()).toBeAttached();
      await page.waitForLoadState("networkidle");
      await expectNoSeriousViolation(page);
    });
  });
}
