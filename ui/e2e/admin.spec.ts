import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, listProperty, makeAdmin, register, stamp } from "./accounts";
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
