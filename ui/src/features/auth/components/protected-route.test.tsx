import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";

describe("ProtectedRoute", () => {
  it("shows a spinner while the user loads, then redirects to /auth when signed out", async () => {
    const { router } = renderApp({ path: "/dashboard", transport: fakeTransport() });

    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(router.state.location.state).toMatchObject({ from: { pathname: "/dashboard" } });
    expect(screen.queryByRole("status", { name: "Loading" })).not.toBeInTheDocument();
  });

  it("renders the page when a user is signed in", async () => {
    const { router } = renderApp({ path: "/dashboard", transport: fakeTransport({ user: makeUser() }) });

    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("shows an error instead of redirecting when the session cannot be checked", async () => {
    const transport = fakeTransport({
      extra: (router) =>
        router.service(AccountService, {
          getCurrentUser() {
            throw new ConnectError("down", Code.Unavailable);
          },
        }),
    });
    const { router } = renderApp({ path: "/gamification", transport });
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Connection Error"));
    expect(router.state.location.pathname).toBe("/gamification");
  });
});
