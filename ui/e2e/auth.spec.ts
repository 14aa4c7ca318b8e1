import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { latestMail, mailAddress } from "./mailpit";

// Accounts are unique per run (the database outlives a single test). Login failures are
// rate-limited per client address (30 per 15 minutes): these tests make one on purpose.

const QUESTION_1 = "What is the name of your first pet?";
const QUESTION_2 = "In what city were you born?";

interface Account {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

function newAccount(tag: string): Account {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `${tag}.${stamp}@example.com`,
    username: `${tag}_${stamp}`,
    password: "engines1843",
  };
}

/** createAccount registers through the Connect JSON API (outside the browser's session). */
async function createAccount(request: APIRequestContext, account: Account) {
  const res = await request.post("/rentproof.account.v1.AccountService/Register", {
    data: { ...account, role: "tenant" },
  });
  expect(res.ok()).toBeTruthy();
}

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const panel = (page: Page, name: "Login" | "Register") => page.getByRole("tabpanel", { name });

async function expectToast(page: Page, title: string, description?: string) {
  const item = toasts(page).getByRole("listitem").filter({ hasText: title }).first();
  await expect(item).toBeVisible();
  if (description) await expect(item).toContainText(description);
}

async function signIn(page: Page, identifier: string, password: string) {
  const form = panel(page, "Login");
  await form.getByLabel("Username or Email").fill(identifier);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

async function signOut(page: Page, account: Account) {
  await page.getByRole("button", { name: `Account menu for ${account.firstName} ${account.lastName}` }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expectToast(page, "Logged out", "You have been successfully logged out");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
}

async function fill(scope: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await scope.getByLabel(label, { exact: true }).fill(value);
  }
}

test.describe("accounts", () => {
  test("register, sign out, sign in, set security questions, recover the account", async ({ page }) => {
    test.setTimeout(90_000);
    const account = newAccount("e2e");

    // Register: the confirmation never leaves the browser.
    await page.goto("/auth");
    await expect(page).toHaveTitle("Sign In | RentProof");
    await expect(page.getByText("Connect with landlords and tenants globally through verified reviews")).toBeVisible();
    await page.getByRole("tab", { name: "Register" }).click();
    const register = panel(page, "Register");
    await fill(register, {
      "First Name": account.firstName,
      "Last Name": account.lastName,
      Email: account.email,
      Username: account.username,
      Password: account.password,
      "Confirm Password": account.password,
    });
    await expect(register.getByRole("radio", { name: "Tenant" })).toBeChecked();
    const sent = page.waitForRequest((req) => req.url().endsWith("/rentproof.account.v1.AccountService/Register"));
    await register.getByRole("button", { name: "Create Account" }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).not.toHaveProperty("confirmPassword");
    expect(body).toMatchObject({ username: account.username, email: account.email, role: "tenant" });

    await expectToast(page, "Registration successful", `Welcome to RentProof, ${account.firstName}!`);
    await expect(page).toHaveURL(/\/$/);
    const accountButton = page.getByRole("button", { name: `Account menu for ${account.firstName} ${account.lastName}` });
    await expect(accountButton).toHaveText("AL");

    // The account menu: My Dashboard, Rewards, Sign Out.
    await accountButton.click();
    await expect(page.getByRole("menuitem", { name: "My Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("menuitem", { name: "Rewards" })).toHaveAttribute("href", "/gamification");
    await page.keyboard.press("Escape");
    await signOut(page, account);

    // Sign in again, by username.
    await page.goto("/auth");
    await signIn(page, account.username, account.password);
    await expectToast(page, "Login successful", `Welcome back, ${account.firstName}!`);
    await expect(page).toHaveURL(/\/$/);
    await expect(accountButton).toBeVisible();

    // A signed-in visit to /auth goes home.
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);

    // Security questions.
    await page.goto("/dashboard/security-questions");
    await expect(page.getByRole("heading", { level: 1, name: "Security Questions" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Enhance your account security" })).toBeVisible();
    await page.getByLabel("Security Question 1").selectOption(QUESTION_1);
    await expect(page.getByLabel("Security Question 2").locator("option", { hasText: QUESTION_1 })).toHaveCount(0);
    await page.getByLabel("Security Answer 1").fill("Sparky");
    await page.getByLabel("Security Question 2").selectOption(QUESTION_2);
    await page.getByLabel("Security Answer 2").fill("Leeds");
    await page.getByLabel("Current Password").fill(account.password);
    await page.getByRole("button", { name: "Save Security Questions" }).click();
    await expectToast(page, "Security questions updated successfully", "Your account is now more secure.");
    await expect(page.getByRole("status", { name: "Security questions saved" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Enhance your account security" })).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your security questions are set" })).toBeVisible();

    await signOut(page, account);

    // Recover the account with the answers.
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    const find = page.getByRole("form", { name: "Find Your Account" });
    await find.getByLabel("Email").fill(account.email);
    await find.getByLabel("Username").fill(account.username);
    await page.getByRole("button", { name: "Find Account" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Answer Security Questions" })).toBeFocused();

    // Back to Find Account keeps what was typed.
    await page.getByRole("button", { name: "Back to Find Account" }).click();
    await expect(page.getByLabel("Username")).toHaveValue(account.username);
    await page.getByRole("button", { name: "Find Account" }).click();

    // A wrong answer first: its failure toast must not outlive the success.
    const newPassword = "analytical-engine";
    await page.getByLabel(QUESTION_1, { exact: true }).fill("Rex");
    await page.getByLabel(QUESTION_2, { exact: true }).fill("Leeds");
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Password reset failed", "Please check your security answers");
    // Case and spacing do not matter.
    await page.getByLabel(QUESTION_1, { exact: true }).fill(" sparky ");
    await page.getByLabel(QUESTION_2, { exact: true }).fill("LEEDS");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(
      page,
      "Password reset successful",
      "Your password has been reset. You can now login with your new password.",
    );
    // It lands on sign-in, not on an empty step 1, and the stale failure is gone.
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toasts(page).getByRole("listitem").filter({ hasText: "Password reset failed" })).toHaveCount(0);
    await expect(page.getByText("Step 1 of 2")).toHaveCount(0);

    // The old password no longer works (the one deliberate login failure); the new one does.
    await signIn(page, account.email, account.password);
    await expectToast(page, "Login failed", "Invalid username or password");
    await signIn(page, account.email, newPassword);
    await expectToast(page, "Login successful", `Welcome back, ${account.firstName}!`);
    await expect(accountButton).toBeVisible();
  });

  test("a protected page sends a signed-out visitor to sign in, and back after", async ({ page, request }) => {
    const account = newAccount("guard");
    await createAccount(request, account);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("tab", { name: "Login" })).toBeHidden();
    await expect(page.getByRole("button", { name: `Account menu for ${account.firstName} ${account.lastName}` })).toBeVisible();
  });

  test("the login and register forms show every validation message", async ({ page }) => {
    let accountCalls = 0;
    page.on("request", (req) => {
      if (/AccountService\/(Login|Register)$/.test(req.url())) accountCalls++;
    });
    await page.goto("/auth");

    const login = panel(page, "Login");
    await login.getByRole("button", { name: "Login" }).click();
    const identifier = login.getByLabel("Username or Email");
    await expect(identifier).toBeFocused();
    await expect(identifier).toHaveAttribute("aria-invalid", "true");
    await expect(identifier).toHaveAccessibleDescription("Username or email must be at least 3 characters");
    await expect(login.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "Password must be at least 6 characters",
    );
    await identifier.fill("ada");
    await expect(identifier).not.toHaveAttribute("aria-invalid", "true");

    // The tabs work from the keyboard.
    await page.getByRole("tab", { name: "Login" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Register" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");

    const register = panel(page, "Register");
    await register.getByRole("button", { name: "Create Account" }).click();
    for (const label of ["First Name", "Last Name", "Email", "Username", "Password", "Confirm Password"]) {
      await expect(register.getByLabel(label, { exact: true })).toHaveAccessibleDescription("Required");
    }
    await fill(register, {
      "First Name": "Ada",
      "Last Name": "Lovelace",
      Email: "ada@example",
      Username: "ad",
      Password: "short",
      "Confirm Password": "different",
    });
    await expect(register.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(register.getByLabel("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    await expect(register.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "Password must be at least 6 characters",
    );
    await expect(register.getByLabel("Confirm Password")).toHaveAccessibleDescription("Passwords don't match");
    await expect(register.getByText("Passwords don't match")).toBeVisible();

    // The role group: only Tenant and Landlord, chosen with the arrow keys.
    const roles = register.getByRole("group", { name: "I am a:" }).getByRole("radio");
    await expect(roles).toHaveCount(2);
    await expect(register.getByRole("radio", { name: "Tenant" })).toBeChecked();
    await register.getByRole("radio", { name: "Tenant" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(register.getByRole("radio", { name: "Landlord" })).toBeChecked();
    await expect(register.getByRole("radio", { name: "Landlord" })).toBeFocused();

    await expect(register.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(register.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(accountCalls).toBe(0);
  });

  test("the find-account and reset forms validate before asking the server", async ({ page }) => {
    await page.goto("/auth");
    await panel(page, "Login").getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const find = page.getByRole("form", { name: "Find Your Account" });
    await page.getByRole("button", { name: "Find Account" }).click();
    await expect(find.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(find.getByLabel("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    await expect(find.getByLabel("Email")).toBeFocused();
  });

  test("forgot password by email: the link arrives, sets a new password once, and the new one signs in", async ({ page, request }) => {
    const account = { ...newAccount("mailreset"), email: mailAddress("mailreset") };
    await createAccount(request, account);

    await page.goto("/auth");
    await panel(page, "Login").getByRole("link", { name: "Forgot password?" }).click();
    const byEmail = page.getByRole("form", { name: "Get a Link by Email" });
    await byEmail.getByLabel("Email").fill(account.email);
    await byEmail.getByRole("button", { name: "Email Me a Link" }).click();
    await expect(byEmail.getByRole("status")).toHaveText("If an account exists for that address, we sent a link");

    const mail = await latestMail(account.email, { subject: "Reset your RentProof password" });
    const link = mail.links.find((l) => l.includes("/reset-password?token="));
    expect(link, mail.text).toBeTruthy();
    expect(mail.text).toContain("expires after 24 hours");
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a New Password" })).toBeVisible();
    const newPassword = "difference-engine";
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Password reset successful", "Your password has been reset. You can now login with your new password.");
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, account.username, newPassword);
    await expectToast(page, "Login successful", `Welcome back, ${account.firstName}!`);

    // The link works once.
    const again = await request.post("/rentproof.account.v1.AccountEmailService/ResetPasswordWithLink", {
      data: { token: new URL(link!).searchParams.get("token"), newPassword: "third-password", confirmPassword: "third-password" },
    });
    expect(again.status()).toBe(400);
  });
});
