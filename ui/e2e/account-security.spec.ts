import { expect, test } from "@playwright/test";
import { PASSWORD, register } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// Issue 30, /settings › Password and Sessions against the real server: a member signed in in two
// browsers changes the password in one; the other's session ends, so its next page is signed out.

test("changing the password in one browser signs the other out; /settings is axe clean", async ({ page, browser }) => {
  const member = await register(page.request, "tenant", "Grace");
  const other = await (await browser.newContext()).newPage();
  const signedIn = await other.request.post("/api/login", { data: { username: member.username, password: PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  await other.goto("/");
  const menu = other.getByRole("button", { name: `Account menu for ${member.firstName} ${member.lastName}` });
  await expect(menu).toBeVisible();

  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const sessions = page.getByRole("list", { name: "Signed-in sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").filter({ hasText: "(this browser)" })).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Your security questions" }).or(page.getByText(/You have not chosen security questions yet/))).toBeVisible();
  await expectNoSeriousViolation(page);

  // Keyboard only: the password form from its first field.
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current Password").focus();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("New Password", { exact: true })).toBeFocused();
  await page.keyboard.type("a-brand-new-pass");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Confirm New Password")).toBeFocused();
  await page.keyboard.type("a-brand-new-pass");
  await page.keyboard.press("Enter");
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem").filter({ hasText: "Password changed" });
  await expect(toast).toContainText("1 other session signed out.");
  await expect(sessions.getByRole("listitem")).toHaveCount(1);

  // The other browser's next navigation is signed out; this one is still signed in.
  await other.goto("/");
  await expect(other.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(menu).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expectNoSeriousViolation(page);
});
