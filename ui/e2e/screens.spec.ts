import { expect, test, type Locator, type Page } from "@playwright/test";
import path from "node:path";

// Screenshots for the docs (docs/screens/), not a test: it runs only with SCREENS=1.
//   SCREENS=1 bash scripts/e2e.sh NAME e2e/screens.spec.ts
// writes {home,search,property}-{1280,390}.png. With SCREENS_CARDS=before (or after) it also
// writes cards-before-{home,search}-{1280,390}.png: the cards alone, to compare a card change.

const OUT = path.resolve(import.meta.dirname, "../../docs/screens");
const WIDTHS = [1280, 390] as const;
const cardsStage = process.env.SCREENS_CARDS;

test.skip(!process.env.SCREENS, "documentation screenshots: set SCREENS=1 to write docs/screens/*.png");

/** settle waits until the page's data and images are in, so a screenshot shows the finished page. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  // In the page (a string: this file is compiled without the DOM's types): fonts, then every loaded image.
  await page.waitForFunction(
    "document.fonts.status === 'loaded' && Array.from(document.images).every((img) => img.complete || img.loading === 'lazy')",
  );
}

/** shootCards photographs the first `count` cards of a list as one picture. */
async function shootCards(page: Page, cards: Locator, count: number, file: string) {
  await cards.first().scrollIntoViewIfNeeded();
  await settle(page);
  // boundingBox is relative to the viewport; a full-page clip is relative to the page.
  const scrollY = Number(await page.evaluate("window.scrollY"));
  const boxes = [];
  for (let i = 0; i < count; i++) {
    const box = await cards.nth(i).boundingBox();
    if (box) boxes.push({ ...box, y: box.y + scrollY });
  }
  const pad = 12;
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - pad);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
  const right = Math.max(...boxes.map((b) => b.x + b.width)) + pad;
  const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + pad;
  await page.screenshot({ path: path.join(OUT, file), fullPage: true, clip: { x, y, width: right - x, height: bottom - y } });
}

for (const width of WIDTHS) {
  test.describe(`${width} wide`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });
    const perRow = width > 600 ? 3 : 1;

    test("home", async ({ page }) => {
      await page.goto("/");
      const featured = page.getByRole("list", { name: "Featured properties" }).getByRole("article");
      await expect(featured).toHaveCount(3);
      await settle(page);
      await page.screenshot({ path: path.join(OUT, `home-${width}.png`), fullPage: true });
      if (cardsStage) await shootCards(page, featured, perRow === 1 ? 2 : 3, `cards-${cardsStage}-home-${width}.png`);
    });

    test("search", async ({ page }) => {
      await page.goto("/find-properties");
      const results = page.getByRole("list", { name: "Properties" }).getByRole("article");
      await expect(results.first()).toBeVisible();
      await settle(page);
      await page.screenshot({ path: path.join(OUT, `search-${width}.png`), fullPage: true });
      if (cardsStage) await shootCards(page, results, perRow === 1 ? 2 : 6, `cards-${cardsStage}-search-${width}.png`);
    });

    test("property", async ({ page }) => {
      await page.goto("/properties/1");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: path.join(OUT, `property-${width}.png`), fullPage: true });
    });
  });
}
