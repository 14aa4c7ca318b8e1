import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, listProperty, makeAdmin, register, signedInPage, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// A confirmation the owner did not ask for, against the real server (issue 25): an established
// tenant (a demo member) asks a landlord from the property page; the landlord confirms it, which
// verifies nothing yet; the owner accepts it on /dashboard and the property is verified; an
// administrator then finds the request arranged in /admin, which takes back the tokens it paid and
// withdraws the badge. Everyone has a browser of their own: a shared one would link the accounts.

const REQUESTER = "hannah_lee";
const LANDLORD = "kenji_morita";

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

test("an established tenant asks, the landlord confirms, the owner accepts: verified; an administrator marks it arranged", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The owner: a new landlord with a new listing (page is the owner's browser).
  await register(page.request, "landlord");
  const title = `Loft by the canal ${stamp()}`;
  const id = await listProperty(page.request, title);
  const header = page.locator("header.property-detail__header");

  // The tenant asks the landlord from the property's page.
  const tenant = await signedInPage(browser, REQUESTER);
  await tenant.goto(`/properties/${id}`);
  await tenant.getByRole("button", { name: "Verify Property" }).click();
  const dialog = tenant.getByRole("dialog", { name: "Request Verification" });
  const form = dialog.getByRole("form", { name: "Request Verification" });
  await expect(form.getByText("You'll earn 1 token when this property is verified.")).toBeVisible();
  await expect(form).toContainText("only once the property's owner (or an administrator) accepts it");
  await form.getByRole("searchbox", { name: "Search landlords by username" }).fill("kenji");
  await form.getByRole("radio", { name: `${LANDLORD} Landlord` }).check();
  await form.getByRole("textbox", { name: /Notes/ }).fill("I rented the flat next door last year.");
  await form.getByRole("button", { name: "Submit Request" }).click();
  await expect(toasts(tenant).getByText("Verification Request Submitted", { exact: true })).toBeVisible();
  await expect(toasts(tenant).getByText(`Your request has been sent to ${LANDLORD}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Asking the same person again is refused in the server's words, in the form.
  await tenant.getByRole("button", { name: "Verify Property" }).click();
  await form.getByRole("searchbox", { name: "Search landlords by username" }).fill("kenji");
  await form.getByRole("radio", { name: `${LANDLORD} Landlord` }).check();
  await form.getByRole("button", { name: "Submit Request" }).click();
  await expect(form.getByRole("alert")).toHaveText(`${LANDLORD} already has a pending request to verify this property.`);
  await tenant.keyboard.press("Escape");

  // The landlord confirms it on their dashboard: a confirmation that waits for the owner.
  const landlord = await signedInPage(browser, LANDLORD);
  await landlord.goto("/dashboard?tab=verification");
  const received = landlord.getByRole("region", { name: "Verification Requests" });
  await received.getByRole("tab", { name: /Received/ }).click();
  const request = received.getByRole("article", { name: title });
  await expect(request.getByText("Pending", { exact: true })).toBeVisible();
  await expect(request).toContainText(`From ${REQUESTER}`);
  await expect(request).toContainText("For the address: 18 Mill Road");
  await request.getByRole("button", { name: `Approve: ${title}` }).click();
  const approve = landlord.getByRole("dialog", { name: "Approve Verification Request" });
  await expect(approve).toContainText("your confirmation verifies the property once the owner (or an administrator) accepts it");
  await approve.getByRole("textbox", { name: /Message/ }).fill("Seen it: the details are right.");
  await approve.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(toasts(landlord).getByText("Verification request updated successfully.")).toBeVisible();
  await expect(toasts(landlord).getByText("The property is verified once its owner accepts your confirmation.")).toBeVisible();
  // An established member's request, nobody linked: the answer earned its token, and the toast claims no less.
  await expect(toasts(landlord).getByText(/earned no token/)).toHaveCount(0);
  await expect(request.getByText("Confirmed — waiting for the owner", { exact: true })).toBeVisible();

  // Not verified yet.
  await page.goto(`/properties/${id}`);
  await expect(header.getByText("Not verified yet")).toBeVisible();

  // The owner accepts it on their dashboard.
  await page.goto("/dashboard?tab=verification");
  const confirmations = page.getByRole("region", { name: "Confirmations to accept" });
  const confirmation = confirmations.getByRole("article", { name: title });
  await expect(confirmation).toContainText(`Confirmed by ${LANDLORD}`);
  await expect(confirmation).toContainText(`asked by ${REQUESTER}`);
  await expect(confirmation).toContainText("Seen it: the details are right.");
  await expect(confirmation).toContainText("I rented the flat next door last year.");
  await expectNoSeriousViolation(page);
  await confirmation.getByRole("button", { name: `Accept: ${title}` }).click();
  await expect(toasts(page).getByText("Property Verified", { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(`You accepted the confirmation: ${title} is verified.`)).toBeVisible();
  await expect(confirmations.getByText("No confirmations are waiting for you.")).toBeVisible();

  await page.goto(`/properties/${id}`);
  await expect(header.getByText("Verified", { exact: true })).toBeVisible();
  await expect(header.getByText("Confirmed by 1 person")).toBeVisible();

  // The tenant's request reads as approved, accepted by the owner.
  await tenant.goto("/dashboard?tab=verification");
  const sent = tenant.getByRole("region", { name: "Verification Requests" });
  await sent.getByRole("tab", { name: "Sent" }).click();
  const mine = sent.getByRole("list", { name: "Sent requests" }).getByRole("article", { name: title });
  await expect(mine.getByText("Approved", { exact: true })).toBeVisible();
  await expect(mine).toContainText("Accepted by the property's owner.");

  // An administrator finds it arranged: the dialog asks why, from the keyboard.
  const admin = await signedInPage(browser, makeAdmin(), ADMIN_PASSWORD);
  await admin.goto("/admin");
  const answered = admin.getByRole("region", { name: "Answered requests" });
  await answered.getByRole("searchbox", { name: "Username (sender or answerer)" }).fill(REQUESTER);
  await answered.getByRole("searchbox", { name: "Username (sender or answerer)" }).press("Enter");
  const card = answered.getByRole("article", { name: title });
  // The landlord's token for answering and the tenant's for the verification.
  await expect(card.getByText("Tokens paid").locator("xpath=following-sibling::dd")).toHaveText("2");
  await expect(card.getByText("Arranged", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText("No");
  await expectNoSeriousViolation(admin);
  const mark = card.getByRole("button", { name: /^Mark arranged: request #/ });
  await mark.focus();
  await admin.keyboard.press("Enter");
  const arranged = admin.getByRole("dialog", { name: "Mark Request Arranged" });
  const reason = arranged.getByRole("textbox", { name: "Why was it arranged?" });
  await expect(reason).toBeVisible();
  await arranged.getByRole("button", { name: "Mark arranged", exact: true }).click();
  await expect(arranged.getByText("Please say why the request was arranged: it is kept with the decision.")).toBeVisible();
  await expect(reason).toBeFocused();
  await expectNoSeriousViolation(admin);
  await admin.keyboard.type("The two accounts were set up together to verify this listing.");
  await admin.keyboard.press("Tab");
  await admin.keyboard.press("Tab");
  await expect(arranged.getByRole("button", { name: "Mark arranged", exact: true })).toBeFocused();
  await admin.keyboard.press("Enter");
  await expect(toasts(admin).getByText("Marked arranged", { exact: true })).toBeVisible();
  await expect(toasts(admin).getByText("2 tokens were taken back. The verification it granted was withdrawn.")).toBeVisible();
  await expect(arranged).toBeHidden();
  await expect(card.getByText("Arranged", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(/^Yes, marked /);
  await expect(card.getByRole("button", { name: /^Mark arranged/ })).toHaveCount(0);
  await expect(admin.getByRole("region", { name: "Latest decisions" })).toContainText("The two accounts were set up together");

  // The badge it granted is gone.
  await page.reload();
  await expect(header.getByText("Not verified yet")).toBeVisible();

  for (const p of [tenant, landlord, admin]) await p.context().close();
});
