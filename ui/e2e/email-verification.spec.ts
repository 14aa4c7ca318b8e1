import { expect, test } from "@playwright/test";
import { PASSWORD, stamp } from "./accounts";
import { latestMail, mailAddress } from "./mailpit";

// Sign-up sends a verification email (issue 29): it arrives in the test Mailpit, its link
// verifies the address, and the banner that asked for it goes away.

test("sign up, receive the verification email, open its link, and the banner goes", async ({ page }) => {
  test.setTimeout(60_000);
  const email = mailAddress("verify");
  const username = `verify_${stamp()}`;

  await page.goto("/auth");
  await page.getByRole("tab", { name: "Register" }).click();
  const register = page.getByRole("tabpanel", { name: "Register" });
  for (const [label, value] of Object.entries({
    "First Name": "Vera",
    "Last Name": "Fier",
    Email: email,
    Username: username,
    Password: PASSWORD,
    "Confirm Password": PASSWORD,
  })) {
    await register.getByLabel(label, { exact: true }).fill(value);
  }
  await register.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/$/);

  const banner = page.getByRole("region", { name: "Email verification" });
  await expect(banner).toContainText("Please verify your email address");
  await expect(banner).toContainText(email);

  const mail = await latestMail(email, { subject: "verify" });
  expect(mail.subject).toBe("Please verify your RentProof email address");
  const link = mail.links.find((l) => l.includes("/verify-email?token="));
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);
  expect(url.origin).toBe(new URL(page.url()).origin); // the link names the site the member signed up on

  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("heading", { name: "Your email address is verified" })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Account menu for Vera Fier" })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // The same link again says so rather than failing.
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("heading", { name: "Your email address is already verified" })).toBeVisible();
});
