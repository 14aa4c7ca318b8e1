import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, makeAdmin, sql, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";
import { latestMail, mailAddress, mailCount } from "./mailpit";

// Undelivered email in /admin (issue 29), against the real servers and the test Mailpit: a message
// to a mailbox the mail server refuses for good (550) is dead after one try and listed; a message
// that died while the mail server was away is resent by an administrator from the keyboard and
// arrives in the inbox once, with its row's Message-ID. The rows are written straight into the
// outbox, as the events that enqueue mail do in their transactions.

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

test("an administrator sees dead and refused email and resends one that then arrives", async ({ browser }) => {
  test.setTimeout(90_000);
  const id = stamp();
  const refused = mailAddress("bounce");
  const later = mailAddress("resend");
  const body = "'Hello.', '<p>Hello.</p>'";
  sql(
    `INSERT INTO outbox_emails (to_address, category, kind, subject, text_body, html_body)
       VALUES (:'refused', 'contact_replies', 'contact_reply', :'refusedSubject', ${body});
     INSERT INTO outbox_emails (to_address, category, kind, subject, text_body, html_body, status, attempts, last_error)
       VALUES (:'later', 'contact_replies', 'contact_reply', :'laterSubject', ${body}, 'dead', 10, '421 4.3.2 Service not available');`,
    { refused, later, refusedSubject: `Refused ${id}`, laterSubject: `Resend me ${id}` },
  );

  const page = await (await browser.newContext()).newPage();
  const username = makeAdmin();
  const login = await page.request.post("/api/login", { data: { username, password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  await page.goto("/admin");
  const section = page.getByRole("region", { name: "Undelivered email" });

  // The sender tries the refused one once and gives up: it shows as dead with the 550.
  const dead = section.getByRole("article", { name: `Refused ${id}` });
  await expect(async () => {
    await page.reload();
    await expect(dead).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dead.getByText(/550 .*mailbox unavailable/)).toBeVisible();
  await expect(dead.getByText(/1 try/)).toBeVisible();
  expect(await mailCount(refused)).toBe(0);

  const card = section.getByRole("article", { name: `Resend me ${id}` });
  await expect(card.getByText("421 4.3.2 Service not available")).toBeVisible();
  await expectNoSeriousViolation(page);
  await card.getByRole("button", { name: "Resend" }).focus();
  await page.keyboard.press("Enter");
  await expect(toasts(page).getByText("The email will be sent again in a moment.")).toBeVisible();
  await expect(card).toHaveCount(0);

  const mail = await latestMail(later, { subject: `Resend me ${id}` });
  expect(mail.messageId).toMatch(/^outbox-\d+@localhost$/);
  expect(mail.text).toContain("Hello.");
  expect(await mailCount(later)).toBe(1);
});
