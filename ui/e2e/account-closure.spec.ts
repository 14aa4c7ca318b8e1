import { expect, test } from "@playwright/test";
import { expectNoSeriousViolation } from "./axe";
import { ADMIN_PASSWORD, PASSWORD, makeAdmin, register, stamp } from "./accounts";

// Issue 30: a member deletes their account at /settings; their review stays on the property
// page, shown as written by "Anonymous User", and the account can no longer sign in.

test("deleting an account in /settings leaves its review as Anonymous User", async ({ page }) => {
  const property = 13;
  const author = await register(page.request, "tenant", "Quentin");
  const title = `Leaky roof ${stamp()}`;
  const created = await page.request.post(`/api/properties/${property}/reviews`, {
    data: {
      rating: 2,
      title,
      content: "Water came through the ceiling every time it rained hard.",
      reviewType: "tenant_to_property",
      language: "en",
      stayPeriod: "current",
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  await page.goto("/settings#delete-account");
  const section = page.getByRole("region", { name: "Delete account" });
  await expect(section).toBeVisible();
  await expectNoSeriousViolation(page);

  // Keyboard only: open the dialog, fill it, confirm.
  await section.getByRole("button", { name: "Delete account" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete account" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolation(page);
  await dialog.getByLabel(`Type your username (${author.username}) to confirm`).fill(author.username);
  await dialog.getByLabel("Current Password").fill(PASSWORD);
  await dialog.getByLabel("Current Password").press("Enter");

  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Your account was deleted");
  await expect(page).not.toHaveURL(/\/settings/);

  await page.goto(`/properties/${property}`);
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Anonymous User");
  await expect(card).not.toContainText("Quentin");

  const login = await page.request.post("/api/login", { data: { username: author.username, password: PASSWORD } });
  expect(login.status()).toBe(401);
});

test("an administrator suspends and reinstates an account in /admin › Accounts", async ({ page, browser }) => {
  const member = await register(page.request, "landlord", "Sven");
  await page.request.post("/api/logout");
  const admin = makeAdmin();
  const signIn = await page.request.post("/api/login", { data: { username: admin, password: ADMIN_PASSWORD } });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();

  await page.goto("/admin");
  const section = page.getByRole("region", { name: "Accounts" });
  await section.getByLabel("Username, email address or account number").fill(member.username);
  await section.getByLabel("Username, email address or account number").press("Enter");
  const card = section.getByRole("article", { name: `Sven Landlord (${member.username})` });
  await expect(card).toContainText("Active");
  await expectNoSeriousViolation(page);
  await card.getByRole("textbox", { name: "Reason to suspend" }).fill("Listings copied from another site.");
  await card.getByRole("button", { name: "Suspend" }).press("Enter");
  await expect(card).toContainText("Suspended on");

  const other = await browser.newContext({ baseURL: page.url() });
  const refused = await other.request.post("/api/login", { data: { username: member.username, password: PASSWORD } });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Listings copied from another site.");

  await card.getByRole("textbox", { name: "Reason to reinstate" }).fill("Checked with the owner.");
  await card.getByRole("button", { name: "Reinstate" }).click();
  await expect(card).toContainText("Active");
  const allowed = await other.request.post("/api/login", { data: { username: member.username, password: PASSWORD } });
  expect(allowed.ok()).toBeTruthy();
  await other.close();
});
