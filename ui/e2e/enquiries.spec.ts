import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ageAccount, listProperty, register, sql, stamp, type Account } from "./accounts";
import { expectNoSeriousViolation } from "./axe";
import { inDays } from "./clock";
import { latestMail } from "./mailpit";

// Enquiries and viewings against the real server (issue 31). A tenant asks to view a listing at
// two times; its landlord accepts one from the dashboard; the tenant sees it accepted and
// downloads the calendar file; the landlord's reply reaches the tenant's bell and inbox, and the
// email carries the message but neither member's address. Each member has a browser of their own.

/** member registers a member in a browser of their own, with a verified address (mail is sent only to those), a week old. */
async function member(browser: Browser, role: "tenant" | "landlord"): Promise<{ page: Page; account: Account; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const account = await register(page.request, role, role === "tenant" ? "Tess" : "Lorne");
  sql("UPDATE users SET email_verified_at = now() WHERE username = :'name';", { name: account.username });
  ageAccount(account.username);
  // register() writes the address from the role and the username's stamp.
  return { page, account, email: `${role}.${account.username.slice(role.length + 1)}@example.com` };
}

test("a tenant asks for a viewing at two times, the landlord accepts one, the tenant downloads the calendar file and gets the reply", async ({
  browser,
}) => {
  // Two members' journeys with three accessibility checks: 66–72 s in CI's last runs.
  test.setTimeout(120_000);
  const landlord = await member(browser, "landlord");
  const title = `Bakery Flat ${stamp()}`;
  const propertyId = await listProperty(landlord.page.request, title);
  const tenant = await member(browser, "tenant");

  // The tenant asks from the property page, in the listing's zone.
  const t = tenant.page;
  await t.goto(`/properties/${propertyId}`);
  await t.getByRole("button", { name: "Schedule Viewing" }).click();
  const dialog = t.getByRole("dialog", { name: "Schedule Viewing" });
  await expect(dialog.getByRole("note", { name: "Safety" })).toContainText("RentProof never asks anyone to pay a deposit or fee outside the site.");
  await expect(dialog.getByRole("note", { name: "Safety" })).toContainText("This listing is not verified yet");
  const form = dialog.getByRole("form", { name: "Request a viewing" });
  await expect(form.getByRole("group", { name: /Proposed times \(Europe\/London/ })).toBeVisible();
  await form.getByLabel("Time 1", { exact: true }).fill(inDays(3, "10:00"));
  await form.getByRole("button", { name: "Add another time" }).click();
  await form.getByLabel("Time 2", { exact: true }).fill(inDays(4, "18:30"));
  await form.getByLabel(/Message/).fill("Could I see the flat? I work nearby.");
  await expectNoSeriousViolation(t);
  await form.getByRole("button", { name: "Request viewing" }).click();
  const open = dialog.getByRole("link", { name: "Open the conversation" });
  await expect(open).toBeVisible();
  const tenantThread = (await open.getAttribute("href")) ?? "";
  expect(tenantThread).toMatch(/^\/dashboard\/my-enquiries\/\d+$/);
  const threadId = tenantThread.split("/").at(-1);

  // The landlord accepts the later time from the dashboard.
  const l = landlord.page;
  await l.goto("/dashboard?tab=enquiries");
  const panel = l.getByRole("tabpanel", { name: "Enquiries" });
  await panel.getByRole("link", { name: `Tess T. about ${title}` }).click();
  await expect(l).toHaveURL(new RegExp(`/dashboard/enquiries/${threadId}$`));
  await expect(l.getByText("Could I see the flat? I work nearby.")).toBeVisible();
  const viewing = l.getByRole("article", { name: /Viewing request/ });
  await expect(viewing.getByRole("button", { name: /^Accept / })).toHaveCount(2);
  await expectNoSeriousViolation(l);
  await viewing.getByRole("button", { name: /^Accept / }).nth(1).click();
  await expect(viewing.getByRole("heading")).toContainText("Accepted");
  await expect(viewing.getByRole("link", { name: "Download calendar file" })).toBeVisible();

  // The tenant sees it accepted and downloads the calendar file.
  await t.goto("/dashboard?tab=my-enquiries");
  await t.getByRole("tabpanel", { name: "My Enquiries" }).getByRole("link", { name: new RegExp(title) }).click();
  await expect(t).toHaveURL(new RegExp(`${tenantThread}$`));
  const accepted = t.getByRole("article", { name: /Viewing request/ });
  await expect(accepted.getByRole("heading")).toContainText("Accepted");
  const downloading = t.waitForEvent("download");
  await accepted.getByRole("link", { name: "Download calendar file" }).click();
  const download = await downloading;
  const ics = readFileSync(await download.path()).toString();
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("BEGIN:VEVENT");
  expect(ics).toMatch(/DTSTART/);
  expect(ics).toContain(title);
  await expectNoSeriousViolation(t);

  // The landlord replies; the tenant's bell counts it and the email carries it, with no address.
  const reply = `Top bell, ring twice. ${stamp()}`;
  const box = l.getByRole("form", { name: "Reply" });
  await box.getByLabel("Your reply").fill(reply);
  await box.getByRole("button", { name: "Send reply" }).click();
  await expect(l.getByText(reply)).toBeVisible();

  await t.goto("/");
  await expect(t.getByRole("banner").getByRole("link", { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await t.goto("/notifications");
  await expect(t.getByRole("list", { name: "Notifications, newest first" }).getByRole("link").first()).toBeVisible();
  let replyMail = await latestMail(tenant.email);
  await expect
    .poll(async () => (replyMail = await latestMail(tenant.email)).text.includes(reply), { timeout: 30_000, message: "the reply's email" })
    .toBe(true);
  expect(replyMail.text).toContain(reply);
  expect(`${replyMail.text}\n${replyMail.html}`).not.toContain(landlord.email);
  expect(JSON.stringify(replyMail.headers["Reply-To"] ?? [])).not.toContain(landlord.email);
  expect(replyMail.links.some((link) => link.endsWith(tenantThread))).toBeTruthy();

  // The thread reads as read on the landlord's side once the tenant opened it.
  const marked = t.waitForResponse((res) => res.url().includes("MarkThreadRead") && res.ok());
  await t.goto(tenantThread);
  await expect(t.getByText(reply)).toBeVisible();
  await marked;
  await l.reload();
  await expect(l.getByRole("listitem").filter({ hasText: reply })).toContainText("Read");

  // The tenant asks for another viewing inside the thread; the landlord's page, left open, shows
  // it without a reload (an open thread asks again every 10 seconds).
  await t.getByRole("button", { name: "Request another viewing" }).click();
  const again = t.getByRole("dialog", { name: "Request another viewing" }).getByRole("form", { name: "Request a viewing" });
  await again.getByLabel("Time 1", { exact: true }).fill(inDays(6, "17:00"));
  await again.getByRole("button", { name: "Request viewing" }).click();
  await expect(t.getByRole("dialog")).toBeHidden();
  await expect(t.getByRole("article", { name: /Viewing request/ })).toHaveCount(2);
  const viewings = l.getByRole("article", { name: /Viewing request/ });
  await expect(viewings).toHaveCount(2, { timeout: 25_000 });
  await expect(viewings.first().getByRole("button", { name: /^Accept / })).toHaveCount(1);
});

test("a long conversation opens at its latest 100 messages and pages back to the first", async ({ browser }) => {
  const landlord = await member(browser, "landlord");
  const propertyId = await listProperty(landlord.page.request, `Long Talk Flat ${stamp()}`);
  const tenant = await member(browser, "tenant");
  const started = await tenant.page.request.post("/rentproof.enquiry.v1.EnquiryService/StartEnquiry", {
    data: { propertyId, message: "Message 0: is it still free?" },
  });
  expect(started.ok(), await started.text()).toBeTruthy();
  const threadId = ((await started.json()) as { thread: { id: string } }).thread.id;
  // 150 more, straight in the database (a member may send 60 an hour).
  sql(
    `INSERT INTO enquiry_messages (thread_id, author_id, body)
     SELECT t.id, t.enquirer_id, 'Message ' || i FROM enquiry_threads t, generate_series(1, 150) i WHERE t.id = :'thread';`,
    { thread: threadId },
  );

  const l = landlord.page;
  await l.goto(`/dashboard/enquiries/${threadId}`);
  const messages = l.getByRole("region", { name: "Messages" }).getByRole("listitem");
  await expect(l.getByText("Message 150", { exact: true })).toBeVisible();
  await expect(messages).toHaveCount(100);
  await expect(l.getByText("Message 0: is it still free?")).toHaveCount(0);
  const earlier = l.getByRole("button", { name: "Show earlier messages" });
  await expectNoSeriousViolation(l);
  // The connection drops as the reader pages back: the messages shown stay, with an alert, and
  // the same button asks again.
  const failing = (url: URL) => url.pathname.endsWith(".EnquiryService/GetThread");
  await l.route(failing, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "unavailable", message: "The server is unavailable" }) }),
  );
  await earlier.click();
  await expect(l.getByRole("alert").filter({ hasText: "Could not load the earlier messages. Please try again." })).toBeVisible();
  await expect(l.getByText("Message 150", { exact: true })).toBeVisible();
  await expectNoSeriousViolation(l);
  await l.unroute(failing);
  await earlier.click();
  await expect(l.getByText("Message 0: is it still free?")).toBeVisible();
  await expect(messages).toHaveCount(152); // the safety notice, the first message and 150 more
  await expect(earlier).toHaveCount(0);
  await expectNoSeriousViolation(l);
});
