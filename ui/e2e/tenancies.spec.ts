import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, ageAccount, listProperty, makeAdmin, register, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";
import { fillBesideViewer } from "./fill";

// Verified stays against the real server (issue 27). A tenant claims a stay from the dashboard's
// claim link and sends a lease; an administrator opens it in place in /admin and approves it; the
// tenant's stay shows "Verified · documents checked". A landlord whose listing an administrator
// verified (through the queue, never a demo listing) confirms an established tenant's claim and
// is offered "Review this tenant". Everyone has a browser of their own: a shared one would link
// the accounts, and a linked confirmation waits for an administrator.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

/** adminPage signs a new administrator in, in a browser of their own, on /admin. */
async function adminPage(browser: Browser): Promise<Page> {
  const username = makeAdmin();
  const page = await (await browser.newContext()).newPage();
  const login = await page.request.post("/api/login", { data: { username, password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible();
  return page;
}

/** sendDeed sends an ownership deed for the signed-in owner's property to the administrators (REST). */
async function sendDeed(request: APIRequestContext, propertyId: number) {
  const upload = await request.post(`/api/properties/${propertyId}/upload-documents`, {
    multipart: { documents: { name: "deed.pdf", mimeType: "application/pdf", buffer: PDF } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const { files } = (await upload.json()) as { files: string[] };
  const sent = await request.post(`/api/properties/${propertyId}/direct-verification`, {
    data: { documentUrls: files, notes: "The deed.", documentsProvided: true, selfVerified: true },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
}

test("a tenant claims a stay and sends a lease, an administrator approves it in /admin: verified, documents checked", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A landlord lists a flat (a request context of its own: the page is the tenant's).
  await register(request, "landlord");
  const title = `Flat by the market ${stamp()}`;
  const id = await listProperty(request, title);

  // The tenant follows a claim link: the form opens with the flat chosen.
  const tenant = await register(page.request, "tenant", "Tess");
  await page.goto(`/dashboard?tab=tenancies&claim=${id}`);
  const dialog = page.getByRole("dialog", { name: "Claim a tenancy" });
  const form = dialog.getByRole("form", { name: "Claim a tenancy" });
  await expect(form.getByRole("radio", { name: new RegExp(title) })).toBeChecked();
  await form.getByRole("button", { name: "Claim tenancy" }).click();
  await expect(form.getByText("Choose a month").first()).toBeVisible();
  const movedIn = form.getByRole("group", { name: "Moved in" });
  await movedIn.getByLabel("Month").selectOption("March");
  await movedIn.getByLabel("Year").selectOption("2023");
  const movedOut = form.getByRole("group", { name: "Moved out" });
  await movedOut.getByLabel("Month").selectOption("January");
  await movedOut.getByLabel("Year").selectOption("2025");
  await form.getByRole("textbox", { name: /Message/ }).fill("Flat 2, top floor.");
  await expectNoSeriousViolation(page);
  await form.getByRole("button", { name: "Claim tenancy" }).click();
  await expect(toasts(page).getByText("Tenancy claimed", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\?tab=tenancies$/);

  // The listing is not verified: its owner cannot confirm, so the stay is proven with documents.
  const row = page.getByRole("tabpanel", { name: "My Tenancies" }).getByRole("article", { name: title });
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  await expect(row.getByText("Mar 2023 – Jan 2025", { exact: false })).toBeVisible();
  await expect(row.getByText(/^Send documents: this property is not verified/)).toBeVisible();
  await row.getByRole("button", { name: `Upload documents: ${title}` }).click();
  const upload = page.getByRole("dialog", { name: "Upload documents" }).getByRole("form", { name: "Upload documents" });
  await upload.getByLabel("What are they?").selectOption("Lease");
  await upload.getByLabel("Documents").setInputFiles({ name: "lease.pdf", mimeType: "application/pdf", buffer: PDF });
  await expectNoSeriousViolation(page);
  await upload.getByRole("button", { name: "Upload documents" }).click();
  await expect(toasts(page).getByText("Documents sent", { exact: true })).toBeVisible();
  await expect(row.getByText("Documents sent: an administrator will check them")).toBeVisible();
  await expect(row.getByRole("link", { name: "lease.pdf" })).toBeVisible();

  // An administrator opens the lease in place and approves the claim.
  const admin = await adminPage(browser);
  const card = admin.getByRole("region", { name: "Tenancy claims" }).getByRole("article", { name: new RegExp(`: ${title}$`) });
  await expect(card).toContainText(`Tenant ${tenant.username}`);
  await expect(card).toContainText("Mar 2023 – Jan 2025");
  await expect(card).toContainText("The tenant wrote: “Flat 2, top floor.”");
  await card.getByRole("button", { name: "Open lease.pdf" }).click();
  await expect(card.locator("iframe[title='lease.pdf']")).toBeVisible();
  await expectNoSeriousViolation(admin);
  await fillBesideViewer(card.getByLabel("Message to the tenant"), "The lease names you at this address.");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(toasts(admin).getByText("Tenancy verified", { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  // The tenant's stay is verified, with its proof.
  await page.reload();
  await expect(row.getByText("Verified · documents checked")).toBeVisible();
  await expect(row.getByText("Administrator's note: “The lease names you at this address.”")).toBeVisible();
  await expect(row.getByRole("button", { name: /Upload documents/ })).toHaveCount(0);
});

test("a landlord whose listing was verified in /admin confirms an established tenant's claim and may review the tenant", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The owner lists a flat and sends its deed; an administrator approves it in the queue.
  await register(page.request, "landlord");
  const title = `Mews house ${stamp()}`;
  const id = await listProperty(page.request, title);
  const other = await listProperty(page.request, `Mews garage ${stamp()}`);
  await sendDeed(page.request, id);
  const admin = await adminPage(browser);
  await admin.getByRole("article", { name: title, exact: true }).getByRole("button", { name: "Approve" }).click();
  await expect(toasts(admin).getByText("Property Verified")).toBeVisible();

  // An established tenant (a week old with a published review) claims a stay there.
  const tenantPage = await (await browser.newContext()).newPage();
  const tenant = await register(tenantPage.request, "tenant", "Tom");
  const review = await tenantPage.request.post(`/api/properties/${other}/reviews`, {
    data: { rating: 4, title: "Dry and secure", content: "The garage stayed dry all winter and the door locks well.", reviewType: "tenant_to_property" },
  });
  expect(review.ok(), await review.text()).toBeTruthy();
  ageAccount(tenant.username);
  const claimed = await tenantPage.request.post("/rentproof.tenancy.v1.TenancyService/ClaimTenancy", {
    data: { propertyId: id, fromMonth: "2022-01", toMonth: "2023-06" },
  });
  expect(claimed.ok(), await claimed.text()).toBeTruthy();
  const tenancyId = ((await claimed.json()) as { tenancy: { id: number } }).tenancy.id;

  // The owner confirms it on the dashboard.
  await page.goto("/dashboard?tab=claims");
  const claim = page.getByRole("tabpanel", { name: "Tenancy Claims" }).getByRole("article", { name: `Tom T. at ${title}` });
  await expect(claim.getByText("Waiting for you to confirm")).toBeVisible();
  await expect(claim.getByText("Jan 2022 – Jun 2023", { exact: false })).toBeVisible();
  await expectNoSeriousViolation(page);
  await claim.getByRole("button", { name: "Confirm: Tom T." }).click();
  await expect(toasts(page).getByText("Tenancy confirmed", { exact: true })).toBeVisible();
  await expect(claim.getByText("Verified · confirmed by the landlord")).toBeVisible();
  await expect(claim.getByRole("link", { name: "Review this tenant: Tom T." })).toHaveAttribute(
    "href",
    `/properties/${id}?reviewTenancy=${tenancyId}#write-review`,
  );

  // The tenant sees who proved it.
  await tenantPage.goto("/dashboard?tab=tenancies");
  await expect(
    tenantPage.getByRole("tabpanel", { name: "My Tenancies" }).getByRole("article", { name: title }).getByText("Verified · confirmed by the landlord"),
  ).toBeVisible();
});
