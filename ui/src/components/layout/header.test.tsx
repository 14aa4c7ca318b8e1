import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Code, ConnectError } from "@connectrpc/connect";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

describe("Header", () => {
  it("marks the current section in the main navigation", async () => {
    renderApp({ path: "/resources" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Resources" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    expect(await screen.findByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  });

  it("keeps Resources active on an article page", () => {
    renderApp({ path: "/resources/1" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Resources" })).toHaveAttribute("aria-current", "page");
  });

  it("toggles the mobile menu with its button, and closes it on navigation", async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: "/" });
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    await user.click(within(menu).getByRole("link", { name: "FAQ" }));
    expect(router.state.location.pathname).toBe("/faq");
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    await user.click(toggle);
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("shows the signed-in user's initials and account links instead of Sign In", async () => {
    const user = userEvent.setup();
    renderApp({ path: "/", transport: fakeTransport({ user: makeUser() }) });

    const account = await screen.findByRole("button", { name: "Account menu for Dana Whitfield" });
    expect(account).toHaveTextContent("DW");
    expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Menu" }));
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    expect(within(menu).getByRole("link", { name: "My Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(menu).getByRole("link", { name: "Rewards" })).toHaveAttribute("href", "/gamification");
    expect(within(menu).queryByRole("link", { name: "Administration" })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole("button", { name: "Sign Out" }));
    const notifications = screen.getByRole("region", { name: "Notifications (F8)" });
    await waitFor(() => expect(notifications).toHaveTextContent("Logged out"));
    expect(notifications).toHaveTextContent("You have been successfully logged out");
    expect(await screen.findByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    expect(screen.queryByRole("button", { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it("leads an administrator to the administrators' queue, from both account menus", async () => {
    const user = userEvent.setup();
    renderApp({ path: "/", transport: fakeTransport({ user: makeUser({ role: "admin" }) }) });
    await user.click(await screen.findByRole("button", { name: "Account menu for Dana Whitfield" }));
    expect(await screen.findByRole("menuitem", { name: "Administration" })).toHaveAttribute("href", "/admin");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Menu" }));
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    expect(within(menu).getByRole("link", { name: "Administration" })).toHaveAttribute("href", "/admin");
  });

  it("reports a failed sign-out and keeps the user signed in", async () => {
    const user = userEvent.setup();
    const transport = fakeTransport({
      user: makeUser(),
      extra: (router) =>
        router.rpc(AccountService.method.logout, () => {
          throw new ConnectError("Session store unavailable", Code.Unavailable);
        }),
    });
    renderApp({ path: "/", transport });
    await screen.findByRole("button", { name: "Account menu for Dana Whitfield" });
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(
      within(screen.getByRole("navigation", { name: "Mobile" })).getByRole("button", { name: "Sign Out" }),
    );
    const notifications = screen.getByRole("region", { name: "Notifications (F8)" });
    await waitFor(() => expect(notifications).toHaveTextContent("Logout failed"));
    expect(notifications).toHaveTextContent("Session store unavailable");
    expect(screen.getByRole("button", { name: "Account menu for Dana Whitfield" })).toBeInTheDocument();
  });

  it("has a skip link first that moves focus to the main content", async () => {
    const user = userEvent.setup();
    renderApp({ path: "/" });
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("main")).toHaveFocus();
  });

  it("renders the footer with its columns, legal links and credits", () => {
    renderApp({ path: "/" });
    const footer = screen.getByRole("contentinfo");
    for (const name of ["Properties", "Resources", "Company", "Legal"]) {
      expect(within(footer).getByRole("navigation", { name })).toBeInTheDocument();
    }
    const legal = within(footer).getByRole("navigation", { name: "Legal" });
    expect(within(legal).getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual([
      "/terms",
      "/privacy",
      "/cookies",
      "/accessibility",
    ]);
    expect(footer).toHaveTextContent("© 2025 RentProof");
    expect(footer).toHaveTextContent("Created by a solo entrepreneur");
  });
});
