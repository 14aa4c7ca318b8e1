import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { gate } from "@/test/gate";
import { renderApp } from "@/test/render";
import { makeSession, securityTransport } from "../testing";
import { ChangePasswordForm } from "./change-password-form";

function render(fake: ReturnType<typeof securityTransport>) {
  renderApp({ path: "/", transport: fake.transport, routes: [{ path: "/", element: <ChangePasswordForm /> }] });
  return userEvent.setup();
}

const toasts = () => screen.getByRole("region", { name: "Notifications (F8)" });

describe("ChangePasswordForm", () => {
  it("checks the fields before asking the server", async () => {
    const fake = securityTransport();
    const user = render(fake);
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(screen.getByLabelText("Current Password")).toHaveAccessibleDescription("Required");
    expect(screen.getByLabelText("New Password")).toHaveAccessibleDescription(/Required$/);
    expect(screen.getByLabelText("Current Password")).toHaveFocus();
    await user.type(screen.getByLabelText("New Password"), "short");
    expect(screen.getByLabelText("New Password")).toHaveAccessibleDescription(/Password must be at least 6 characters$/);
    await user.type(screen.getByLabelText("New Password"), "-enough");
    await user.type(screen.getByLabelText("Confirm New Password"), "something-else");
    expect(screen.getByLabelText("Confirm New Password")).toHaveAccessibleDescription("Passwords don't match");
    expect(fake.requests.changePassword).toHaveLength(0);
  });

  it("changes the password, says how many sessions the server ended, and clears the form", async () => {
    const g = gate();
    const fake = securityTransport({ sessions: [makeSession(1, 0, { current: true }), makeSession(2, 30)], hold: g.hold });
    const user = render(fake);
    await user.type(screen.getByLabelText("Current Password"), "old-secret");
    await user.type(screen.getByLabelText("New Password"), "new-secret");
    await user.type(screen.getByLabelText("Confirm New Password"), "new-secret");
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("button", { name: "Changing..." })).toBeDisabled();
    g.release();
    await waitFor(() => expect(toasts()).toHaveTextContent("Password changed"));
    expect(toasts()).toHaveTextContent("1 other session signed out.");
    expect(fake.requests.changePassword[0]).toMatchObject({ currentPassword: "old-secret", newPassword: "new-secret" });
    expect(screen.getByLabelText("Current Password")).toHaveValue("");
    expect(screen.getByLabelText("New Password")).toHaveValue("");
  });

  it("shows the server's refusal of a wrong current password and claims nothing", async () => {
    const fake = securityTransport();
    const user = render(fake);
    await user.type(screen.getByLabelText("Current Password"), "a-guess");
    await user.type(screen.getByLabelText("New Password"), "new-secret");
    await user.type(screen.getByLabelText("Confirm New Password"), "new-secret");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your password is incorrect");
    expect(toasts()).not.toHaveTextContent("Password changed");
    expect(screen.getByLabelText("Current Password")).toHaveValue("a-guess");
  });
});
