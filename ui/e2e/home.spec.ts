import { expect, test } from "@playwright/test";

// The home page against the real server and its demo data (properties 1-15).

test.describe("home", () => {
  test("shows every section, the live statistics and the featured properties", async ({ page, request }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Find and Rate Rental Properties with Verified Reviews | RentProof");
    const main = page.getByRole("main");
    for (const name of [
      "Featured Properties",
      "How It Works",
      "Recent Reviews",
      "Ready to share your experience?",
      "Housing Resources",
      "What RentProof Is For",
    ]) {
      await expect(main.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    // The band shows the statistics service's counts, not SPEC's fixed "5,780+".
    const res = await request.post("/rentproof.statistics.v1.StatisticsService/GetStatistics", { data: {} });
    const live = (await res.json()) as { totalProperties?: number; totalReviews?: number; totalLandlords?: number; totalTenants?: number };
    const n = (v = 0) => v.toLocaleString("en-US");
    const stats = page.getByRole("region", { name: "RentProof in numbers" });
    await expect(stats).toContainText(`Properties${n(live.totalProperties)}`);
    await expect(stats).toContainText(`Reviews${n(live.totalReviews)}`);
    await expect(stats).toContainText(`Landlords${n(live.totalLandlords)}`);
    await expect(stats).toContainText(`Tenants${n(live.totalTenants)}`);
    expect(live.totalProperties).toBeGreaterThan(0);

    await expect(page.getByRole("list", { name: "Featured properties" }).getByRole("article")).toHaveCount(3);
    await expect(page.getByRole("region", { name: "Recent Reviews" }).getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Housing Resources" }).getByRole("article")).toHaveCount(3);
    await expect(main.getByRole("link", { name: "Learn more about our verification process" })).toHaveAttribute("href", "/about");
  });

  test("the prerendered page holds no figure, and the band keeps its height when the figures land", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    const values = [...html.matchAll(/<dd class="home-stats__value">(.*?)<\/dd>/g)].map((m) => m[1]);
    expect(values).toHaveLength(4);
    for (const v of values) expect(v).toContain("home-stats__placeholder");
    // Hold the figures back, measure the band, then let them through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/StatisticsService\/GetStatistics/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    const stats = page.getByRole("region", { name: "RentProof in numbers" });
    await expect(stats).toHaveAttribute("aria-busy", "true");
    const before = await stats.boundingBox();
    release();
    await expect(stats).toHaveAttribute("aria-busy", "false");
    await expect(stats.locator(".home-stats__placeholder")).toHaveCount(0);
    expect((await stats.boundingBox())?.height).toBe(before?.height);
  });

  test("searches by city from the home box", async ({ page }) => {
    await page.goto("/");
    await page.getByPlaceholder("Enter a city, neighborhood, or ZIP/postal code").fill("  Chicago ");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/find-properties\?city=Chicago$/);
    await expect(page.getByRole("searchbox", { name: "City, neighborhood or postal code" })).toHaveValue("Chicago");
    const cards = page.getByRole("list", { name: "Properties" }).getByRole("article");
    await expect(cards.first()).toBeVisible();
    for (const address of await cards.locator(".property-card__address").allTextContents()) {
      expect(address).toContain("Chicago");
    }
  });

  test("searches by ZIP from the home box and opens the location page", async ({ page }) => {
    await page.goto("/");
    await page.getByPlaceholder("Enter a city, neighborhood, or ZIP/postal code").fill("10001");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/location\/10001$/);
    await expect(page.getByRole("heading", { level: 1, name: "Properties in 10001" })).toBeVisible();
    await expect(page).toHaveTitle("Properties in 10001 | RentProof");
    await expect(page.getByText("United States").first()).toBeVisible();
    const list = page.getByRole("list", { name: "Properties in 10001" });
    await expect(list.getByRole("article", { name: "Sunny Pre-War Downtown One-Bedroom in Chelsea" })).toBeVisible();
    await list.getByRole("link", { name: /View Details/ }).first().click();
    await expect(page).toHaveURL(/\/properties\/\d+$/);
  });

  test("popular shortcuts: a UK postcode opens its page, words search as read", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "SW1A 1AA" }).click();
    await expect(page).toHaveURL(/\/location\/SW1A%201AA$/);
    await expect(page.getByRole("heading", { level: 1, name: "Properties in SW1A 1AA" })).toBeVisible();
    await expect(page.getByText("United Kingdom").first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Properties in SW1A 1AA" }).getByRole("article")).not.toHaveCount(0);

    await page.goto("/");
    await page.getByRole("link", { name: "Downtown Apartments" }).click();
    // Read as the server reads the line (issue 32): the type word becomes the type, the rest stays text.
    await expect(page).toHaveURL(/\/find-properties\?query=Downtown&propertyType=apartment$/);
    await expect(page.getByRole("searchbox", { name: "City, neighborhood or postal code" })).toHaveValue("Downtown");
    await expect(page.getByRole("combobox", { name: "Property type" })).toHaveValue("apartment");
    await expect(page.getByText(/Showing [\d,]+ propert/)).toBeVisible();
  });
});
