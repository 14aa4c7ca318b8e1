import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeUser, renderApp } from "@/test/render";
import { gate } from "@/test/gate";
import { fakeAccounts, type FakeAccount } from "../testing";

const ADA: FakeAccount = {
  user: makeUser({ id: 11, username: "ada_l", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" }),
  password: "engines1843",
};

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

function panel(name: "Login" | "Register") {
  return screen.getByRole("tabpanel", { name });
}

/** registerAs fills the Register tab as Ada King with `username` and submits it. */
async function registerAs(user: ReturnType<typeof userEvent.setup>, username: string) {
  await user.click(screen.getByRole("tab", { name: "Register" }));
  const form = panel("Register");
  await user.type(within(form).getByLabelText("First Name"), "Ada");
  await user.type(within(form).getByLabelText("Last Name"), "King");
  await user.type(within(form).getByLabelText("Email"), "ada.king@example.com");
  await user.type(within(form).getByLabelText("Username"), username);
  await user.type(within(form).getByLabelText("Password"), "secret12");
  await user.type(within(form).getByLabelText("Confirm Password"), "secret12");
  await user.click(within(form).getByRole("button", { name: "Create Account" }));
  return form;
}

/** renderAuth opens /auth (or `path`) against a fake AccountService and waits for the form. */
async function renderAuth(fake = fakeAccounts({ accounts: [ADA] }), path = "/auth") {
  const utils = renderApp({ path, transport: fake.transport });
  await screen.findByRole("tab", { name: "Login" });
  return { ...utils, fake, user: userEvent.setup() };
}

describe("AuthPage", () => {
  it("opens on the Login tab with the tagline, and its tabs work from the keyboard", async () => {
    const { user } = await renderAuth();
    expect(screen.getByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByText("Connect with landlords and tenants globally through verified reviews")).toBeInTheDocument();
    expect(document.title).toBe("Sign In | RentProof");

    const login = screen.getByRole("tab", { name: "Login" });
    expect(login).toHaveAttribute("aria-selected", "true");
    expect(within(panel("Login")).getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.queryByRole("tabpanel", { name: "Register" })).not.toBeInTheDocument();

    login.focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Register" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    expect(panel("Register")).toBeVisible();
    await user.keyboard("{ArrowLeft}");
    expect(login).toHaveAttribute("aria-selected", "true");
  });

  it("shows every login validation message beside its field", async () => {
    const { user, fake } = await renderAuth();
    const form = panel("Login");
    await user.click(within(form).getByRole("button", { name: "Login" }));

    const identifier = within(form).getByLabelText("Username or Email");
    const password = within(form).getByLabelText("Password");
    expect(identifier).toHaveAccessibleDescription("Username or email must be at least 3 characters");
    expect(identifier).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription("Password must be at least 6 characters");
    expect(identifier).toHaveFocus();
    expect(fake.requests.login).toHaveLength(0);

    // Messages follow the typing after a submit attempt.
    await user.type(identifier, "ad");
    expect(identifier).toHaveAccessibleDescription("Username or email must be at least 3 characters");
    await user.type(identifier, "a");
    expect(identifier).not.toHaveAttribute("aria-invalid");
    expect(identifier).not.toHaveAccessibleDescription();
    await user.type(password, "12345");
    expect(password).toHaveAccessibleDescription("Password must be at least 6 characters");
    await user.type(password, "6");
    expect(password).not.toHaveAccessibleDescription();
  });

  it("shows every register validation message beside its field", async () => {
    const { user, fake } = await renderAuth();
    await user.click(screen.getByRole("tab", { name: "Register" }));
    const form = panel("Register");
    const field = (label: string) => within(form).getByLabelText(label);

    await user.click(within(form).getByRole("button", { name: "Create Account" }));
    for (const label of ["First Name", "Last Name", "Email", "Username", "Password", "Confirm Password"]) {
      expect(field(label)).toHaveAccessibleDescription("Required");
      expect(field(label)).toHaveAttribute("aria-invalid", "true");
    }
    expect(field("First Name")).toHaveFocus();

    await user.type(field("First Name"), "Grace");
    await user.type(field("Last Name"), "Hopper");
    await user.type(field("Email"), "grace@navy");
    await user.type(field("Username"), "gh");
    await user.type(field("Password"), "cobol");
    await user.type(field("Confirm Password"), "cobol");
    expect(field("First Name")).not.toHaveAccessibleDescription();
    expect(field("Last Name")).not.toHaveAccessibleDescription();
    expect(field("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(field("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    expect(field("Password")).toHaveAccessibleDescription("Password must be at least 6 characters");
    expect(field("Confirm Password")).toHaveAccessibleDescription("Password must be at least 6 characters");

    await user.type(field("Password"), "1959");
    expect(field("Password")).not.toHaveAccessibleDescription();
    expect(field("Confirm Password")).toHaveAccessibleDescription("Passwords don't match");

    await user.type(field("Username"), " h");
    expect(field("Username")).toHaveAccessibleDescription(
      "Username can only contain letters, numbers, dots, dashes and underscores",
    );
    expect(fake.requests.register).toHaveLength(0);
  });

  it("shows a message once a changed field is left, not while tabbing through", async () => {
    const { user } = await renderAuth();
    const form = panel("Login");
    const identifier = within(form).getByLabelText("Username or Email");
    await user.click(identifier);
    await user.tab();
    expect(identifier).not.toHaveAccessibleDescription();
    await user.type(identifier, "ab");
    await user.tab();
    expect(identifier).toHaveAccessibleDescription("Username or email must be at least 3 characters");
  });

  it("offers only Tenant (the default) and Landlord as roles, as a radio group", async () => {
    const { user } = await renderAuth();
    await user.click(screen.getByRole("tab", { name: "Register" }));
    const group = within(panel("Register")).getByRole("group", { name: "I am a:" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["tenant", "landlord"]);
    expect(within(group).getByRole("radio", { name: "Tenant" })).toBeChecked();

    within(group).getByRole("radio", { name: "Tenant" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(within(group).getByRole("radio", { name: "Landlord" })).toBeChecked();
  });

  it("links the legal pages from the register footer", async () => {
    const { user } = await renderAuth();
    await user.click(screen.getByRole("tab", { name: "Register" }));
    const form = panel("Register");
    expect(within(form).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(within(form).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });

  it("registers without sending the confirmation, welcomes by first name and goes home", async () => {
    const g = gate();
    const fake = fakeAccounts({ accounts: [ADA], hold: g.hold });
    const { user, router } = await renderAuth(fake);
    await user.click(screen.getByRole("tab", { name: "Register" }));
    const form = panel("Register");
    await user.type(within(form).getByLabelText("First Name"), " Grace ");
    await user.type(within(form).getByLabelText("Last Name"), "Hopper");
    await user.type(within(form).getByLabelText("Email"), "grace@example.com");
    await user.type(within(form).getByLabelText("Username"), "grace_h");
    await user.type(within(form).getByLabelText("Password"), "cobol1959");
    await user.type(within(form).getByLabelText("Confirm Password"), "cobol1959");
    await user.click(within(form).getByRole("radio", { name: "Landlord" }));
    await user.click(within(form).getByRole("button", { name: "Create Account" }));

    const pending = await within(form).findByRole("button", { name: "Creating account..." });
    expect(pending).toBeDisabled();

    g.release();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(notifications()).toHaveTextContent("Registration successful");
    expect(notifications()).toHaveTextContent("Welcome to RentProof, Grace!");
    expect(await screen.findByRole("button", { name: "Account menu for Grace Hopper" })).toHaveTextContent("GH");

    expect(fake.requests.register).toHaveLength(1);
    const sent = fake.requests.register[0];
    expect(sent).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      username: "grace_h",
      password: "cobol1959",
      role: "landlord",
    });
    expect(sent).not.toHaveProperty("confirmPassword");
  });

  it("reports a failed registration with the server's message", async () => {
    const { user, router } = await renderAuth();
    const form = await registerAs(user, "ada_l");

    await waitFor(() => expect(notifications()).toHaveTextContent("Registration failed"));
    expect(notifications()).toHaveTextContent("Username already exists");
    expect(within(notifications()).getByRole("listitem")).toHaveClass("toast--destructive");
    expect(router.state.location.pathname).toBe("/auth");
    expect(within(form).getByRole("button", { name: "Create Account" })).toBeEnabled();
  });

  it("takes a failed registration's message away when the next attempt succeeds", async () => {
    const { user, router } = await renderAuth();
    const form = await registerAs(user, "ada_l");
    await waitFor(() => expect(notifications()).toHaveTextContent("Username already exists"));

    await user.type(within(form).getByLabelText("Username"), "_king");
    await user.click(within(form).getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(notifications()).toHaveTextContent("Registration successful");
    expect(notifications()).not.toHaveTextContent("Registration failed");
    expect(notifications()).not.toHaveTextContent("Username already exists");
  });

  it("falls back to the spec's registration message when the server gives none", async () => {
    const fake = fakeAccounts({ fail: { register: new ConnectError("", Code.Internal) } });
    const { user } = await renderAuth(fake);
    await registerAs(user, "ada_k");
    await waitFor(() => expect(notifications()).toHaveTextContent("Registration failed"));
    expect(notifications()).toHaveTextContent("Please try again with different credentials");
  });

  it("signs in by email, shows the pending button, welcomes back and goes home", async () => {
    const g = gate();
    const fake = fakeAccounts({ accounts: [ADA], hold: g.hold });
    const { user, router } = await renderAuth(fake);
    const form = panel("Login");
    await user.type(within(form).getByLabelText("Username or Email"), "ada@example.com");
    await user.type(within(form).getByLabelText("Password"), "engines1843{Enter}");

    const pending = await within(form).findByRole("button", { name: "Logging in..." });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute("aria-busy", "true");

    g.release();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(notifications()).toHaveTextContent("Login successful");
    expect(notifications()).toHaveTextContent("Welcome back, Ada!");
    expect(fake.requests.login[0]).toMatchObject({ username: "ada@example.com", password: "engines1843" });
    expect(await screen.findByRole("button", { name: "Account menu for Ada Lovelace" })).toHaveTextContent("AL");
  });

  it("reports a failed login with the server's message and stays on the page", async () => {
    const { user, router } = await renderAuth();
    const form = panel("Login");
    await user.type(within(form).getByLabelText("Username or Email"), "ada_l");
    await user.type(within(form).getByLabelText("Password"), "wrong-password");
    await user.click(within(form).getByRole("button", { name: "Login" }));

    await waitFor(() => expect(notifications()).toHaveTextContent("Login failed"));
    expect(notifications()).toHaveTextContent("Invalid username or password");
    expect(within(notifications()).getByRole("listitem")).toHaveClass("toast--destructive");
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("shows the rate-limit message the server writes", async () => {
    const fake = fakeAccounts({
      fail: {
        login: new ConnectError("Too many failed attempts. Please try again in 15 minutes.", Code.ResourceExhausted),
      },
    });
    const { user } = await renderAuth(fake);
    const form = panel("Login");
    await user.type(within(form).getByLabelText("Username or Email"), "ada_l");
    await user.type(within(form).getByLabelText("Password"), "engines1843{Enter}");
    await waitFor(() =>
      expect(notifications()).toHaveTextContent("Too many failed attempts. Please try again in 15 minutes."),
    );
    expect(notifications()).not.toHaveTextContent("[resource_exhausted]");
  });

  it("falls back to the spec's login message when the server gives none", async () => {
    const fake = fakeAccounts({ fail: { login: new ConnectError("", Code.Internal) } });
    const { user } = await renderAuth(fake);
    const form = panel("Login");
    await user.type(within(form).getByLabelText("Username or Email"), "ada_l");
    await user.type(within(form).getByLabelText("Password"), "engines1843{Enter}");
    await waitFor(() => expect(notifications()).toHaveTextContent("Login failed"));
    expect(notifications()).toHaveTextContent("Invalid username or password");
  });

  it("returns to the protected page the guard came from after signing in", async () => {
    const fake = fakeAccounts({ accounts: [ADA] });
    const { user, router } = await renderAuth(fake, "/dashboard/security-questions");
    expect(router.state.location.pathname).toBe("/auth");
    const form = panel("Login");
    await user.type(within(form).getByLabelText("Username or Email"), "ada_l");
    await user.type(within(form).getByLabelText("Password"), "engines1843{Enter}");
    expect(await screen.findByRole("heading", { level: 1, name: "Security Questions" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/security-questions");
  });

  it("redirects a signed-in user to the home page", async () => {
    const fake = fakeAccounts({ signedInAs: ADA.user });
    const { router } = renderApp({ path: "/auth", transport: fake.transport });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(screen.queryByRole("tab", { name: "Login" })).not.toBeInTheDocument();
  });

  it("keeps what was typed when switching tabs, and moves focus with the switch buttons", async () => {
    const { user } = await renderAuth();
    await user.type(within(panel("Login")).getByLabelText("Username or Email"), "ada_l");
    await user.click(within(panel("Login")).getByRole("button", { name: "Create an account" }));
    expect(screen.getByRole("tab", { name: "Register" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    await user.click(within(panel("Register")).getByRole("button", { name: "Log in instead" }));
    expect(screen.getByRole("tab", { name: "Login" })).toHaveFocus();
    expect(within(panel("Login")).getByLabelText("Username or Email")).toHaveValue("ada_l");
  });
});
