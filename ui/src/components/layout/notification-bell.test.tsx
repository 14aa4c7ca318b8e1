import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeNotification, notificationsTransport } from "@/features/notifications/testing";
import { UNREAD_REFRESH_MS } from "@/features/notifications/api/use-unread-count";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// The first render of a file loads the app's screens: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 15_000 };

describe("NotificationBell", () => {
  afterEach(() => vi.useRealTimers());

  it("shows the unread count from the current user's answer, named for screen readers, and leads to /notifications", async () => {
    const transport = notificationsTransport(makeUser(), [makeNotification(1), makeNotification(2), makeNotification(3, { read: true })]);
    renderApp({ path: "/about", transport });
    const bell = await screen.findByRole("link", { name: "Notifications, 2 unread" }, SLOW);
    expect(bell).toHaveAttribute("href", "/notifications");
    expect(bell).toHaveTextContent("2");
    // A polite live region (role status) beside the bell says it too.
    expect(within(screen.getByRole("banner")).getByRole("status")).toHaveTextContent("2 unread notifications");
  });

  it("says 99+ from 100 unread, and nothing when all are read", async () => {
    const many = Array.from({ length: 120 }, (_, i) => makeNotification(i + 1));
    const first = renderApp({ path: "/about", transport: notificationsTransport(makeUser(), many) });
    expect(await screen.findByRole("link", { name: "Notifications, 99+ unread" }, SLOW)).toHaveTextContent("99+");
    first.unmount();

    renderApp({ path: "/about", transport: notificationsTransport(makeUser(), [makeNotification(1, { read: true })]) });
    const bell = await screen.findByRole("link", { name: "Notifications" }, SLOW);
    expect(bell).not.toHaveTextContent(/\d/);
  });

  it("is not shown to a signed-out visitor", async () => {
    renderApp({ path: "/about", transport: fakeTransport() });
    expect(await screen.findByRole("link", { name: "Sign In" }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Notifications/ })).not.toBeInTheDocument();
  });

  it("asks again once a minute, not sooner", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = makeUser();
    let asked = 0;
    let unread = 1;
    const transport = notificationsTransport(user, []);
    const counting = {
      ...transport,
      unary: ((...args: Parameters<typeof transport.unary>) => {
        if (args[0].name === "GetCurrentUser") {
          asked++;
          return Promise.resolve({
            stream: false,
            service: args[0].parent,
            method: args[0],
            header: new Headers(),
            trailer: new Headers(),
            message: { $typeName: "rentproof.account.v1.GetCurrentUserResponse", user, unreadNotifications: unread },
          });
        }
        return transport.unary(...args);
      }) as typeof transport.unary,
    };
    renderApp({ path: "/about", transport: counting });
    expect(await screen.findByRole("link", { name: "Notifications, 1 unread" }, SLOW)).toBeInTheDocument();
    expect(asked).toBe(1);

    unread = 4;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_REFRESH_MS - 5_000));
    expect(asked).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(screen.getByRole("link", { name: "Notifications, 4 unread" })).toBeInTheDocument());
    expect(asked).toBe(2);
  });
});
