import { expect, test, type Page } from "@playwright/test";
import { PNG_1PX, ageAccount, listProperty, register, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// Issue 15: a landlord edits a listing and sees it on the property page; Edit Profile changes the
// name the header and the dashboard show. Against the real server and database.

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

test.describe("edit a listing", () => {
  test("a landlord changes the rent and an image, and sees them on the property page", async ({ page }) => {
    await register(page.request, "landlord");
    const title = `Bakery flat ${stamp()}`;
    const id = await listProperty(page.request, title);

    // From the dashboard's My Properties row, as an owner would.
    await page.goto("/dashboard?tab=properties");
    await page.getByRole("link", { name: `Edit: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/properties/${id}/edit$`));
    const form = page.getByRole("form", { name: "Edit property" });
    await expect(form.getByLabel("Property Title")).toHaveValue(title);
    await expect(form.getByLabel("Monthly Rent")).toHaveValue("1900");
    await expect(form.getByLabel("Currency")).toHaveValue("GBP");

    await form.getByLabel("Monthly Rent").fill("2150");
    // A second picture, moved first with the keyboard: it becomes the cover.
    await page.getByLabel("Choose images").setInputFiles([{ name: "garden.png", mimeType: "image/png", buffer: PNG_1PX }]);
    await expect(toasts(page).getByText("Upload successful")).toBeVisible();
    const chosen = page.getByRole("list", { name: "Chosen images" });
    await chosen.getByRole("button", { name: "Move garden.png earlier" }).focus();
    await page.keyboard.press("Enter");
    await expect(chosen.getByRole("listitem").first()).toHaveAccessibleName("Image 1: garden.png");

    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));
    await expect(toasts(page).getByText("Property Updated")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Rent and contact" })).toContainText("£2,150");
    await expect(page.getByRole("region", { name: "Photos" }).getByRole("button", { name: "Show photo 2" })).toBeVisible();

    // After a reload too: it was stored, not only cached.
    await page.reload();
    await expect(page.getByRole("complementary", { name: "Rent and contact" })).toContainText("£2,150");
  });

  test("moving a reviewed listing to another street takes its rating away; the review stays, about a previous address", async ({
    page,
    playwright,
    baseURL,
  }) => {
    await register(page.request, "landlord");
    const title = `Corner flat ${stamp()}`;
    const id = await listProperty(page.request, title);

    // An established tenant (a week old; this review is their first published one) in a browser of their own.
    const tenant = await playwright.request.newContext({ baseURL });
    const account = await register(tenant, "tenant", "Tove");
    ageAccount(account.username);
    const reviewTitle = `Warm in winter ${stamp()}`;
    const posted = await tenant.post(`/api/properties/${id}/reviews`, {
      data: { rating: 4, title: reviewTitle, content: "The boiler is new and the windows keep the draught out.", reviewType: "tenant_to_property" },
    });
    expect(posted.ok(), await posted.text()).toBeTruthy();
    await tenant.dispose();

    await page.goto(`/properties/${id}`);
    const ratings = page.getByRole("region", { name: "Ratings & Reviews" });
    await expect(ratings.getByRole("img", { name: /^Rated 4/ })).toBeVisible();

    // The owner moves the listing to another building through the edit form.
    await page.goto(`/properties/${id}/edit`);
    const form = page.getByRole("form", { name: "Edit property" });
    await expect(form.getByLabel("Street Address")).toHaveValue("18 Mill Road");
    await form.getByLabel("Street Address").fill("42 Hills Road");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));
    await expect(toasts(page).getByText("Property Updated")).toBeVisible();

    // No rating, but the review is still listed and says why it does not count.
    await expect(ratings.getByRole("img", { name: "No reviews yet" }).first()).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: reviewTitle });
    const about = card.getByRole("list", { name: "About this review" });
    await expect(about.getByRole("link", { name: "About a previous address" })).toHaveAttribute("href", "/how-reviews-work#previous-address");
    await expect(about).toContainText("About a previous address · not counted in the rating");
    await expectNoSeriousViolation(page);

    // The link explains the rule.
    await about.getByRole("link", { name: "About a previous address" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Reviews about a previous address" })).toBeVisible();
  });

  test("someone else opening the edit address is told it is not theirs, and the server refuses them", async ({ browser, page }) => {
    await register(page.request, "landlord");
    const id = await listProperty(page.request, `Mill flat ${stamp()}`);

    const other = await browser.newPage();
    await register(other.request, "landlord");
    await other.goto(`/properties/${id}/edit`);
    await expect(other.getByRole("heading", { name: "You can only edit your own listings" })).toBeVisible();
    await expect(other.getByRole("form", { name: "Edit property" })).toHaveCount(0);
    const res = await other.request.put(`/api/properties/${id}`, { data: { title: "Taken over", monthlyRent: 1 } });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe("You can only edit your own listings");
    await other.close();
  });
});

test.describe("edit profile", () => {
  test("the Edit Profile form changes the name in the header and on the dashboard", async ({ page }) => {
    const account = await register(page.request, "tenant", "Rhea");
    await page.goto("/dashboard");
    // A brand-new account: welcomed, not welcomed back.
    await expect(page.getByRole("heading", { name: "Welcome to RentProof, Rhea!" })).toBeVisible();

    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await expect(dialog.getByLabel("First Name")).toHaveValue("Rhea");
    await dialog.getByLabel("First Name").fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("First name is required")).toBeVisible();

    await dialog.getByLabel("First Name").fill("Marisol");
    await dialog.getByLabel("Last Name").fill("Quintero");
    await dialog.getByLabel("Bio (optional)").fill("Nurse, cyclist, careful renter.");
    await expect(dialog.getByText("31/500")).toBeVisible();
    await dialog.getByLabel("City (optional)").fill("Valencia");
    await dialog.getByLabel("Country").fill("Spain");
    await dialog.getByRole("combobox", { name: "Language" }).selectOption("es");
    await dialog.getByRole("button", { name: "Save Changes" }).click();

    await expect(toasts(page).getByText("Profile updated")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Welcome to RentProof, Marisol!" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu for Marisol Quintero" })).toBeVisible();

    // Stored: a reload and the API say the same.
    await page.reload();
    await expect(page.getByRole("button", { name: "Account menu for Marisol Quintero" })).toBeVisible();
    const me = (await (await page.request.get("/api/user")).json()) as Record<string, string>;
    expect(me).toMatchObject({
      username: account.username,
      firstName: "Marisol",
      lastName: "Quintero",
      bio: "Nurse, cyclist, careful renter.",
      city: "Valencia",
      country: "Spain",
      language: "es",
    });
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Profile" }).getByRole("combobox", { name: "Language" })).toHaveValue("es");
  });
});

// axe-core on the edit form (its images' buttons included) and on the Edit Profile dialog, at a
// laptop's and a phone's width.
for (const width of [1280, 390]) {
  test(`the edit form and the Edit Profile dialog have no serious or critical violation at ${width} wide`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await register(page.request, "landlord");
    const id = await listProperty(page.request, `Axe flat ${stamp()}`);
    await page.goto(`/properties/${id}/edit`);
    await page.getByLabel("Choose images").setInputFiles([{ name: "hall.png", mimeType: "image/png", buffer: PNG_1PX }]);
    await expect(page.getByRole("button", { name: "Move hall.png earlier" })).toBeEnabled();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousViolation(page);

    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Profile" })).toBeVisible();
    await expectNoSeriousViolation(page);
  });
}
