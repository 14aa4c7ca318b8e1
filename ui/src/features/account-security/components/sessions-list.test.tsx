import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";
import { makeSession, securityTransport } from "../testing";
import { SessionsList } from "./sessions-list";

function render(fake: ReturnType<typeof securityTransport>) {
  renderApp({ path: "/", transport: fake.transport, routes: [{ path: "/", element: <SessionsList /> }] });
  return userEvent.setup();
}

const toasts = () => screen.getByRole("region", { name: "Notifications (F8)" });

const three = () => [
  makeSession(1, 0, { current: true, summary: "Chrome on macOS", browser: "Chrome", operatingSystem: "macOS", network: "198.51.100.0/24" }),
  makeSession(2, 30),
  makeSession(3, 60 * 24 * 3, { summary: "an unrecognised browser or app", browser: "", operatingSystem: "", network: "" }),
];

describe("SessionsList", () => {
  it("shows a loading state, then every session with this browser marked and no way to end it here", async () => {
    const user = render(securityTransport({ sessions: three() }));
    expect(screen.getByRole("status", { name: "Loading your sessions" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Signed-in sessions" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Chrome on macOS (this browser)");
    expect(items[0]).toHaveTextContent("Network: 198.51.100.0/24");
    expect(within(items[0]!).queryByRole("button")).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent("Firefox on Windows");
    expect(items[1]).toHaveTextContent("Network: 203.0.113.0/24");
    expect(items[2]).toHaveTextContent("An unrecognised browser or app");
    expect(items[2]).toHaveTextContent("Network: unknown");
    // Keyboard: the first button reached is the first other session's.
    await user.tab();
    expect(within(items[1]!).getByRole("button", { name: /^Sign out Firefox on Windows, last used/ })).toHaveFocus();
  });

  it("signs out one session, then all the others, with toasts of what the server did", async () => {
    const fake = securityTransport({ sessions: three() });
    const user = render(fake);
    const list = await screen.findByRole("list", { name: "Signed-in sessions" });
    await user.click(within(list).getByRole("button", { name: /^Sign out Firefox on Windows/ }));
    await waitFor(() => expect(toasts()).toHaveTextContent("Session signed out"));
    expect(fake.requests.endSession).toEqual([2n]);
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));

    await user.click(screen.getByRole("button", { name: "Sign out all other sessions" }));
    await waitFor(() => expect(toasts()).toHaveTextContent("1 other session signed out"));
    expect(await screen.findByText("No other browser or app is signed in.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign out all other sessions" })).not.toBeInTheDocument();
  });

  it("signs out all the other sessions at once", async () => {
    const fake = securityTransport({ sessions: three() });
    const user = render(fake);
    const list = await screen.findByRole("list", { name: "Signed-in sessions" });
    await user.click(screen.getByRole("button", { name: "Sign out all other sessions" }));
    await waitFor(() => expect(toasts()).toHaveTextContent("2 other sessions signed out"));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
  });

  it("shows an error panel that tries again", async () => {
    const user = render(securityTransport({ sessions: three(), listFailures: 1 }));
    await user.click(await screen.findByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Signed-in sessions" })).toBeInTheDocument();
  });
});
