import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { listProperty, register, sql, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";
import { latestMail, mailAddress } from "./mailpit";

// Issue 32, saved searches with alerts, against the real server, database and Mailpit: a tenant
// saves a search with Find Properties' Save search button, sees it
// on /dashboard › Saved Searches with a link that reopens it, a landlord lists a matching home,
// and the tenant finds the notification in the app and the email in Mailpit.

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

test("save a search, list a matching home as a landlord, see the notification and the email", async ({ page, browser }) => {
  const tenant = await register(page.request, "tenant");
  const address = mailAddress("saved-search");
  sql("UPDATE users SET email = :'address', email_verified_at = now() WHERE username = :'name';", { address, name: tenant.username });
  const name = `Cambridge flats ${stamp()}`;
  // The search as a renter runs it, saved from Find Properties' own button.
  await page.goto("/find-properties?city=Cambridge&propertyType=apartment&currency=GBP&maxRent=2500&beds=2");
  await page.getByRole("button", { name: "Save search" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this search" });
  await dialog.getByLabel("Name").fill(name);
  await expectNoSeriousViolation(page);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Search saved", { exact: true })).toBeVisible();

  await page.goto("/dashboard?tab=searches");
  const item = page.getByRole("list", { name: "Saved searches" }).getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("City: Cambridge");
  await expect(item).toContainText("Apartment · up to 2500 GBP a month · 2+ bedrooms");
  await expect(item.getByRole("checkbox", { name: `Alerts for “${name}”` })).toBeChecked();
  await expectNoSeriousViolation(page);

  // A landlord, in a browser of their own, lists a two-bedroom flat in Cambridge at 1,900 GBP.
  const landlordContext = await browser.newContext();
  const landlord = await landlordContext.newPage();
  await register(landlord.request, "landlord");
  const title = `Flat over the bakery ${stamp()}`;
  const id = await listProperty(landlord.request, title);
  await landlordContext.close();

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
