import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, listProperty, makeAdmin, register, stamp, type Account } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// Verified reviews against the real server (issue 27). On a listing of its own (verified by an
// administrator from the owner's deed), a tenant claims a tenancy and sends a lease, an
// administrator approves it: the tenant's review carries "Verified Tenant" with its proof, and
// "Verified reviews only" keeps it and drops the others. Then the owner reviews that tenancy from
// the dashboard's link: it stays hidden from a visitor until the tenant's review of the landlord
// is posted, and both show at once.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** World is a verified listing, its owner, and a tenant whose tenancy there an administrator verified. */
interface World {
  owner: Page;
  tenant: Page;
  tenantAccount: Account;
  propertyId: number;
  tenancyId: number;
}

/** adminPage signs a new administrator in, in a browser of their own. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = await page.request.post("/api/login", { data: { username: makeAdmin(), password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  return page;
}

/** rpc posts a Connect call and returns its answer, failing the test on an error. */
async function rpc<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/**
 * verifiedTenancy builds the world through the server's own paths: the owner lists and sends a
 * deed, an administrator approves it; the tenant claims March 2023 to January 2025 and sends a
 * lease, an administrator approves it.
 */
async function verifiedTenancy(browser: Browser): Promise<World> {
  const owner = await (await browser.newContext()).newPage();
  await register(owner.request, "landlord", "Olwen");
  const propertyId = await listProperty(owner.request, `Canal-side flat ${stamp()}`);
  const upload = await owner.request.post(`/api/properties/${propertyId}/upload-documents`, {
    multipart: { documents: { name: "deed.pdf", mimeType: "application/pdf", buffer: PDF } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const { requestId } = await rpc<{ requestId: number }>(owner, "/rentproof.admin.v1.DocumentService/SubmitDirectVerification", {
    propertyId,
    documentUrls: ((await upload.json()) as { files: string[] }).files,
    documentsProvided: true,
    selfVerified: true,
  });
  const admin = await adminPage(browser);
  await rpc(admin, "/rentproof.admin.v1.AdminService/DecideRequest", { requestId, decision: "approve", message: "The deed matches." });

  const tenant = await (await browser.newContext()).newPage();
  const tenantAccount = await register(tenant.request, "tenant", "Rhea");
  const { tenancy } = await rpc<{ tenancy: { id: number } }>(tenant, "/rentproof.tenancy.v1.TenancyService/ClaimTenancy", {
    propertyId,
    fromMonth: "2023-03",
    toMonth: "2025-01",
  });
  const lease = await tenant.request.post(`/api/tenancies/${tenancy.id}/documents`, {
    multipart: { kind: "lease", documents: { name: "lease.pdf", mimeType: "application/pdf", buffer: PDF } },
  });
  expect(lease.ok(), await lease.text()).toBeTruthy();
  await rpc(admin, "/rentproof.admin.v1.AdminService/DecideTenancy", { id: tenancy.id, approve: true, message: "The lease names the tenant." });
  await admin.context().close();
  return { owner, tenant, tenantAccount, propertyId, tenancyId: tenancy.id };
}

const reviews = (page: Page) => page.getByRole("region", { name: "Reviews", exact: true });
const card = (page: Page, title: string) =>
  reviews(page).getByRole("list", { name: "Reviews" }).getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });

/** writeReview fills and sends the open review form. */
async function writeReview(page: Page, dialogName: string, title: string, content: string) {
  const form = page.getByRole("dialog", { name: dialogName }).getByRole("form", { name: dialogName });
  await form.getByRole("radiogroup", { name: "Rating" }).getByRole("radio", { name: "4 stars" }).check();
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Your Review").fill(content);
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByRole("dialog", { name: dialogName })).toBeHidden();
}

test("a verified tenant's review carries its label and proof, and the filter keeps it", async ({ browser }) => {
  test.setTimeout(120_000);
  const { tenant, propertyId } = await verifiedTenancy(browser);

  // The form tells the tenant the label before they write.
  await tenant.goto(`/properties/${propertyId}`);
  await reviews(tenant).getByRole("button", { name: "Write a Review" }).click();
  const form = tenant.getByRole("dialog", { name: "Write a Review" }).getByRole("form", { name: "Write a Review" });
  await expect(form.getByText(/Your review will be labelled Verified Tenant/)).toContainText(
    "Tenancy checked from documents, Mar 2023 – Jan 2025",
  );
  await writeReview(tenant, "Write a Review", "Two good years by the canal", "Repairs were quick and the heating never failed in winter.");

  // Someone without a tenancy reviews it too: unlabelled.
  const other = await (await browser.newContext()).newPage();
  await register(other.request, "tenant", "Otto");
  await other.goto(`/properties/${propertyId}`);
  await reviews(other).getByRole("button", { name: "Write a Review" }).click();
  await expect(other.getByRole("link", { name: "Verify your stay" })).toHaveAttribute("href", `/dashboard?tab=tenancies&claim=${propertyId}`);
  await writeReview(other, "Write a Review", "Visited a friend here", "A friendly building with a noisy lift and a lovely garden.");

  // A visitor sees the label, its proof on keyboard focus, the count and the filter.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/properties/${propertyId}`);
  const verified = card(visitor, "Two good years by the canal");
  const badge = verified.getByRole("button", { name: "Verified Tenant" });
  await expect(badge).toBeVisible();
  await expect(card(visitor, "Visited a friend here").getByText(/Verified/)).toHaveCount(0);
  await expect(reviews(visitor).getByText("1 verified")).toBeVisible();
  await badge.focus();
  await expect(visitor.getByRole("tooltip")).toHaveText("Tenancy checked from documents, Mar 2023 – Jan 2025");
  await expect(badge).toBeFocused();
  await expectNoSeriousViolation(visitor);
  await visitor.keyboard.press("Escape");

  await reviews(visitor).getByRole("checkbox", { name: "Verified reviews only" }).check();
  await expect(visitor).toHaveURL(new RegExp(`/properties/${propertyId}\\?reviews=verified$`));
  await expect(card(visitor, "Visited a friend here")).toHaveCount(0);
  await expect(card(visitor, "Two good years by the canal")).toBeVisible();
  // The address keeps the filter.
  await visitor.reload();
  await expect(reviews(visitor).getByRole("checkbox", { name: "Verified reviews only" })).toBeChecked();
  await expect(card(visitor, "Two good years by the canal")).toBeVisible();
  await expect(card(visitor, "Visited a friend here")).toHaveCount(0);
});

test("a landlord's review of a verified tenancy and the tenant's of the landlord stay hidden until both are posted", async ({ browser }) => {
  test.setTimeout(120_000);
  const { owner, tenant, tenantAccount, propertyId, tenancyId } = await verifiedTenancy(browser);
  const tenantName = `${tenantAccount.firstName} ${tenantAccount.lastName.charAt(0)}.`;

  // The dashboard's "Review this tenant" opens the owner's form on that tenancy.
  await owner.goto(`/properties/${propertyId}?reviewTenancy=${tenancyId}#write-review`);
  const dialog = owner.getByRole("dialog", { name: "Review a Tenant" });
  const form = dialog.getByRole("form", { name: "Review a Tenant" });
  await expect(form.getByRole("combobox", { name: "Tenant" })).toHaveValue(String(tenancyId));
  await expect(form.getByText(/Your review will be labelled Verified Landlord/)).toContainText(`about tenant ${tenantName}`);
  await expect(
    form.getByText("Your review and the other party's stay hidden until both are posted or 14 days have passed; after that neither can be changed."),
  ).toBeVisible();
  await writeReview(owner, "Review a Tenant", "A tenant to recommend", "Rent on time every month and the flat left spotless.");
  const mine = card(owner, "A tenant to recommend");
  await expect(mine.getByText(/Not public yet: Only you can see this review until the tenant's review of you is posted/)).toBeVisible();

  // A visitor sees neither yet.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/properties/${propertyId}`);
  await expect(reviews(visitor).getByRole("heading", { name: "No reviews yet" })).toBeVisible();
  await expect(card(visitor, "A tenant to recommend")).toHaveCount(0);

  // The tenant's review of the landlord, told the same rule, reveals both.
  await tenant.goto(`/properties/${propertyId}`);
  await reviews(tenant).getByRole("button", { name: "Write a Review" }).click();
  const tenantForm = tenant.getByRole("dialog", { name: "Write a Review" }).getByRole("form", { name: "Write a Review" });
  await tenantForm.getByRole("combobox", { name: "Review Type" }).selectOption("tenant_to_landlord");
  await expect(tenantForm.getByText(/stay hidden until both are posted or 14 days have passed/)).toBeVisible();
  await writeReview(tenant, "Write a Review", "A landlord who answers", "Every repair was arranged within the week, and the deposit came back whole.");

  await visitor.reload();
  const landlords = card(visitor, "A tenant to recommend");
  await expect(landlords).toBeVisible();
  await expect(landlords.getByText(`About tenant ${tenantName}`)).toBeVisible();
  await expect(landlords.getByRole("button", { name: "Verified Landlord" })).toBeVisible();
  await expect(card(visitor, "A landlord who answers").getByRole("button", { name: "Verified Tenant" })).toBeVisible();
  await owner.reload();
  await expect(card(owner, "A tenant to recommend").getByText(/Not public yet/)).toHaveCount(0);
});
