import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PNG_1PX, register, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// The dashboards against the real server: a landlord's Property Stats add up what they listed,
// in each currency apart; a tenant's My Reviews search finds their review, and Clear Search
// brings the list back. Accounts are new on every run; the database outlives a test.

/** list lists a property as the signed-in landlord through the API, with one picture. */
async function list(request: APIRequestContext, listing: Record<string, unknown>) {
  const upload = await request.post("/api/upload/property-images", {
    multipart: { images: { name: "front.png", mimeType: "image/png", buffer: PNG_1PX } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const created = await request.post("/rentproof.property.v1.PropertyService/CreateProperty", {
    data: {
      description: "A bright home with a new kitchen, close to the park and the trams.",
      country: "Germany",
      bedrooms: 2,
      bathrooms: 1,
      squareFeet: 70,
      areaUnit: "sqm",
      images: ((await upload.json()) as { files: string[] }).files,
      ...listing,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
}

/**
 * askedFor lists the rpcs of the dashboard's first view that the page asks for: the page comes
 * with their answers (internal/web/firstload.go), so it asks for none as it opens.
 */
function askedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const rpc = /\/(GetBalance|ListTransactions|GetLandlordStats|ListMyProperties|ListMyReviews)$/.exec(new URL(request.url()).pathname);
    if (rpc) asked.push(rpc[1]);
  });
  return asked;
}

test("a landlord's Property Stats match what they listed, each currency apart", async ({ page }) => {
  await register(page.request, "landlord", "Lena");
  const id = stamp();
  await list(page.request, { title: `Dollar loft ${id}`, address: "1 Elm Street", city: "Austin", country: "United States", propertyType: "apartment", monthlyRent: 2100, currency: "USD", areaUnit: "sqft", squareFeet: 900 });
  await list(page.request, { title: `Euro house ${id}`, address: "4 Marktplatz", city: "Berlin", propertyType: "house", monthlyRent: 1350, currency: "EUR" });

  const asked = askedFor(page);
  await page.goto("/dashboard");
  const stats = page.getByRole("region", { name: "Property Stats" });
  const figure = (label: string) => stats.getByText(label, { exact: true }).locator("xpath=following-sibling::dd");
  await expect(figure("Total monthly rent")).toContainText("$2,100");
  await expect(figure("Total monthly rent")).toContainText("1.350 €");
  await expect(figure("Properties")).toHaveText("2");
  await expect(figure("Average rating")).toHaveText("N/A");
  await expect(figure("Apartment")).toHaveText("1");
  await expect(figure("House")).toHaveText("1");
  await expect(figure("Condo")).toHaveText("0");
  await expect(figure("Student Housing")).toHaveText("0");
  const summary = page.getByRole("region", { name: "Account Summary" });
  await expect(summary.getByText("Properties listed").locator("xpath=following-sibling::dd")).toHaveText("2");
  await expect(summary.getByText("Verified properties").locator("xpath=following-sibling::dd")).toHaveText("0");

  // My Properties: newest first, with its badge and links; the search finds a city.
  const rows = page.getByRole("list", { name: "My properties" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`Euro house ${id}`);
  await expect(rows.first()).toContainText("Pending");
  await expect(rows.first().getByRole("link", { name: `Edit: Euro house ${id}` })).toHaveAttribute("href", /\/properties\/\d+\/edit$/);
  await expect(page.getByRole("region", { name: "Token Balance" }).getByRole("status", { name: "Loading balance" })).toHaveCount(0);
  expect(asked).toEqual([]);
  await page.getByRole("searchbox", { name: "Search my properties" }).fill("austin");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Dollar loft ${id}`);
  await expectNoSeriousViolation(page);

  // Tabs live in the address: a reload keeps My Listings open.
  await page.getByRole("tab", { name: "My Listings" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=listings$/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "My Listings" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("list", { name: "My listings" }).getByRole("link", { name: /View Details/ })).toHaveCount(2);
});

test("a tenant's My Reviews search finds their review, and Clear Search restores the list", async ({ page }) => {
  await register(page.request, "tenant", "Tara");
  const word = `quince${stamp()}`;
  for (const [property, title] of [
    [3, `Bright rooms near the ${word} tree`],
    [5, "Thin walls but a kind landlord"],
  ] as const) {
    const res = await page.request.post(`/api/properties/${property}/reviews`, {
      data: {
        rating: 4,
        title,
        content: "Two years here: the heating always worked and repairs came within a week.",
        reviewType: "tenant_to_property",
        language: "en",
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  const asked = askedFor(page);
  await page.goto("/dashboard");
  const summary = page.getByRole("region", { name: "Account Summary" });
  await expect(summary.getByText("Reviews written").locator("xpath=following-sibling::dd")).toHaveText("2");
  const reviews = page.getByRole("list", { name: "My reviews" }).getByRole("listitem");
  await expect(reviews).toHaveCount(2);
  expect(asked).toEqual([]);

  const box = page.getByRole("searchbox", { name: "Search my reviews" });
  await box.fill(word.toUpperCase());
  await box.press("Enter");
  await expect(reviews).toHaveCount(1);
  await expect(reviews.first()).toContainText(`Bright rooms near the ${word} tree`);

  await box.fill("no such words here");
  await box.press("Enter");
  const empty = page.getByRole("region", { name: "No reviews found" });
  await expect(empty.getByRole("link", { name: "Write a Review" })).toHaveAttribute("href", "/find-properties");
  await expectNoSeriousViolation(page);
  await empty.getByRole("button", { name: "Clear Search" }).click();
  await expect(reviews).toHaveCount(2);
  await expect(box).toHaveValue("");
});
