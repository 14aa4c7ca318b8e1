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

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

async function renderPage(fake = fakeAccounts({ accounts: [ADA] })) {
  const utils = renderApp({ path: "/forgot-password", transport: fake.transport });
  await screen.findByRole("heading", { level: 2, name: "Find Your Account" });
  return { ...utils, fake, user: userEvent.setup() };
}

async function findAda(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
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
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    expect(screen.getByLabelText("Email")).toHaveFocus();
    await user.type(screen.getByLabelText("Email"), "ada@");
    await user.type(screen.getByLabelText("Username"), "ad");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    expect(fake.requests.findAccount).toHaveLength(0);
  });

  it("says User not found with the server's message when email and username do not match", async () => {
    const { user } = await renderPage();
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Username"), "someone_else");
    await user.click(screen.getByRole("button", { name: "Find Account" }));
    await waitFor(() => expect(notifications()).toHaveTextContent("User not found"));
    expect(notifications()).toHaveTextContent("Please check your email and username");
    expect(screen.getByRole("heading", { level: 2, name: "Find Your Account" })).toBeInTheDocument();
  });

  it("asks the account's two questions, validates step 2, and goes back to step 1 keeping the entries", async () => {
    const g = gate();
    const fake = fakeAccounts({ accounts: [ADA], hold: g.hold });
    const { user } = await renderPage(fake);
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
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
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Username")).toHaveValue("ada_l");
  });

  it("reports wrong answers with the server's message and stays at step 2", async () => {
    const { user } = await renderPage();
    await findAda(user);
    await user.type(screen.getByLabelText(Q1), "byron");
    await user.type(screen.getByLabelText(Q2), "London");
    await user.type(screen.getByLabelText("New Password"), "analytical");
    await user.type(screen.getByLabelText("Confirm New Password"), "analytical");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(notifications()).toHaveTextContent("Password reset failed"));
    expect(notifications()).toHaveTextContent("Please check your security answers");
    expect(screen.getByRole("heading", { level: 2, name: "Answer Security Questions" })).toBeInTheDocument();
  });

  it("resets the password with the right answers, then starts over at an empty step 1", async () => {
    const g = gate();
    const fake = fakeAccounts({ accounts: [ADA], hold: g.hold });
    const { user } = await renderPage(fake);
    g.release();
    await findAda(user);
    await user.type(screen.getByLabelText(Q1), "Byron");
    await user.type(screen.getByLabelText(Q2), "London");
    await user.type(screen.getByLabelText("New Password"), "analytical");
    await user.type(screen.getByLabelText("Confirm New Password"), "analytical");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));

    await waitFor(() => expect(notifications()).toHaveTextContent("Password reset successful"));
    expect(notifications()).toHaveTextContent(
      "Your password has been reset. You can now login with your new password.",
    );
    expect(await screen.findByRole("heading", { level: 2, name: "Find Your Account" })).toHaveFocus();
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText("Username")).toHaveValue("");
    expect(screen.getByLabelText("Email")).not.toHaveAccessibleDescription();
    expect(fake.requests.resetPassword[0]).toMatchObject({
      userId: 11,
      securityAnswer1: "Byron",
      securityAnswer2: "London",
      newPassword: "analytical",
      confirmPassword: "analytical",
    });
    expect(fake.passwordOf("ada_l")).toBe("analytical");
    const form = screen.getByRole("form", { name: "Find Your Account" });
    expect(within(form).getByRole("button", { name: "Find Account" })).toBeEnabled();
  });
});
