import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, PNG_1PX, register, stamp } from "./accounts";

// Issue 12's form details against the real server: images upload on selection, Images
// Required with the other messages, Add Your Property only where it can be used, saved
// security questions on a revisit, resource category labels, a failed sign-up's message
// cleared by a later success, and a signed-out page load without console errors.

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

/** consoleErrors collects what the page logs as an error, failed requests included. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

test("a signed-out load of home logs no console error, and asks who is signed in without a 4xx", async ({ page }) => {
  const errors = consoleErrors(page);
  const currentUser = page.waitForResponse((res) =>
    new URL(res.url()).pathname.endsWith(".AccountService/GetCurrentUser"),
  );
  await page.goto("/");
  const answer = await currentUser;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ user: null, unreadNotifications: 0 });
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Featured properties" }).getByRole("article")).toHaveCount(3);
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);

  // Older clients keep SPEC §7's answer.
  const rest = await page.request.get("/api/user");
  expect(rest.status()).toBe(401);
});

test.describe("add property", () => {
  test("Images Required shows at once with the other messages", async ({ page }) => {
    await register(page.request, "landlord");
    await page.goto("/add-property");
    const form = page.getByRole("form", { name: "Add property" });
    await form.getByRole("button", { name: "Add Property" }).click();

    await expect(toasts(page).getByText("Images Required")).toBeVisible();
    await expect(toasts(page).getByText("Please upload at least one image of your property.")).toBeVisible();
    await expect(form.getByText("Rent must be greater than 0")).toBeVisible();
    await expect(form.getByText("Title must be at least 5 characters")).toBeVisible();
    await expect(form.getByText("Description must be at least 20 characters")).toBeVisible();
    await expect(form.getByText("Please upload at least one image of your property.")).toBeVisible();
  });

  test("images upload on selection with progress; a refused one says why; submit needs no second step", async ({ page }) => {
    await register(page.request, "landlord");
    const id = stamp();
    const title = `Canal cottage ${id}`;
    await page.goto("/add-property");
    const form = page.getByRole("form", { name: "Add property" });
    await form.getByLabel("Property Title").fill(title);
    await form.getByLabel("Description").fill("A small cottage on the canal with a wood stove and a garden.");
    await form.getByLabel("Property Type").selectOption("cottage");
    await form.getByLabel("Monthly Rent").fill("1400");
    await form.getByLabel("Street Address").fill("9 Towpath");
    await form.getByLabel("City").fill(`Lockton${id.replace(/[^a-z]/g, "")}`);
    await form.getByLabel("Area Size").fill("600");

    // Hold the uploads on their way, to see each one's progress.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/upload/property-images", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Choose images").setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: PNG_1PX },
      { name: "broken.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") },
    ]);
    const chosen = page.getByRole("list", { name: "Chosen images" });
    await expect(chosen.getByRole("progressbar", { name: "Uploading front.png" })).toBeVisible();
    await expect(chosen.getByRole("progressbar", { name: "Uploading broken.png" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Upload \d/ })).toHaveCount(0);
    release();

    await expect(toasts(page).getByText("Upload successful")).toBeVisible();
    const broken = chosen.getByRole("listitem", { name: "Image 2: broken.png" });
    await expect(broken.getByRole("alert")).not.toBeEmpty();
    const refusal = (await broken.getByRole("alert").textContent()) ?? "";
    expect(refusal).not.toBe("Upload failed");
    await expect(toasts(page).getByText(refusal)).toBeVisible();
    await expect(chosen.getByRole("listitem", { name: "Image 1: front.png" }).getByRole("img")).toHaveAttribute(
      "src",
      /^\/uploads\/properties\//,
    );

    // The refused image is removed from the keyboard; what was typed stays.
    await broken.getByRole("button", { name: "Remove broken.png" }).focus();
    await page.keyboard.press("Enter");
    await expect(chosen.getByRole("listitem")).toHaveCount(1);
    await expect(form.getByLabel("Property Title")).toHaveValue(title);

    await form.getByRole("button", { name: "Add Property" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page).getByText("Property Added")).toBeVisible();
  });
});

test.describe("Add Your Property", () => {
  test("is offered to a signed-out visitor, who can register as a landlord", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Ready to share your experience?" });
    await expect(banner.getByRole("link", { name: "Add Your Property" })).toHaveAttribute("href", "/add-property");
    await expect(page.getByRole("navigation", { name: "Properties" }).getByRole("link", { name: "Add Your Property" })).toBeVisible();
  });

  test("is not offered to a tenant, who is shown what to do instead", async ({ page }) => {
    await register(page.request, "tenant");
    await page.goto("/");
    await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
    const banner = page.getByRole("region", { name: "Ready to share your experience?" });
    await expect(banner.getByRole("link", { name: "Write a Review" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Add Your Property" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Properties" }).getByRole("link", { name: "Add Your Property" })).toHaveCount(0);

    await page.goto("/location/00501");
    await expect(page.getByRole("heading", { name: "No properties listed in 00501 yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add a Property" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Add Your Property" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Search All Properties" }).first()).toBeVisible();
  });

  test("is offered to a landlord", async ({ page }) => {
    await register(page.request, "landlord");
    await page.goto("/");
    await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
    const banner = page.getByRole("region", { name: "Ready to share your experience?" });
    await banner.getByRole("link", { name: "Add Your Property" }).click();
    await expect(page.getByRole("form", { name: "Add property" })).toBeVisible();
  });
});

test("a revisit of the security questions shows the saved questions, never the answers", async ({ page }) => {
  await register(page.request, "tenant");
  const q1 = "What is the name of your first pet?";
  const q2 = "What was the make of your first car?";
  const saved = await page.request.post("/api/security-questions", {
    data: { securityQuestion1: q1, securityAnswer1: "Biscuit", securityQuestion2: q2, securityAnswer2: "Volvo", currentPassword: PASSWORD },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  await page.goto("/dashboard/security-questions");
  await expect(page.getByRole("heading", { name: "Your security questions are set" })).toBeVisible();
  await expect(page.getByLabel("Security Question 1")).toHaveValue(q1);
  await expect(page.getByLabel("Security Question 2")).toHaveValue(q2);
  await expect(page.getByLabel("Security Answer 1")).toHaveValue("");
  await expect(page.getByLabel("Security Answer 2")).toHaveValue("");
  expect(await page.content()).not.toContain("Biscuit");
});

test("resource category chips show labels, not raw values", async ({ page }) => {
  await page.goto("/resources");
  await expect(page.getByText("Moving Guide", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Sustainability", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("moving_guide", { exact: true })).toHaveCount(0);
  await expect(page.getByText("sustainability", { exact: true })).toHaveCount(0);
});

test("a failed sign-up's message goes when the next attempt succeeds", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Register" }).click();
  const form = page.getByRole("tabpanel", { name: "Register" });
  const id = stamp();
  await form.getByLabel("First Name").fill("Iris");
  await form.getByLabel("Last Name").fill("Retry");
  await form.getByLabel("Email").fill(`iris.${id}@example.com`);
  await form.getByLabel("Username").fill("dana_whitfield"); // a demo account's: taken
  await form.getByLabel("Password", { exact: true }).fill("second-try");
  await form.getByLabel("Confirm Password").fill("second-try");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(toasts(page).getByText("Registration failed")).toBeVisible();

  await form.getByLabel("Username").fill(`iris_${id}`);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(toasts(page).getByText("Registration successful")).toBeVisible();
  await expect(toasts(page).getByText("Registration failed")).toHaveCount(0);
});
