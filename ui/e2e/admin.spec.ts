import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, listProperty, makeAdmin, register, signedInPage, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";
import { fillBesideViewer } from "./fill";

// Direct verification against the real server (issue 14): an owner sends a PDF deed from the
// property page, which verifies nothing yet; an administrator (made with `rentproof admin
// create`, as an operator would) opens it in place in /admin and approves it; the property shows
// Verified with the proof "Ownership documents checked". Anyone else finds no /admin.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

test("an owner sends a PDF deed, an administrator approves it in /admin, the badge says documents", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await register(page.request, "landlord");
  const title = `Cottage by the river ${stamp()}`;
  const id = await listProperty(page.request, title);

  // The owner's documents, from the property page.
  await page.goto(`/properties/${id}`);
  const header = page.locator("header.property-detail__header");
  await header.getByRole("button", { name: "Verify with Documents" }).click();
  const dialog = page.getByRole("dialog", { name: "Verify with Documents" });
  const form = dialog.getByRole("form", { name: "Verify with ownership documents" });
  await form.getByRole("button", { name: "Submit Documents" }).click();
  await expect(form.getByText("Please upload property ownership documents to verify your property")).toBeVisible();
  await form.getByLabel("Ownership documents").setInputFiles({ name: "deed.pdf", mimeType: "application/pdf", buffer: PDF });
  await form.getByRole("textbox", { name: /Notes/ }).fill("The deed from the land registry.");
  await expectNoSeriousViolation(page);
  await form.getByRole("button", { name: "Submit Documents" }).click();
  await expect(toasts(page).getByText("Verification Request Submitted", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(header.getByText("Not verified yet")).toBeVisible();

  // Anyone but an administrator finds no /admin.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();

  // An administrator opens the deed in place and approves it.
  const username = makeAdmin();
  const adminPage = await (await browser.newContext()).newPage();
  const login = await adminPage.request.post("/api/login", { data: { username, password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  // The page's policy must let the document show in place (a blob: frame).
  const refused: string[] = [];
  adminPage.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await adminPage.goto("/admin");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible();
  const card = adminPage.getByRole("article", { name: title });
  await expect(card.getByText("Ownership documents")).toBeVisible();
  await expect(card.getByText("“The deed from the land registry.”")).toBeVisible();
  await card.getByRole("button", { name: "Open deed.pdf" }).click();
  await expect(card.locator('iframe[title="deed.pdf"]')).toBeVisible();
  await adminPage.waitForTimeout(500);
  expect(refused).toEqual([]);
  const message = `The deed matches the listing ${title}.`; // this run's own, among every decision
  await fillBesideViewer(card.getByRole("textbox", { name: "Message to the owner" }), message);
  await expectNoSeriousViolation(adminPage);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(toasts(adminPage).getByText("Property Verified")).toBeVisible();
  await expect(toasts(adminPage).getByText("The request was approved.")).toBeVisible();
  await expect(adminPage.getByRole("article", { name: title })).toHaveCount(0);
  await expect(adminPage.getByRole("region", { name: "Latest decisions" }).getByText(message)).toBeVisible();

  // The badge, with its proof.
  await page.goto(`/properties/${id}`);
  await expect(header.getByText("Verified", { exact: true })).toBeVisible();
  await expect(header.getByText("Ownership documents checked")).toBeVisible();
  await expect(header.getByRole("button", { name: "Already Verified" })).toBeDisabled();
});

// The unverified owner's banner comes with its own code, after the page: a click on the property
// page's buttons as it arrived landed where they had been (a documents dialog that never opened).
// Its place is kept from the first paint, so nothing moves when that code is slow.
test("the property page's buttons stay put while the email banner's code arrives", async ({ page }) => {
  await register(page.request, "landlord");
  const id = await listProperty(page.request, `Loft by the lock ${stamp()}`);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(verify-email-banner|resend-verification)-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/properties/${id}`);
  const button = page.locator("header.property-detail__header").getByRole("button", { name: "Verify with Documents" });
  await expect(button).toBeVisible();
  const before = await button.boundingBox();
  release();
  await expect(page.getByRole("region", { name: "Email verification" }).getByRole("button", { name: "Resend the email" })).toBeEnabled();
  expect(await button.boundingBox()).toEqual(before);
  await button.click();
  await expect(page.getByRole("dialog", { name: "Verify with Documents" })).toBeVisible();
});

// Issue 30: an administrator finds any review from /admin (nobody reported it), removes it with a
// reason, and it leaves the property page; restored with the keyboard alone, it comes back.
test("an administrator removes a review from /admin and restores it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await register(page.request, "landlord");
  const id = await listProperty(page.request, `Flat over the bakery ${stamp()}`);
  const tenant = await (await browser.newContext()).newPage();
  await register(tenant.request, "tenant");
  const title = `Mould in the bathroom ${stamp()}`;
  const posted = await tenant.request.post(`/api/properties/${id}/reviews`, {
    data: { rating: 2, title, content: "Mould came back every month and nobody fixed the fan.", reviewType: "tenant_to_property" },
  });
  expect(posted.ok(), await posted.text()).toBeTruthy();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/properties/${id}`);
  await expect(visitor.getByText(title)).toBeVisible();

  const admin = await signedInPage(browser, makeAdmin(), ADMIN_PASSWORD);
  await admin.goto("/admin");
  const search = admin.getByRole("search", { name: "Find a review" });
  await search.getByRole("searchbox", { name: "Review number or words" }).fill(title);
  await search.getByRole("button", { name: "Find reviews" }).click();
  const card = admin.getByRole("article", { name: `Review ${title}` });
  await expect(card.getByText(/published$/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Restore" })).toHaveCount(0);
  await card.getByRole("textbox", { name: "Reason for the author" }).fill("It names the neighbour in flat 2.");
  await expectNoSeriousViolation(admin);
  await card.getByRole("button", { name: "Remove" }).click();
  await expect(toasts(admin).getByText("Review removed")).toBeVisible();
  await expect(card.getByText(/removed$/)).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);

  // Restore with the keyboard: the reason, then Tab to Restore and Enter.
  await card.getByRole("textbox", { name: "Reason for the author" }).focus();
  await admin.keyboard.type("The name was the landlord's company.");
  await admin.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Restore" })).toBeFocused();
  await admin.keyboard.press("Enter");
  await expect(toasts(admin).getByText("Review restored")).toBeVisible();
  await expect(card.getByText(/published$/)).toBeVisible();
  await expect(admin.getByRole("region", { name: "Latest decisions" }).getByText("The name was the landlord's company.")).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByText(title)).toBeVisible();
});
