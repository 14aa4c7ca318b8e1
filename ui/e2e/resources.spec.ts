import { expect, test, type Page } from "@playwright/test";

const cards = (page: Page) => page.getByRole("article");

test.describe("resource library", () => {
  test("lists the seeded articles grouped by category", async ({ page }) => {
    await page.goto("/resources");
    await expect(page).toHaveTitle("Resources | RentProof");
    await expect(page.getByRole("tab", { name: "All Resources" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { level: 2, name: /For Tenants/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /For Landlords/ })).toBeVisible();
    expect(await cards(page).count()).toBeGreaterThan(3);
    await expect(page.getByText(/Showing \d+ resources/)).toBeVisible();
  });

  test("filters by tab and writes the category into the URL", async ({ page }) => {
    await page.goto("/resources");
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole("tab", { name: "For Landlords" }).click();
    await expect(page).toHaveURL(/\?category=landlord$/);
    await expect(page.getByRole("tab", { name: "For Landlords" })).toHaveAttribute("aria-selected", "true");
    await expect(cards(page).first()).toBeVisible();
    const labels = await cards(page).locator(".resource-card__category").allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set(["For Landlords"]));

    // A reload keeps the tab.
    await page.reload();
    await expect(page.getByRole("tab", { name: "For Landlords" })).toHaveAttribute("aria-selected", "true");
  });

  test("filters by search text on the server", async ({ page }) => {
    await page.goto("/resources");
    await expect(cards(page).first()).toBeVisible();
    const total = await cards(page).count();

    // Search for a word of the first card's title: that card must stay, the list must shrink or stay.
    const firstTitle = (await cards(page).first().getByRole("heading").textContent())!.trim();
    const word = firstTitle.split(/\s+/).sort((a, b) => b.length - a.length)[0].replace(/[^\p{L}\p{N}-]/gu, "");
    await page.getByRole("searchbox", { name: "Search resources" }).fill(word);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`));
    await expect(page.getByRole("heading", { name: firstTitle })).toBeVisible();
    expect(await cards(page).count()).toBeLessThanOrEqual(total);

    await page.getByRole("searchbox", { name: "Search resources" }).fill("zzqxv-no-such-resource");
    await expect(page.getByRole("heading", { name: "No resources found" })).toBeVisible();
    await page.getByRole("button", { name: "Clear Search", exact: true }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(cards(page).first()).toBeVisible();
  });

  test("a card opens its article by id", async ({ page }) => {
    await page.goto("/resources");
    const first = cards(page).first();
    const link = first.getByRole("link");
    const title = (await link.textContent())!.trim();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/resources\/\d+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | RentProof`);
    await expect(page.getByText(/\d+ min read/)).toBeVisible();
    await page.getByRole("link", { name: "Back to Resources" }).first().click();
    await expect(page).toHaveURL(/\/resources$/);
  });

  test("an unknown resource id says Resource Not Found", async ({ page }) => {
    await page.goto("/resources/999999");
    await expect(page.getByRole("heading", { level: 1, name: "Resource Not Found" })).toBeVisible();
    await page.goto("/resources/not-a-number");
    await expect(page.getByRole("heading", { level: 1, name: "Resource Not Found" })).toBeVisible();
  });
});
