import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeUser, renderApp } from "@/test/render";
import { gate } from "@/test/gate";
import { SECURITY_QUESTIONS, fakeAccounts, type FakeAccount } from "../testing";

const [Q1, Q2] = [SECURITY_QUESTIONS[1], SECURITY_QUESTIONS[2]];

const ADA: FakeAccount = {
  user: makeUser({ id: 11, username: "ada_l", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" }),
  password: "engines1843",
  security: { questions: [Q1, Q2], answers: ["Byron", "London"] },
};

/** findEmail is step 1's Email field (the emailed-link form beside it has one too). */
function findEmail() {
  return within(screen.getByRole("form", { name: "Find Your Account" })).getByLabelText("Email");
}

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

async function renderPage(fake = fakeAccounts({ accounts: [ADA] })) {
  const utils = renderApp({ path: "/forgot-password", transport: fake.transport });
  await screen.findByRole("heading", { level: 2, name: "Find Your Account" });
  return { ...utils, fake, user: userEvent.setup() };
}

async function findAda(user: ReturnType<typeof userEvent.setup>) {
  await user.type(findEmail(), "ada@example.com");
  await user.type(screen.getByLabelText("Username"), "ada_l");
  await user.click(screen.getByRole("button", { name: "Find Account" }));
  return screen.findByRole("heading", { level: 2, name: "Answer Security Questions" });
}

describe("ForgotPasswordPage", () => {
  it("starts at step 1 with a link back to the login page", async () => {
    await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Reset Password" })).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Login" })).toHaveAttribute("href", "/auth");
    expect(document.title).toBe("Reset Password | RentProof");
  });

  it("validates the find-account form", async () => {
    const { user, fake } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Find Account" }));
    expect(findEmail()).toHaveAccessibleDescription("Please enter a valid email address");
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    expect(findEmail()).toHaveFocus();
    await user.type(findEmail(), "ada@");
    await user.type(screen.getByLabelText("Username"), "ad");
    expect(findEmail()).toHaveAccessibleDescription("Please enter a valid email address");
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    expect(fake.requests.findAccount).toHaveLength(0);
  });

  it("answers a pair that names no account with two questions too, whose answers then fail alike", async () => {
    const { user, fake } = await renderPage();
    await user.type(findEmail(), "ada@example.com");
    await user.type(screen.getByLabelText("Username"), "someone_else");
    await user.click(screen.getByRole("button", { name: "Find Account" }));
    await screen.findByRole("heading", { level: 2, name: "Answer Security Questions" });
    await user.type(screen.getByLabelText(SECURITY_QUESTIONS[4]), "Ford");
    await user.type(screen.getByLabelText(SECURITY_QUESTIONS[7]), "Metropolis");
    await user.type(screen.getByLabelText("New Password"), "analytical");
    await user.type(screen.getByLabelText("Confirm New Password"), "analytical");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(notifications()).toHaveTextContent("Please check your security answers"));
    // The emailed link is offered for every pair, to the address of step 1.
    await user.click(screen.getByRole("button", { name: "Email Me a Link Instead" }));
    expect(await screen.findByText("If an account exists for that address, we sent a link")).toHaveAttribute("role", "status");
    expect(fake.requests.sendPasswordResetLink).toEqual([expect.objectContaining({ email: "ada@example.com" })]);
  });

  it("emails a reset link from step 1 and says the same whatever the address", async () => {
    const { user, fake } = await renderPage();
    const form = screen.getByRole("form", { name: "Get a Link by Email" });
    await user.click(within(form).getByRole("button", { name: "Email Me a Link" }));
    expect(within(form).getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    await user.type(within(form).getByLabelText("Email"), "  nobody@example.com ");
    await user.click(within(form).getByRole("button", { name: "Email Me a Link" }));
    expect(await within(form).findByText("If an account exists for that address, we sent a link")).toBeInTheDocument();
    expect(fake.requests.sendPasswordResetLink).toEqual([expect.objectContaining({ email: "nobody@example.com" })]);
  });

  it("asks the account's two questions, validates step 2, and goes back to step 1 keeping the entries", async () => {
    const g = gate();
    const fake = fakeAccounts({ accounts: [ADA], hold: g.hold });
    const { user } = await renderPage(fake);
    await user.type(findEmail(), "ada@example.com");
    await user.type(screen.getByLabelText("Username"), "ada_l");
    await user.click(screen.getByRole("button", { name: "Find Account" }));
    expect(await screen.findByRole("button", { name: "Finding account..." })).toBeDisabled();
    g.release();

    const heading = await screen.findByRole("heading", { level: 2, name: "Answer Security Questions" });
    expect(heading).toHaveFocus();
    expect(screen.getByText("Step 2 of 2")).toBeInTheDocument();
    expect(screen.getByLabelText(Q1)).toBeInTheDocument();
    expect(screen.getByLabelText(Q2)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getByLabelText(Q1)).toHaveAccessibleDescription("Security answer is required");
    expect(screen.getByLabelText(Q2)).toHaveAccessibleDescription("Security answer is required");
    expect(screen.getByLabelText("New Password")).toHaveAccessibleDescription("Password must be at least 6 characters");
    expect(screen.getByLabelText("Confirm New Password")).toHaveAccessibleDescription(
      "Password must be at least 6 characters",
    );
    await user.type(screen.getByLabelText("New Password"), "analytical");
    await user.type(screen.getByLabelText("Confirm New Password"), "analytica");
    expect(screen.getByLabelText("Confirm New Password")).toHaveAccessibleDescription("Passwords don't match");
    expect(fake.requests.resetPassword).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Back to Find Account" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Find Your Account" })).toHaveFocus();
    expect(findEmail()).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Username")).toHaveValue("ada_l");
  });

  it("reports wrong answers with the server's message and stays at step 2", async () => {
    const { user } = await renderPage();
    await findAda(user);
    await user.type(screen.getByLabelText(Q1), "Babbage");
    await user.type(screen.getByLabelText(Q2), "London");
    await user.type(screen.getByLabelText("New Password"), "analytical");
    await user.type(screen.getByLabelText("Confirm New Password"), "analytical");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(notifications()).toHaveTextContent("Password reset failed"));
    expect(notifications()).toHaveTextContent("Please check your security answers");
    expect(screen.getByRole("heading", { level: 2, name: "Answer Security Questions" })).toBeInTheDocument();
  });

  it("resets the password with the right answers in any case, then lands on sign-in without the stale failure", async () => {
    const { user, fake } = await renderPage();
    await findAda(user);
    await user.type(screen.getByLabelText(Q1), "Lovelace");
    await user.type(screen.getByLabelText(Q2), "London");
    await user.type(screen.getByLabelText("New Password"), "analytical");
    await user.type(screen.getByLabelText("Confirm New Password"), "analytical");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(notifications()).toHaveTextContent("Password reset failed"));

    await user.clear(screen.getByLabelText(Q1));
    await user.type(screen.getByLabelText(Q1), "  byron ");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    await waitFor(() => expect(notifications()).toHaveTextContent("Password reset successful"));
    expect(notifications()).toHaveTextContent("Your password has been reset. You can now login with your new password.");
    expect(notifications()).not.toHaveTextContent("Password reset failed");
    expect(screen.queryByText("Step 1 of 2")).not.toBeInTheDocument();
    expect(fake.requests.resetPassword[1]).toMatchObject({ userId: 11, securityAnswer1: "  byron ", newPassword: "analytical" });
    expect(fake.passwordOf("ada_l")).toBe("analytical");
  });
});
