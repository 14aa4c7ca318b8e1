import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, listProperty, makeAdmin, register, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// The paid check in demo mode against the real server (issue 14, part B: the server runs without
// a Stripe key): an owner goes from the dashboard's Verification Pending part to
// /verification-payment/{id}, pays the $19.99 with Simulate Payment,
// ends on the success screen with mock=true, which says what the server says of the payment, and
// the paid check waits in the administrators' queue; the property is not verified by paying, its
// payment screen says it is paid, and once an administrator rejects the check both screens say so,
// with the refund (issue 25, item 7).

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

test("a demo payment ends on the success page and the paid check waits for an administrator", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await register(page.request, "landlord");
  const title = `Flat over the bakery ${stamp()}`;
  const id = await listProperty(page.request, title);

  // The dashboard's Verification Pending part leads to the payment screen.
  await page.goto("/dashboard?tab=pending");
  const pending = page.getByRole("region", { name: "Verification Pending" });
  await expect(pending).toContainText("Verification Fee $19.99");
  await expectNoSeriousViolation(page);
  await pending.getByRole("link", { name: `Verify Now: ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/verification-payment/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Verification Payment" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Property Details" })).toContainText(title);
  await expect(page.getByRole("region", { name: "Payment Summary" })).toContainText("$19.99");
  await expect(toasts(page).getByText(/Card payment is disabled in development/)).toBeVisible();
  await expectNoSeriousViolation(page);
  await page.getByRole("button", { name: "Simulate Payment ($19.99)" }).click();

  await expect(page).toHaveURL(new RegExp(`/verification-success/${id}\\?mock=true&propertyId=${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Verification Requests Sent" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "An administrator checks your property" })).toBeVisible();
  // What the server says of the payment (issue 25, item 7), and no date: a paid check never expires.
  const outcome = page.getByRole("region", { name: "Your payment is received" });
  await expect(outcome).toContainText("Your property waits for an administrator's check");
  await expect(page.getByText(/Pending until|21\d\d/)).toHaveCount(0);
  await expectNoSeriousViolation(page);

  // Back on the payment screen, a paid listing says it is paid and offers no second payment.
  await page.goto(`/verification-payment/${id}`);
  await expect(page.getByRole("region", { name: "Verification Check Paid" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Simulate Payment/ })).toHaveCount(0);
  await expectNoSeriousViolation(page);

  await page.goto("/dashboard?tab=pending");
  await expect(pending.getByText(title).locator("xpath=ancestor::li")).toContainText("Paid: waiting for an administrator");

  // Paying verifies nothing: the badge waits for an administrator, whose queue lists the check.
  const property = await page.request.get(`/api/properties/${id}`);
  expect(((await property.json()) as { verified?: boolean }).verified ?? false).toBe(false);
  const again = await page.request.post("/api/verification/demo-payment", { data: { propertyId: id } });
  expect(again.status()).toBe(409);

  const username = makeAdmin();
  const adminPage = await (await browser.newContext()).newPage();
  const login = await adminPage.request.post("/api/login", { data: { username, password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  await adminPage.goto("/admin");
  await expect(adminPage.getByText(title).first()).toBeVisible();

  // An administrator rejects the check: the owner's screens say so, with the reason and the refund.
  const status = await page.request.post("/rentproof.payment.v1.PaymentService/GetPaymentStatus", { data: { propertyId: id } });
  const { requestId } = (await status.json()) as { requestId: number };
  const decided = await adminPage.request.post("/rentproof.admin.v1.AdminService/DecideRequest", {
    data: { requestId, decision: "reject", message: "The photos do not match the address." },
  });
  expect(decided.ok(), await decided.text()).toBeTruthy();
  await page.goto(`/verification-success/${id}?mock=true&propertyId=${id}`);
  const rejected = page.getByRole("region", { name: "Check Rejected" });
  await expect(rejected).toContainText("An administrator rejected your verification check: The photos do not match the address.");
  await expect(rejected).toContainText("Your $19.99 was refunded.");
  await expect(page.getByRole("region", { name: "Your payment is received" })).toHaveCount(0);
  await expectNoSeriousViolation(page);
  // And the owner may pay again.
  await page.goto(`/verification-payment/${id}`);
  await expect(page.getByRole("button", { name: "Simulate Payment ($19.99)" })).toBeEnabled();
});
