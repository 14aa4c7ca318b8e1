import { expect, test } from "@playwright/test";
import { visit } from "./hydrated";

test.describe("shared chrome", () => {
  test("home renders header, navigation and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Find and Rate Rental Properties with Verified Reviews | RentProof");
    await expect(page.getByRole("heading", { level: 1, name: "Find and rate your perfect property" })).toBeVisible();

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "RentProof" })).toHaveAttribute("href", "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    for (const name of ["Home", "Find Properties", "Resources", "About", "FAQ", "Contact"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© 2025 RentProof");
    await expect(footer).toContainText("Created by a solo entrepreneur");
    for (const name of ["Properties", "Resources", "Company", "Legal"]) {
      await expect(footer.getByRole("navigation", { name, exact: true })).toBeVisible();
    }
  });

  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main-content")).toBeFocused();
  });

  test("an unknown route answers 404 with a page for people: what happened, a search, the popular pages", async ({ page }) => {
    const res = await page.goto("/this/route/does-not-exist");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("There is no page at /this/route/does-not-exist.");
    await expect(page.getByText(/forget to add the page to the router/)).toHaveCount(0);
    await expect(page).toHaveTitle("Page Not Found | RentProof");
    await expect(page.getByRole("navigation", { name: "Popular pages" }).getByRole("link")).toHaveText([
      "Find Properties",
      "Verified properties",
      "Housing Resources",
      "How reviews work",
      "FAQ",
      "Contact Us",
    ]);
    const search = page.getByRole("search", { name: "Search properties by location" });
    await search.getByRole("searchbox").fill("London");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/find-properties\?city=London$/);
  });

  test("deep links survive a reload", async ({ page }) => {
    await page.goto("/resources/1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("404 Page Not Found");
    await page.reload();
    await expect(page.getByRole("link", { name: "Back to Resources" }).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Resource Not Found");

    // The property page's heading is the property's title once it has loaded.
    await page.goto("/properties/3");
    await expect(page.getByRole("link", { name: "Back to Find Properties" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/404 Page Not Found|Property Not Found/);
    await page.reload();
    await expect(page.getByRole("link", { name: "Back to Find Properties" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/404 Page Not Found|Property Not Found/);
  });

  test("protected pages send a signed-out visitor to /auth", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  });
});

test.describe("phone layout", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button toggles the mobile menu", async ({ page }) => {
    await visit(page, "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Resources", exact: true }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await expect(menu).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();
  });
});
