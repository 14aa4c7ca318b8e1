import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";
import { RESET_LINK_TOKEN, fakeAccounts } from "../testing";

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

async function renderPage(token: string) {
  const fake = fakeAccounts();
  renderApp({ path: `/reset-password?token=${token}`, transport: fake.transport });
  await screen.findByRole("heading", { level: 1, name: "Choose a New Password" });
  return { fake, user: userEvent.setup() };
}

describe("ResetPasswordPage", () => {
  it("validates with SPEC's password rules, then lands on sign-in with the success message", async () => {
    const { fake, user } = await renderPage(RESET_LINK_TOKEN);
    expect(document.title).toBe("Choose a New Password | RentProof");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getByLabelText("New Password")).toHaveAccessibleDescription("Password must be at least 6 characters");
    await user.type(screen.getByLabelText("New Password"), "analytical");
    await user.type(screen.getByLabelText("Confirm New Password"), "analytica");
    expect(screen.getByLabelText("Confirm New Password")).toHaveAccessibleDescription("Passwords don't match");
    expect(fake.requests.resetPasswordWithLink).toHaveLength(0);
    await user.type(screen.getByLabelText("Confirm New Password"), "l");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    await waitFor(() => expect(notifications()).toHaveTextContent("Password reset successful"));
    expect(notifications()).toHaveTextContent("Your password has been reset. You can now login with your new password.");
    expect(fake.requests.resetPasswordWithLink).toEqual([
      expect.objectContaining({ token: RESET_LINK_TOKEN, newPassword: "analytical", confirmPassword: "analytical" }),
    ]);
  });

  it("reports a spent or unknown link with the server's message and stays", async () => {
    const { user } = await renderPage("spent");
    await user.type(screen.getByLabelText("New Password"), "analytical");
    await user.type(screen.getByLabelText("Confirm New Password"), "analytical");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(notifications()).toHaveTextContent("Password reset failed"));
    expect(notifications()).toHaveTextContent("This link is invalid, has expired or was already used. Please ask for a new one.");
    expect(screen.getByRole("heading", { level: 1, name: "Choose a New Password" })).toBeInTheDocument();
  });

  it("says a link without its token is incomplete", async () => {
    await renderPage("");
    expect(screen.getByRole("alert")).toHaveTextContent("This link is incomplete. Please ask for a new one.");
    expect(screen.getByRole("link", { name: "Reset your password" })).toHaveAttribute("href", "/forgot-password");
  });
});
