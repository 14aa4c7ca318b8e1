import { execFileSync } from "node:child_process";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { PNG_1PX, register, sql, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";
import { visit } from "./hydrated";
import { latestMail, mailAddress, mailCount } from "./mailpit";

// Issue 32, saved searches with alerts, against the real server, database and Mailpit: a tenant
// saves a search with Find Properties' Save search button, sees it
// on /dashboard › Saved Searches with a link that reopens it, a landlord lists a matching home,
// and the tenant finds the notification in the app and the email in Mailpit. The same for a search
// whose place is an area of the map, and a listing outside that area tells nobody.

// Two people in two browsers, a listing with its images, the worker's tell and an email: 23 s on
// an idle 2-core machine, and over 30 s beside another test.
test.describe.configure({ timeout: 90_000 });

/** query runs one statement on the test database and returns its single value, as text. */
function query(statement: string, vars: Record<string, string> = {}): string {
  const args = [process.env.E2E_DATABASE_URL ?? "", "-qAt", "-v", "ON_ERROR_STOP=1"];
  for (const [name, value] of Object.entries(vars)) args.push("-v", `${name}=${value}`);
  return execFileSync("psql", args, { input: statement, stdio: ["pipe", "pipe", "pipe"] })
    .toString()
    .trim();
}

/**
 * matched waits until the saved-search workers are through a listing's job (its row gone, in the
 * transaction that wrote the notifications and queued the emails): the notifications page reads
 * once, and a listing that told nobody leaves nothing else to wait for.
 */
async function matched(propertyId: number) {
  await expect
    .poll(() => query("SELECT count(*) FROM saved_search_jobs WHERE property_id = :'id';", { id: String(propertyId) }), {
      message: `the saved-search job of listing ${propertyId} done`,
      timeout: 20_000,
    })
    .toBe("0");
}

/**
 * saveSearch saves the page's search with its Save search button under name, the dialog first
 * suggesting suggested (when given), axe over it when checked; and returns the search's item on
 * /dashboard › Saved Searches, which it opens.
 */
async function saveSearch(page: Page, name: string, { suggested = "", axe = false } = {}): Promise<Locator> {
  await page.getByRole("button", { name: "Save search" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this search" });
  if (suggested) await expect(dialog.getByLabel("Name")).toHaveValue(suggested);
  await dialog.getByLabel("Name").fill(name);
  if (axe) await expectNoSeriousViolation(page);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Search saved", { exact: true })).toBeVisible();
  await page.goto("/dashboard?tab=searches");
  return page.getByRole("list", { name: "Saved searches" }).getByRole("listitem").filter({ hasText: name });
}

test("save a search, list a matching home as a landlord, see the notification and the email", async ({ page, browser }) => {
  const tenant = await register(page.request, "tenant");
  const address = mailAddress("saved-search");
  sql("UPDATE users SET email = :'address', email_verified_at = now() WHERE username = :'name';", { address, name: tenant.username });
  const name = `Cambridge flats ${stamp()}`;
  // The search as a renter runs it, saved from Find Properties' own button.
  await page.goto("/find-properties?city=Cambridge&propertyType=apartment&currency=GBP&maxRent=2500&beds=2");
  const item = await saveSearch(page, name, { axe: true });
  await expect(item).toContainText("City: Cambridge");
  await expect(item).toContainText("Apartment · up to 2500 GBP a month · 2+ bedrooms");
  await expect(item.getByRole("checkbox", { name: `Alerts for “${name}”` })).toBeChecked();
  await expectNoSeriousViolation(page);

  // A landlord, in a browser of their own, lists a two-bedroom flat in Cambridge at 1,900 GBP with
  // the Add Property form.
  const landlordContext = await browser.newContext();
  const landlord = await landlordContext.newPage();
  await register(landlord.request, "landlord");
  const title = `Flat over the bakery ${stamp()}`;
  await landlord.goto("/add-property");
  const form = landlord.getByRole("form", { name: "Add property" });
  await form.getByLabel("Property Title").fill(title);
  await form.getByLabel("Description").fill("A two-bedroom flat over a bakery, with a new kitchen and a shared roof garden.");
  await form.getByLabel("Property Type").selectOption("apartment");
  await form.getByLabel("Monthly Rent").fill("1900");
  await form.getByLabel("Currency").selectOption("GBP");
  await form.getByLabel("Street Address").fill("18 Mill Road");
  await form.getByLabel("City").fill("Cambridge");
  await form.getByLabel("Country").fill("United Kingdom");
  await form.getByLabel("Bedrooms").fill("2");
  await form.getByLabel("Area Size").fill("70");
  await form.getByLabel("Area Unit").selectOption("sqm");
  await landlord.getByLabel("Choose images").setInputFiles([{ name: "front.png", mimeType: "image/png", buffer: PNG_1PX }]);
  await expect(landlord.getByRole("list", { name: "Chosen images" }).getByRole("img")).toHaveCount(1);
  await form.getByRole("button", { name: "Add Property" }).click();
  await expect(landlord).toHaveURL(/\/dashboard$/);
  await expect(landlord.getByText("Property Added", { exact: true })).toBeVisible();
  await landlordContext.close();
  const id = Number(query("SELECT id FROM properties WHERE title = :'title';", { title }));

  await matched(id);
  await page.goto("/notifications");
  // Other tests list flats in Cambridge too: this one's notification is the one naming its listing.
  const notification = page
    .getByRole("list", { name: "Notifications, newest first" })
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByRole("link", { name: `Unread: New listing for your saved search “${name}”` });
  await expect(notification).toBeVisible();
  await notification.click();
  await expect(page).toHaveURL(new RegExp(`/properties/${id}`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  const mail = await latestMail(address, { subject: name });
  expect(mail.subject).toBe(`New listing for your saved search “${name}”`);
  expect(mail.text).toContain(title);
  expect(mail.text).toContain("at most once a day");
  expect(mail.links.some((l) => l.endsWith(`/properties/${id}`))).toBeTruthy();
  expect(mail.headers["List-Unsubscribe"]?.[0]).toContain("/unsubscribe?token=");

  // The saved search reopens Find Properties with its filters in the address.
  await page.goto("/dashboard?tab=searches");
  await item.getByRole("link", { name: `Open “${name}”` }).click();
  await expect(page).toHaveURL(/\/find-properties\?city=Cambridge&propertyType=apartment&currency=GBP&maxRent=2500&beds=2$/);

  // Deleting it empties nothing else, and it is gone.
  await page.goto("/dashboard?tab=searches");
  await item.getByRole("button", { name: `Delete “${name}”` }).click();
  await expect(item).toHaveCount(0);
});

// A saved search whose place is an area of the map (issue 32): saved from the map view, it tells
// its member of a listing placed inside the area, and nobody of one placed outside it.

/** AREA is around Portree, on the Isle of Skye, where no other test places a listing. */
const AREA = { west: -6.25, south: 57.38, east: -6.15, north: 57.44 };
const AREA_PARAM = `${AREA.west},${AREA.south},${AREA.east},${AREA.north}`;

/** listPlacedProperty lists a two-bedroom cottage with one picture at latitude, longitude as the signed-in landlord and returns its id. */
async function listPlacedProperty(request: APIRequestContext, title: string, latitude: string, longitude: string): Promise<number> {
  const upload = await request.post("/api/upload/property-images", {
    multipart: { images: { name: "front.png", mimeType: "image/png", buffer: PNG_1PX } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const created = await request.post("/rentproof.property.v1.PropertyService/CreateProperty", {
    data: {
      title,
      description: "A two-bedroom cottage above the harbour, with a wood stove and a view of the bay.",
      address: "4 Quay Street",
      city: "Portree",
      country: "United Kingdom",
      propertyType: "house",
      monthlyRent: 1100,
      bedrooms: 2,
      bathrooms: 1,
      squareFeet: 80,
      areaUnit: "sqm",
      currency: "GBP",
      latitude,
      longitude,
      images: ((await upload.json()) as { files: string[] }).files,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return ((await created.json()) as { property: { id: number } }).property.id;
}

test("save a map area from the map view; a listing inside it tells the member, one outside it nobody", async ({ page, browser }) => {
  // The map view, axe over it and two workers' jobs take longer than the default on CI's two cores.
  test.setTimeout(90_000);
  const tenant = await register(page.request, "tenant");
  const address = mailAddress("saved-area");
  sql("UPDATE users SET email = :'address', email_verified_at = now() WHERE username = :'name';", { address, name: tenant.username });
  const name = `Portree harbour ${stamp()}`;

  // The map view over the area, as "Search this area" leaves it (or a shared link), saved with its button.
  await visit(page, `/find-properties?beds=2&view=map&mapArea=${AREA_PARAM}`);
  await expect(page.getByRole("region", { name: "Map of search results" })).toBeVisible();
  const item = await saveSearch(page, name, { suggested: "Homes in this map area" });

  // On the dashboard it is a map area, with its filters, alerts on and a link back to the map view.
  await expect(item.getByText("Map area", { exact: true })).toBeVisible();
  await expect(item).toContainText("2+ bedrooms");
  await expect(item.getByRole("checkbox", { name: `Alerts for “${name}”` })).toBeChecked();
  await expectNoSeriousViolation(page);
  // The link is in the tab order, after the alerts switch.
  await item.getByRole("checkbox", { name: `Alerts for “${name}”` }).focus();
  await page.keyboard.press("Tab");
  await expect(item.getByRole("link", { name: `Open “${name}”` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/find-properties\?/);
  const reopened = new URL(page.url()).searchParams;
  expect(reopened.get("mapArea")).toBe(AREA_PARAM);
  expect(reopened.get("view")).toBe("map");
  expect(reopened.get("beds")).toBe("2");
  await expect(page.getByRole("region", { name: "Map of search results" })).toBeVisible();

  // A landlord lists a cottage in Broadford, outside the area, then one in Portree, inside it.
  const landlordContext = await browser.newContext();
  const landlord = await landlordContext.newPage();
  await register(landlord.request, "landlord");
  const outsideTitle = `Cottage in Broadford ${stamp()}`;
  const outside = await listPlacedProperty(landlord.request, outsideTitle, "57.2406", "-5.9108");
  const insideTitle = `Cottage above the harbour ${stamp()}`;
  const inside = await listPlacedProperty(landlord.request, insideTitle, "57.4125", "-6.1964");
  await landlordContext.close();
  await matched(outside);
  await matched(inside);

  // The listing inside tells the member, in the app and by email; the one outside tells nobody.
  await page.goto("/notifications");
  const about = (title: string) => page.getByRole("list", { name: "Notifications, newest first" }).getByRole("listitem").filter({ hasText: title });
  const notification = about(insideTitle).getByRole("link", { name: `Unread: New listing for your saved search “${name}”` });
  await expect(notification).toBeVisible();
  await expect(about(outsideTitle)).toHaveCount(0);
  const mail = await latestMail(address, { subject: name });
  expect(mail.subject).toBe(`New listing for your saved search “${name}”`);
  expect(mail.text).toContain(insideTitle);
  expect(mail.text).not.toContain(outsideTitle);
  expect(mail.links.some((l) => l.endsWith(`/properties/${inside}`))).toBeTruthy();
  expect(await mailCount(address)).toBe(1);
  await notification.click();
  await expect(page).toHaveURL(new RegExp(`/properties/${inside}$`));
  await expect(page.getByRole("heading", { level: 1, name: insideTitle })).toBeVisible();
});

test("save a location page's search: the postcode is its place, with the page's filters", async ({ page }) => {
  await register(page.request, "tenant");
  const name = `Near St James's ${stamp()}`;
  await visit(page, "/location/SW1A%201AA?beds=2");
  await expect(page.getByRole("article", { name: "Mansion-Block Flat in St James's" })).toBeVisible();
  const item = await saveSearch(page, name, { suggested: "SW1A 1AA", axe: true });
  await expect(item).toContainText("Postcode: SW1A 1AA");
  await expect(item).toContainText("2+ bedrooms");
  // Its link (Find Properties' zipCode) opens the location page again, with its filters.
  await item.getByRole("link", { name: `Open “${name}”` }).click();
  await expect(page).toHaveURL(/\/location\/SW1A%201AA\?beds=2$/);
  await expect(page.getByRole("combobox", { name: "Bedrooms" })).toHaveValue("2");
});
