import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { makeUser, renderApp } from "@/test/render";
import { makeNotification, notificationsTransport } from "../testing";
import { NO_NOTIFICATIONS } from "./notifications-page";

// The first render of a file loads the app's screens: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 15_000 };

describe("NotificationsPage", () => {
  it("lists the notifications newest first, unread ones marked in words, each linking to its object", async () => {
    const transport = notificationsTransport(makeUser(), [makeNotification(2), makeNotification(1, { read: true })]);
    renderApp({ path: "/notifications", transport });
    const list = await screen.findByRole("list", { name: "Notifications, newest first" }, SLOW);
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole("link", { name: "Unread: The owner responded to your review 2" })).toHaveAttribute("href", "/properties/2");
    expect(within(items[1]!).getByRole("link", { name: "The owner responded to your review 1" })).toHaveAttribute("href", "/properties/1");
    expect(within(items[1]!).queryByRole("button", { name: /Mark/ })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Notifications" })).toBeInTheDocument();
  });

  it("marks one read, and the bell follows at once", async () => {
    const user = userEvent.setup();
    const transport = notificationsTransport(makeUser(), [makeNotification(2), makeNotification(1)]);
    renderApp({ path: "/notifications", transport });
    expect(await screen.findByRole("link", { name: "Notifications, 2 unread" }, SLOW)).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Mark “The owner responded to your review 2” as read" }));
    expect(await screen.findByRole("link", { name: "The owner responded to your review 2" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Notifications, 1 unread" })).toBeInTheDocument();
  });

  it("marks all read with a toast, then has nothing left to mark", async () => {
    const user = userEvent.setup();
    const transport = notificationsTransport(makeUser(), [makeNotification(2), makeNotification(1)]);
    renderApp({ path: "/notifications", transport });
    const markAll = await screen.findByRole("button", { name: "Mark all as read" }, SLOW);
    await user.click(markAll);
    const toasts = screen.getByRole("region", { name: "Notifications (F8)" });
    await waitFor(() => expect(toasts).toHaveTextContent("All notifications marked as read"));
    expect(screen.queryByRole("link", { name: /^Unread:/ })).not.toBeInTheDocument();
    expect(markAll).toBeDisabled();
    expect(screen.getByRole("link", { name: "Notifications" })).toHaveAttribute("href", "/notifications");
  });

  it("pages back through older notifications", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 25 }, (_, i) => makeNotification(25 - i));
    renderApp({ path: "/notifications", transport: notificationsTransport(makeUser(), all) });
    const list = await screen.findByRole("list", { name: "Notifications, newest first" }, SLOW);
    expect(within(list).getAllByRole("listitem")).toHaveLength(20);
    await user.click(screen.getByRole("button", { name: "Show older notifications" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(25));
    expect(within(list).getAllByRole("link").at(-1)).toHaveAccessibleName("Unread: The owner responded to your review 1");
    expect(screen.queryByRole("button", { name: "Show older notifications" })).not.toBeInTheDocument();
  });

  it("says when there is nothing yet", async () => {
    renderApp({ path: "/notifications", transport: notificationsTransport(makeUser(), []) });
    expect(await screen.findByRole("heading", { name: NO_NOTIFICATIONS }, SLOW)).toBeInTheDocument();
  });

  it("shows an error with Try Again when the list cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    const transport = notificationsTransport(makeUser(), [makeNotification(1)], {
      listNotifications() {
        if (fail) throw new ConnectError("database down", Code.Unavailable);
        return { notifications: [makeNotification(1)], nextBefore: 0n };
      },
    });
    renderApp({ path: "/notifications", transport });
    expect(await screen.findByText("We could not load your notifications.", {}, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("link", { name: "Unread: The owner responded to your review 1" })).toBeInTheDocument();
  });
});
