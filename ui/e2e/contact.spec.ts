import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, makeAdmin, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// The contact form against the real server (issue 17): SPEC §5's messages and the live counter,
// a message sent ("Message sent!", the "Message Sent!" state, Send Another Message empties the
// form), the stored message in an administrator's /admin, marked handled there; axe on both.

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

test("a visitor's message reaches an administrator, who marks it handled", async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The page is prerendered whole and hydrated: the two must agree.
  const hydration: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /hydrat/i.test(m.text())) hydration.push(m.text());
  });
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page).toHaveTitle("Contact Us | RentProof");
  await expect(page.getByText("Monday to Friday, 9 AM to 5 PM EST")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the FAQ" })).toHaveAttribute("href", "/faq");
  await expect(page.getByRole("link", { name: "abuse@rentproof.com" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Open in maps/ })).toBeVisible();
  expect(hydration).toEqual([]);
  await expectNoSeriousViolation(page);

  // SPEC §5's messages, and the counter as the message is typed.
  const form = page.getByRole("form", { name: "Contact form" });
  const message = form.getByRole("textbox", { name: "Message" });
  await form.getByRole("button", { name: "Send Message" }).click();
  for (const text of [
    "Name must be at least 2 characters",
    "Please enter a valid email address",
    "Please select a subject",
    "Message must be at least 10 characters",
  ]) {
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(form.getByText("0/500", { exact: true })).toBeVisible();
  await message.fill("Too short");
  await expect(form.getByText("9/500", { exact: true })).toBeVisible();
  await message.fill("x".repeat(501));
  await expect(form.getByText("501/500", { exact: true })).toBeVisible();
  await expect(form.getByText("Message cannot exceed 500 characters", { exact: true })).toBeVisible();
  await expectNoSeriousViolation(page);

  // A message sent.
  const name = `Visitor ${stamp()}`;
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form.getByRole("textbox", { name: "Email" }).fill("visitor@example.com");
  await form.getByRole("combobox", { name: "Subject" }).selectOption("feedback");
  await message.fill("The search by postal code is lovely, thank you.");
  await expect(form.getByText("47/500", { exact: true })).toBeVisible();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(toasts(page).getByText("Message sent!", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeFocused();
  await page.getByRole("button", { name: "Send Another Message" }).click();
  await expect(form.getByRole("textbox", { name: "Name" })).toHaveValue("");
  await expect(form.getByRole("textbox", { name: "Name" })).toBeFocused();
  await expect(message).toHaveValue("");
  await expect(form.getByText("0/500", { exact: true })).toBeVisible();

  // The administrator finds it in /admin and marks it handled.
  const username = makeAdmin();
  const adminPage = await (await browser.newContext()).newPage();
  const login = await adminPage.request.post("/api/login", { data: { username, password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  await adminPage.goto("/admin");
  const messages = adminPage.getByRole("region", { name: "Messages" });
  const card = messages.getByRole("article", { name: `Message from ${name}` });
  await expect(card.getByText("The search by postal code is lovely, thank you.")).toBeVisible();
  await expect(card.getByRole("link", { name: "visitor@example.com" })).toHaveAttribute("href", "mailto:visitor@example.com");
  await expect(card.getByText("Feedback", { exact: true })).toBeVisible();
  await expectNoSeriousViolation(adminPage);
  await card.getByRole("button", { name: "Mark handled" }).click();
  await expect(toasts(adminPage).getByText("The message was marked handled.")).toBeVisible();
  await expect(card).toBeHidden();
  await messages.getByRole("checkbox", { name: "Show handled messages" }).check();
  await expect(card.getByText(`Handled by ${username}`)).toBeVisible();
  await expect(card.getByRole("button", { name: "Reopen" })).toBeVisible();

  // Anyone else is refused the list by the server itself.
  const refused = await page.request.post("/rentproof.contact.v1.ContactService/ListContactMessages", {
    data: {},
    headers: { "Content-Type": "application/json" },
  });
  expect(refused.status()).toBe(401);
});

test("an administrator replies to a message from /admin", async ({ page }) => {
  test.setTimeout(60_000);
  const name = `Asker ${stamp()}`;
  const sent = await page.request.post("/rentproof.contact.v1.ContactService/SendContactMessage", {
    data: { name, email: "asker@example.com", subject: "support", message: "How do I verify my flat?" },
    headers: { "Content-Type": "application/json" },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  const username = makeAdmin();
  const login = await page.request.post("/api/login", { data: { username, password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  await page.goto("/admin");
  const messages = page.getByRole("region", { name: "Messages" });
  const card = messages.getByRole("article", { name: `Message from ${name}` });
  await card.getByRole("button", { name: "Reply" }).click();
  const form = card.getByRole("form", { name: `Reply to ${name}` });
  await form.getByRole("button", { name: "Send reply" }).click();
  await expect(form.getByText("Please write a reply", { exact: true })).toBeVisible();
  await form.getByRole("textbox", { name: "Your reply (emailed to asker@example.com)" }).fill("Open your listing and choose Verify.");
  await expect(form.getByText("36/5000", { exact: true })).toBeVisible();
  await expectNoSeriousViolation(page);
  await form.getByRole("button", { name: "Send reply" }).click();
  await expect(toasts(page).getByText("Your reply was sent.")).toBeVisible();
  await expect(card).toBeHidden(); // handled: the open list no longer shows it
  await messages.getByRole("checkbox", { name: "Show handled messages" }).check();
  await expect(card.getByText(`Handled by ${username} on`)).toContainText("1 reply sent");
});
