import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { PNG_1PX, register, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// The paid check in demo mode against the real server (issue 14, part B: the server runs without
// a Stripe key): an owner pays the $19.99 with Simulate Payment on /verification-payment/{id},
// ends on the success screen with mock=true, and the paid check waits in the administrators'
// queue; the property is not verified by paying.

const ADMIN_PASSWORD = "queue-keeper-pass";
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

/** makeAdmin creates an administrator with the server's own command and returns its username. */
function makeAdmin(): string {
  const username = `admin_${stamp()}`;
  execFileSync(
    process.env.E2E_SERVER_BIN ?? "../bin/rentproof",
    ["admin", "create", "-username", username, "-email", `${username}@example.com`, "-first-name", "Ada", "-last-name", "Admin"],
    { env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, ADMIN_PASSWORD }, stdio: "pipe" },
  );
  return username;
}

test("a demo payment ends on the success page and the paid check waits for an administrator", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await register(page.request, "landlord");
  const upload = await page.request.post("/api/upload/property-images", {
    multipart: { images: { name: "front.png", mimeType: "image/png", buffer: PNG_1PX } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const title = `Flat over the bakery ${stamp()}`;
  const created = await page.request.post("/rentproof.property.v1.PropertyService/CreateProperty", {
    data: {
      title,
      description: "A two-bedroom flat over a bakery, with a new kitchen and a shared roof garden.",
      address: "18 Mill Road",
      city: "Cambridge",
      country: "United Kingdom",
      propertyType: "apartment",
      monthlyRent: 1900,
      bedrooms: 2,
      bathrooms: 1,
      squareFeet: 70,
      areaUnit: "sqm",
      currency: "GBP",
      images: ((await upload.json()) as { files: string[] }).files,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { property: { id: number } }).property.id;

  await page.goto(`/verification-payment/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Verification Payment" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Property Details" })).toContainText(title);
  await expect(page.getByRole("region", { name: "Payment Summary" })).toContainText("$19.99");
  await expect(toasts(page).getByText(/Card payment is disabled in development/)).toBeVisible();
  await expectNoSeriousViolation(page);
  await page.getByRole("button", { name: "Simulate Payment ($19.99)" }).click();

  await expect(page).toHaveURL(new RegExp(`/verification-success/${id}\\?mock=true&propertyId=${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Verification Requests Sent" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "An administrator checks your property" })).toBeVisible();
  await expectNoSeriousViolation(page);

  // Paying verifies nothing: the badge waits for an administrator, whose queue lists the check.
  const property = await page.request.get(`/api/properties/${id}`);
  expect(((await property.json()) as { verified?: boolean }).verified ?? false).toBe(false);
  const again = await page.request.post("/api/verification/demo-payment", { data: { propertyId: id } });
  expect(again.status()).toBe(409);

  const username = makeAdmin();
  const adminPage = await (await browser.newContext()).newPage();
  const login = await adminPage.request.post("/api/login", { data: { username, password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  await adminPage.goto("/admin");
  await expect(adminPage.getByText(title).first()).toBeVisible();
});
