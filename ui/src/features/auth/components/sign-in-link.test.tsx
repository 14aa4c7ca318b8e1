import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeUser, renderApp } from "@/test/render";
import { SIGN_IN_LINK_TOKEN, fakeAccounts, type FakeAccount } from "../testing";

const ADA: FakeAccount = {
  user: makeUser({ id: 11, username: "ada_l", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" }),
  password: "engines1843",
};

async function signIn(path: string) {
  const fake = fakeAccounts({ accounts: [ADA], heldOut: ["ada_l"] });
  renderApp({ path, transport: fake.transport });
  const user = userEvent.setup();
  const form = await screen.findByRole("form", { name: "Welcome back" });
  await user.type(within(form).getByLabelText("Username or Email"), "ada_l");
  await user.type(within(form).getByLabelText("Password"), "engines1843");
  await user.click(screen.getByRole("button", { name: "Login" }));
  return { fake, user };
}

describe("sign-in held by the account-wide limit", () => {
  it("offers an emailed sign-in link, whose answer never says whether the account exists", async () => {
    const { fake, user } = await signIn("/auth");
    const offer = await screen.findByRole("button", { name: "Email me a sign-in link" });
    await user.click(offer);
    expect(
      await screen.findByText("If an account exists for that name, we sent a sign-in link to its email address"),
    ).toHaveAttribute("role", "status");
    expect(fake.requests.sendSignInLink).toEqual([expect.objectContaining({ username: "ada_l" })]);
  });

  it("does not offer it for a wrong password", async () => {
    const fake = fakeAccounts({ accounts: [ADA] });
    renderApp({ path: "/auth", transport: fake.transport });
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Welcome back" });
    await user.type(within(form).getByLabelText("Username or Email"), "ada_l");
    await user.type(within(form).getByLabelText("Password"), "wrong-pass");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(fake.requests.login).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole("region", { name: "Notifications (F8)" })).toHaveTextContent("Invalid username or password"));
    expect(screen.queryByRole("button", { name: "Email me a sign-in link" })).not.toBeInTheDocument();
  });

  it("signs in with the link the page was opened with", async () => {
    const { fake } = await signIn(`/auth?link=${SIGN_IN_LINK_TOKEN}`);
    await waitFor(() => expect(fake.signedIn()?.username).toBe("ada_l"));
    expect(fake.requests.login[0]).toMatchObject({ username: "ada_l", signInLink: SIGN_IN_LINK_TOKEN });
  });
});
