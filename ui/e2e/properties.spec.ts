import { expect, test, type Page } from "@playwright/test";
import { PNG_1PX, register, stamp } from "./accounts";

// Property screens against the real server: search, filters in the URL, list view,
// pagination, the property page, sharing, and listing a property as a landlord.

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const results = (page: Page) => page.getByRole("list", { name: "Properties" }).getByRole("article");
const countLine = (page: Page) => page.getByText(/^Showing ([\d,]+–[\d,]+ of )?[\d,]+\+? propert(y|ies)$/);

test.describe("search", () => {
  test("filters are written to the URL and survive a reload; Clear removes them", async ({ page }) => {
    await page.goto("/find-properties");
    await expect(countLine(page)).toBeVisible();

    await page.getByRole("combobox", { name: "Property type" }).selectOption("apartment");
    await expect(page).toHaveURL(/propertyType=apartment/);
    // The box is controlled by the URL, which updates in a transition: click, then wait for the URL.
    await page.getByRole("checkbox", { name: "Verified Only" }).click();
    await expect(page).toHaveURL(/verified=true/);
    await expect(page.getByRole("checkbox", { name: "Verified Only" })).toBeChecked();
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("highestRated");
    await expect(page).toHaveURL(/\?propertyType=apartment&verified=true&sortBy=highestRated$/);

    const check = async () => {
      await expect(results(page).first()).toBeVisible();
      const cards = await results(page).all();
      for (const card of cards) {
        // A demo listing's badge, which nobody checked, says so instead of "Verified".
        await expect(card.locator(".property-card__verification .badge").first()).toHaveText(/^(Verified|Demo data, not checked)$/);
        await expect(card.locator(".property-card__facts")).toContainText("Apartment");
      }
      return cards.length;
    };
    const before = await check();

    await page.reload();
    await expect(page.getByRole("combobox", { name: "Property type" })).toHaveValue("apartment");
    await expect(page.getByRole("checkbox", { name: "Verified Only" })).toBeChecked();
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("highestRated");
    expect(await check()).toBe(before);

    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/find-properties\?sortBy=highestRated$/);
    await expect(page.getByRole("checkbox", { name: "Verified Only" })).not.toBeChecked();
    await expect(page.getByRole("combobox", { name: "Property type" })).toHaveValue("all");
    await expect(page.getByRole("button", { name: "Clear", exact: true })).toHaveCount(0);
  });

  test("a ZIP code in the text box opens its location page (issue 32)", async ({ page }) => {
    await page.goto("/find-properties");
    await page.getByRole("searchbox", { name: "City, neighborhood or postal code" }).fill("90210");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/location\/90210$/);
    await expect(page.getByRole("list", { name: "Properties in 90210" }).getByRole("article").first()).toContainText("Beverly Hills");
  });

  test("an empty result offers Clear Filters", async ({ page }) => {
    await page.goto("/find-properties?query=zzqx-no-such-home&verified=true");
    await expect(page.getByRole("heading", { name: "No properties found" })).toBeVisible();
    await expect(page.getByText("Showing 0 properties")).toBeVisible();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/find-properties$/);
    await expect(results(page).first()).toBeVisible();
  });

  test("list view is kept in the URL", async ({ page }) => {
    await page.goto("/find-properties");
    await expect(results(page).first()).toBeVisible();
    await page.getByRole("button", { name: "List view" }).click();
    await expect(page).toHaveURL(/\?view=list$/);
    await expect(results(page).first()).toHaveClass(/property-card--list/);
    await page.reload();
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    await expect(results(page).first()).toHaveClass(/property-card--list/);
  });

  test("pages through the results", async ({ page }) => {
    await page.goto("/find-properties");
    await expect(results(page)).toHaveCount(12);
    const firstPage = await results(page).locator("h2").allTextContents();
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await pager.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    // The first page's cards stay on screen while the second loads: wait for the new ones.
    await expect
      .poll(async () => (await results(page).locator("h2").allTextContents()).filter((t) => firstPage.includes(t)))
      .toEqual([]);
    await pager.getByRole("link", { name: /Previous/ }).click();
    await expect(page).toHaveURL(/\/find-properties$/);
  });
});

test("every type a listing can have is searchable: the demo villa", async ({ page }) => {
  await page.goto("/find-properties");
  await expect(countLine(page)).toBeVisible();
  await page.getByRole("combobox", { name: "Property type" }).selectOption({ label: "Villa" });
  await expect(page).toHaveURL(/propertyType=villa/);
  await expect(results(page).first()).toContainText("Mid-Century Villa with Pool");
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Property type" })).toHaveValue("villa");
  await expect(results(page).filter({ hasText: "Mid-Century Villa with Pool" })).toHaveCount(1);
});

test.describe("phone layout", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the filters fold into a panel", async ({ page }) => {
    await page.goto("/find-properties");
    const type = page.getByRole("combobox", { name: "Property type" });
    await expect(type).toBeHidden();
    const toggle = page.getByRole("button", { name: "Filters" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(type).toBeVisible();
    await type.selectOption("condo");
    await expect(page).toHaveURL(/propertyType=condo/);
    await page.getByRole("button", { name: "Show results" }).click();
    await expect(type).toBeHidden();
    await expect(page.getByRole("button", { name: /Filters/ })).toContainText("1");
  });
});

test.describe("property page", () => {
  test("opens from a card, shows the property and copies its link", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/find-properties");
    const card = results(page).first();
    const title = (await card.locator("h2").textContent())!.trim();
    await card.getByRole("link", { name: /View Details/ }).click();
    await expect(page).toHaveURL(/\/properties\/\d+$/);
    const url = page.url();

    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | RentProof`);
    await expect(page.getByRole("region", { name: "Photos" }).getByRole("img").first()).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Rent and contact" })).toContainText("/month");
    await expect(page.getByRole("region", { name: "Ratings & Reviews" }).getByRole("list", { name: "Rating distribution" }).getByRole("listitem")).toHaveCount(5);
    await expect(page.getByRole("region", { name: "Location" }).getByRole("link", { name: /Open in maps/ })).toHaveAttribute("href", /openstreetmap\.org/);
    await expect(page.getByRole("region", { name: "Similar Properties" }).getByRole("link", { name: /More properties in/ })).toHaveAttribute("href", /\/find-properties\?city=/);

    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: "Copy link" }).click();
    await expect(page.getByRole("menuitem", { name: "Copied" })).toBeVisible();
    await expect(toasts(page).getByText("Link copied")).toBeVisible();
    await expect(toasts(page).getByText("Link has been copied to clipboard")).toBeVisible();
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(url);
    // "Copied" reverts after 2 seconds.
    await expect(page.getByRole("menuitem", { name: "Copy link" })).toBeVisible({ timeout: 4000 });

    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Back to Find Properties" }).click();
    await expect(page).toHaveURL(/\/find-properties$/);
  });

  test("a missing property says Property Not Found", async ({ page }) => {
    await page.goto("/properties/999999");
    await expect(page.getByRole("heading", { level: 1, name: "Property Not Found" })).toBeVisible();
    await expect(page).toHaveTitle("Property Not Found | RentProof");
    await page.goto("/properties/not-a-number");
    await expect(page.getByRole("heading", { level: 1, name: "Property Not Found" })).toBeVisible();
  });
});

test.describe("add property", () => {
  test("a tenant is told that only landlords can list", async ({ page }) => {
    await register(page.request, "tenant");
    await page.goto("/add-property");
    await expect(page.getByText(/Only landlords, agents and property managers can list properties/)).toBeVisible();
    await expect(page.getByRole("form", { name: "Add property" })).toHaveCount(0);
  });

  test("a landlord lists a property with two uploaded images and finds it in search", async ({ page }) => {
    await register(page.request, "landlord");
    const id = stamp();
    const title = `Garden flat ${id}`;
    const city = `Brightwater${id.replace(/[^a-z]/g, "")}`;

    await page.goto("/add-property");
    // It says what happens: the listing is public at once (as the search below finds it), not reviewed first.
    await expect(page.getByText(/^List your rental property\. It is published as soon as you add it/)).toBeVisible();
    const form = page.getByRole("form", { name: "Add property" });
    await expect(form.getByLabel("Country")).toHaveValue("United States");
    await expect(form.getByLabel("Currency")).toHaveValue("USD");

    // Submitting too early shows SPEC's messages.
    await form.getByRole("button", { name: "Add Property" }).click();
    await expect(form.getByText("Rent must be greater than 0")).toBeVisible();
    await expect(form.getByText("Square footage must be greater than 0")).toBeVisible();

    await form.getByLabel("Property Title").fill(title);
    await form.getByLabel("Description").fill("A quiet garden flat with a south-facing patio and new kitchen.");
    await form.getByLabel("Property Type").selectOption("condo");
    await form.getByLabel("Monthly Rent").fill("1850");
    await form.getByLabel("Street Address").fill("4 Orchard Lane");
    await form.getByLabel("City").fill(city);
    await form.getByLabel("ZIP / Postal Code (optional)").fill("73301");
    await form.getByLabel("Latitude (optional)").fill("30.2672");
    await form.getByLabel("Longitude (optional)").fill("-97.7431");
    await form.getByLabel("Bedrooms").fill("2");
    await form.getByLabel("Area Size").fill("820");
    await form.getByLabel("Year Built (optional)").fill("1998");
    await form.getByRole("checkbox", { name: "Great location" }).check();
    await form.getByRole("checkbox", { name: "Energy efficient" }).check();

    // No images yet. A second Images Required replaces the first (which fades out).
    await form.getByRole("button", { name: "Add Property" }).click();
    await expect(toasts(page).getByText("Images Required")).toHaveCount(1);
    await expect(toasts(page).getByText("Images Required")).toBeVisible();

    await page.getByLabel("Choose images").setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: PNG_1PX },
      { name: "garden.png", mimeType: "image/png", buffer: PNG_1PX },
    ]);
    // Chosen images upload at once: no second step.
    await expect(toasts(page).getByText("Upload successful")).toBeVisible();
    const uploaded = page.getByRole("list", { name: "Chosen images" }).getByRole("img");
    await expect(uploaded).toHaveCount(2);
    await expect(uploaded.first()).toHaveAttribute("src", /^\/uploads\/properties\//);

    await form.getByRole("button", { name: "Add Property" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page).getByText("Property Added")).toBeVisible();

    await page.goto(`/find-properties?city=${encodeURIComponent(city)}`);
    const card = results(page).filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("$1,850/month");
    await expect(card).toContainText("Not verified");
    await card.getByRole("link", { name: /View Details/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("region", { name: "Photos" }).getByRole("button", { name: "Show photo 2" })).toBeVisible();
    const cover = page.getByRole("region", { name: "Photos" }).getByRole("img", { name: `${title}, photo 1 of 2` });
    await expect(cover).toHaveAttribute("src", /^\/uploads\/properties\//);

    // Its owner edits it from here; contacting themselves, booking a viewing of their own home or
    // rating it is not offered (a review of a tenant is).
    await expect(page.getByRole("region", { name: "Reviews", exact: true }).getByRole("button", { name: "Review a Tenant" })).toBeVisible();
    for (const name of ["Contact Landlord", "Schedule Viewing", "Write a Review"]) {
      await expect(page.getByRole("button", { name })).toHaveCount(0);
    }
    const edit = page.getByRole("complementary", { name: "Rent and contact" }).getByRole("link", { name: "Edit Property" });
    await edit.click();
    await expect(page).toHaveURL(/\/properties\/\d+\/edit$/);
    await expect(page.getByRole("form", { name: "Edit property" }).getByLabel("Property Title")).toHaveValue(title);
  });
});
