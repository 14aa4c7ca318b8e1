import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeUser, renderApp } from "@/test/render";
import { gate } from "@/test/gate";
import { SECURITY_QUESTIONS, fakeAccounts } from "../testing";

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

async function renderPage(fake = fakeAccounts({ signedInAs: makeUser({ hasSecurityQuestions: false }) })) {
  const utils = renderApp({ path: "/dashboard/security-questions", transport: fake.transport });
  await screen.findByRole("combobox", { name: "Security Question 1" });
  return { ...utils, fake, user: userEvent.setup() };
}

/** fillAndSave answers the first two questions ("Sparky", "Rex") with the password, and saves. */
async function fillAndSave(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.selectOptions(screen.getByRole("combobox", { name: "Security Question 1" }), SECURITY_QUESTIONS[0]);
  await user.type(screen.getByLabelText("Security Answer 1"), "Sparky");
  await user.selectOptions(screen.getByRole("combobox", { name: "Security Question 2" }), SECURITY_QUESTIONS[1]);
  await user.type(screen.getByLabelText("Security Answer 2"), "Rex");
  await user.type(screen.getByLabelText("Current Password"), password);
  await user.click(screen.getByRole("button", { name: "Save Security Questions" }));
}

function optionsOf(name: string) {
  return within(screen.getByRole("combobox", { name }))
    .getAllByRole("option")
    .map((o) => o.textContent);
}

describe("SecurityQuestionsPage", () => {
  it("offers the server's questions, the second list leaving out the first choice", async () => {
    const { user } = await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Security Questions" })).toBeInTheDocument();
    expect(optionsOf("Security Question 1")).toEqual(["Select a question", ...SECURITY_QUESTIONS]);

    await user.selectOptions(screen.getByRole("combobox", { name: "Security Question 2" }), SECURITY_QUESTIONS[3]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Security Question 1" }), SECURITY_QUESTIONS[0]);
    expect(optionsOf("Security Question 2")).not.toContain(SECURITY_QUESTIONS[0]);
    expect(optionsOf("Security Question 2")).toHaveLength(SECURITY_QUESTIONS.length);
    expect(screen.getByRole("combobox", { name: "Security Question 2" })).toHaveValue(SECURITY_QUESTIONS[3]);

    // Choosing the second's question as the first clears the second.
    await user.selectOptions(screen.getByRole("combobox", { name: "Security Question 1" }), SECURITY_QUESTIONS[3]);
    expect(screen.getByRole("combobox", { name: "Security Question 2" })).toHaveValue("");
  });

  it("shows the required messages", async () => {
    const { user, fake } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Save Security Questions" }));
    expect(screen.getByRole("combobox", { name: "Security Question 1" })).toHaveAccessibleDescription(
      "Security question is required",
    );
    expect(screen.getByRole("combobox", { name: "Security Question 2" })).toHaveAccessibleDescription(
      "Security question is required",
    );
    expect(screen.getByLabelText("Security Answer 1")).toHaveAccessibleDescription("Security answer is required");
    expect(screen.getByLabelText("Security Answer 2")).toHaveAccessibleDescription("Security answer is required");
    expect(screen.getByLabelText("Current Password")).toHaveAccessibleDescription(/Required$/);
    expect(screen.getByRole("combobox", { name: "Security Question 1" })).toHaveFocus();
    await user.type(screen.getByLabelText("Security Answer 1"), "   ");
    expect(screen.getByLabelText("Security Answer 1")).toHaveAccessibleDescription("Security answer is required");
    expect(fake.requests.setSecurityQuestions).toHaveLength(0);
  });

  it("shows the enhance-security notice until saved, then the success notice", async () => {
    const g = gate();
    const fake = fakeAccounts({ signedInAs: makeUser({ hasSecurityQuestions: false }), hold: g.hold });
    const { user } = await renderPage(fake);
    expect(screen.getByRole("heading", { name: "Enhance your account security" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Security questions saved" })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Security Question 1" }), SECURITY_QUESTIONS[0]);
    await user.type(screen.getByLabelText("Security Answer 1"), " Sparky ");
    await user.selectOptions(screen.getByRole("combobox", { name: "Security Question 2" }), SECURITY_QUESTIONS[2]);
    await user.type(screen.getByLabelText("Security Answer 2"), "Leeds");
    await user.type(screen.getByLabelText("Current Password"), "secret-pass");
    await user.click(screen.getByRole("button", { name: "Save Security Questions" }));
    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    g.release();

    await waitFor(() => expect(notifications()).toHaveTextContent("Security questions updated successfully"));
    expect(notifications()).toHaveTextContent("Your account is now more secure.");
    const saved = screen.getByRole("status", { name: "Security questions saved" });
    expect(saved).toHaveTextContent("answer these questions on the password reset page");
    expect(saved).toHaveFocus();
    expect(screen.queryByRole("heading", { name: "Enhance your account security" })).not.toBeInTheDocument();
    expect(fake.requests.setSecurityQuestions[0]).toMatchObject({
      securityQuestion1: SECURITY_QUESTIONS[0],
      securityAnswer1: "Sparky",
      securityQuestion2: SECURITY_QUESTIONS[2],
      securityAnswer2: "Leeds",
      currentPassword: "secret-pass",
    });
    expect(screen.getByLabelText("Current Password")).toHaveValue("");
    // The answers do not stay on screen; the questions stay selected, as on a revisit.
    expect(screen.getByLabelText("Security Answer 1")).toHaveValue("");
    expect(screen.getByLabelText("Security Answer 2")).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Security Question 1" })).toHaveValue(SECURITY_QUESTIONS[0]);
    expect(screen.getByRole("combobox", { name: "Security Question 2" })).toHaveValue(SECURITY_QUESTIONS[2]);
  });

  it("shows the saved questions on a revisit, never the answers, and asks for both answers again", async () => {
    const dana = makeUser({ hasSecurityQuestions: true });
    const fake = fakeAccounts({
      signedInAs: dana,
      accounts: [
        {
          user: dana,
          password: "secret-pass",
          security: { questions: [SECURITY_QUESTIONS[4], SECURITY_QUESTIONS[1]], answers: ["Volvo", "Rex"] },
        },
      ],
    });
    const { user } = await renderPage(fake);
    expect(screen.getByRole("combobox", { name: "Security Question 1" })).toHaveValue(SECURITY_QUESTIONS[4]);
    expect(screen.getByRole("combobox", { name: "Security Question 2" })).toHaveValue(SECURITY_QUESTIONS[1]);
    expect(screen.getByLabelText("Security Answer 1")).toHaveValue("");
    expect(screen.getByLabelText("Security Answer 2")).toHaveValue("");
    expect(screen.getByRole("heading", { name: "Your security questions are set" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save Security Questions" }));
    expect(screen.getByLabelText("Security Answer 1")).toHaveAccessibleDescription("Security answer is required");
    expect(screen.getByRole("combobox", { name: "Security Question 1" })).not.toHaveAccessibleDescription();
    expect(fake.requests.setSecurityQuestions).toHaveLength(0);

    await user.type(screen.getByLabelText("Security Answer 1"), "Saab");
    await user.type(screen.getByLabelText("Security Answer 2"), "Rex");
    await user.type(screen.getByLabelText("Current Password"), "secret-pass");
    await user.click(screen.getByRole("button", { name: "Save Security Questions" }));
    await waitFor(() => expect(fake.requests.setSecurityQuestions).toHaveLength(1));
    expect(fake.requests.setSecurityQuestions[0]).toMatchObject({
      securityQuestion1: SECURITY_QUESTIONS[4],
      securityAnswer1: "Saab",
      securityQuestion2: SECURITY_QUESTIONS[1],
    });
  });

  it("says the questions are set instead of the enhance notice when the user has them", async () => {
    await renderPage(fakeAccounts({ signedInAs: makeUser({ hasSecurityQuestions: true }) }));
    expect(screen.getByRole("heading", { name: "Your security questions are set" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Enhance your account security" })).not.toBeInTheDocument();
  });

  it("reports a failure with the server's message, or Please try again", async () => {
    const fake = fakeAccounts({
      signedInAs: makeUser(),
      fail: { setSecurityQuestions: new ConnectError("Please choose two different questions", Code.InvalidArgument) },
    });
    const { user } = await renderPage(fake);
    await fillAndSave(user, "secret-pass");
    await waitFor(() => expect(notifications()).toHaveTextContent("Failed to update security questions"));
    expect(notifications()).toHaveTextContent("Please choose two different questions");
    expect(screen.getByRole("heading", { name: "Enhance your account security" })).toBeInTheDocument();
    expect(screen.getByLabelText("Security Answer 1")).toHaveValue("Sparky");
  });

  it("uses Please try again when the failure has no message", async () => {
    const fake = fakeAccounts({
      signedInAs: makeUser(),
      fail: { setSecurityQuestions: new ConnectError("", Code.Internal) },
    });
    const { user } = await renderPage(fake);
    await fillAndSave(user, "secret-pass");
    await waitFor(() => expect(notifications()).toHaveTextContent("Failed to update security questions"));
    expect(notifications()).toHaveTextContent("Please try again");
  });

  it("needs the current password: the server's refusal shows and nothing is saved", async () => {
    const dana = makeUser({ hasSecurityQuestions: false });
    const fake = fakeAccounts({ signedInAs: dana, accounts: [{ user: dana, password: "secret-pass" }] });
    const { user } = await renderPage(fake);
    await fillAndSave(user, "not-my-password");
    await waitFor(() => expect(notifications()).toHaveTextContent("Your password is incorrect"));
    expect(screen.queryByRole("heading", { name: "Security questions saved" })).not.toBeInTheDocument();
  });
});
