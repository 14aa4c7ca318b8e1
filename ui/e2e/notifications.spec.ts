import { expect, test } from "@playwright/test";
import { register, sql } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// Issue 29, the member's side of notifications, against the real server and database: the bell
// counts what an event wrote (rows seeded here as an event's transaction writes them), the
// /notifications page lists them newest first and marks them read, and /settings › Notifications
// stores an email choice.

test("the bell counts unread notifications, /notifications marks them read, /settings keeps an email choice", async ({ page }) => {
  const tenant = await register(page.request, "tenant");
  sql(
    `INSERT INTO notifications (user_id, category, kind, title, body, link, created_at)
     SELECT id, 'review_responses', 'review_response', 'The owner responded to your review', 'Thanks for the kind words.', '/resources', now() - interval '1 hour'
     FROM users WHERE username = :'name';
     INSERT INTO notifications (user_id, category, kind, title, body, link)
     SELECT id, 'moderation', 'report_decided', 'Your report was decided', '', '/faq' FROM users WHERE username = :'name';`,
    { name: tenant.username },
  );

  await page.goto("/");
  const bell = page.getByRole("banner").getByRole("link", { name: "Notifications, 2 unread" });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByRole("list", { name: "Notifications, newest first" });
  await expect(list.getByRole("link")).toHaveText(["Unread: Your report was decided", "Unread: The owner responded to your review"]);
  await expectNoSeriousViolation(page);

  await page.getByRole("button", { name: "Mark “Your report was decided” as read" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
  await expect(list.getByRole("link", { name: "Your report was decided", exact: true })).toBeVisible();

  // Following a notification's link reads it and opens its object.
  await list.getByRole("link", { name: "Unread: The owner responded to your review" }).click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
  await page.goto("/notifications");
  await expect(list.getByRole("link", { name: /^Unread/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();

  // Settings, from the account menu: one switch per category, security fixed on.
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const levels = page.getByRole("switch", { name: "Levels and badges" });
  await expect(levels).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Security" })).toBeDisabled();
  await expectNoSeriousViolation(page);
  await levels.click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("You will get emails about levels and badges.");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Levels and badges" })).toBeChecked();
});
