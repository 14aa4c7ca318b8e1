import { expect, test } from "@playwright/test";
import { PASSWORD, register } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// Passkeys (issue 30) with Chromium's virtual authenticator over CDP: a discoverable credential
// with user verification, as a phone's or a laptop's platform authenticator makes. WebAuthn
// refuses IP addresses as the relying party, so this spec talks to the server as localhost (the
// server takes loopback's relying party to be localhost), not 127.0.0.1 as the others do.
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? "8089"}` });

test("add a passkey in /settings, sign out, and sign in with it from /auth without a username", async ({ page }) => {
  test.setTimeout(60_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const account = await register(page.request, "tenant", "Paula");
  await page.goto("/settings#passkeys");
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
  await expectNoSeriousViolation(page);

  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByLabel("Passkey name").fill("Work laptop");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByText("Work laptop", { exact: true })).toBeVisible();
  await expect(section.getByText(/Never used/)).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await expectNoSeriousViolation(page);

  await page.getByRole("button", { name: `Account menu for ${account.firstName} ${account.lastName}` }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  await page.goto("/auth");
  const login = page.getByRole("tabpanel", { name: "Login" });
  await expectNoSeriousViolation(page);
  await login.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("button", { name: `Account menu for ${account.firstName} ${account.lastName}` })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/); // on to the page the sign-out left, as a password sign-in goes

  // The passkey now shows its use.
  await page.goto("/settings#passkeys");
  await expect(page.getByRole("region", { name: "Passkeys" }).getByText(/Last used/)).toBeVisible();

  // A passkey stands in for the current password: /settings › Password, confirmed with the passkey
  // and the password field left empty.
  await page.goto("/settings#password");
  const password = page.getByRole("region", { name: "Password" });
  await password.getByLabel("New Password", { exact: true }).fill("a-new-passphrase");
  await password.getByLabel("Confirm New Password").fill("a-new-passphrase");
  await password.getByRole("button", { name: "Change Password" }).click();
  await expect(password.getByLabel("Current Password")).toHaveAccessibleDescription("Required");
  await password.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(password.getByText(/Confirmed with your passkey/)).toBeVisible();
  await password.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem").filter({ hasText: "Password changed" })).toBeVisible();
  const signIn = await page.request.post("/api/login", { data: { username: account.username, password: "a-new-passphrase" } });
  expect(signIn.status()).toBe(200);
});
