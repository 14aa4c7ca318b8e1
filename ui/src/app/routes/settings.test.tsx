import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { defaultPreferences, notificationsTransport } from "@/features/notifications/testing";
import { PREFERENCES_SAVED } from "@/features/notifications/api/use-preferences";
import { makeUser, renderApp } from "@/test/render";

// The first render of a file loads the app's screens, the account menu a chunk of its own:
// seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 15_000 };

describe("/settings", () => {
  it("is reached from the account menu and lists one email switch per category, security always on", async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: "/", transport: notificationsTransport(makeUser(), []) });
    await user.click(await screen.findByRole("button", { name: "Account menu for Dana Whitfield" }, SLOW));
    await user.click(await screen.findByRole("menuitem", { name: "Settings" }, SLOW));
    expect(router.state.location.pathname).toBe("/settings");

    expect(await screen.findByRole("heading", { level: 1, name: "Settings" }, SLOW)).toBeInTheDocument();
    const section = screen.getByRole("region", { name: "Notifications" });
    const responses = await within(section).findByRole("switch", { name: "Responses to your reviews" });
    expect(responses).toBeChecked();
    expect(responses).toHaveAccessibleDescription("When an owner responds to a review you wrote.");
    expect(within(section).getByRole("switch", { name: "Levels and badges" })).not.toBeChecked();
    const security = within(section).getByRole("switch", { name: "Security" });
    expect(security).toBeChecked();
    expect(security).toBeDisabled();
    expect(within(section).getByText("Always on")).toBeInTheDocument();
    const sections = screen.getByRole("navigation", { name: "Settings sections" });
    expect(within(sections).getByRole("link", { name: "Notifications" })).toHaveAttribute("href", "#notifications");
  });

  it("saves a switch as it is flipped, with a toast saying what changed", async () => {
    const user = userEvent.setup();
    const sent: { category: string; email: boolean }[] = [];
    const transport = notificationsTransport(makeUser(), [], {
      updateNotificationPreferences(req) {
        sent.push(...req.changes.map((c) => ({ category: c.category, email: c.email })));
        const categories = defaultPreferences();
        categories[0]!.email = false;
        return { categories };
      },
    });
    renderApp({ path: "/settings", transport });
    const responses = await screen.findByRole("switch", { name: "Responses to your reviews" });
    await user.click(responses);
    const toasts = screen.getByRole("region", { name: "Notifications (F8)" });
    await waitFor(() => expect(toasts).toHaveTextContent(PREFERENCES_SAVED));
    expect(toasts).toHaveTextContent("You will no longer get emails about responses to your reviews.");
    expect(sent).toEqual([{ category: "review_responses", email: false }]);
    await waitFor(() => expect(screen.getByRole("switch", { name: "Responses to your reviews" })).not.toBeChecked());
  });

  it("shows the server's refusal and keeps the switch as stored", async () => {
    const user = userEvent.setup();
    const transport = notificationsTransport(makeUser(), [], {
      updateNotificationPreferences() {
        throw new ConnectError("Security emails cannot be turned off.", Code.InvalidArgument);
      },
    });
    renderApp({ path: "/settings", transport });
    await user.click(await screen.findByRole("switch", { name: "Levels and badges" }));
    const toasts = screen.getByRole("region", { name: "Notifications (F8)" });
    await waitFor(() => expect(toasts).toHaveTextContent("Your choice was not saved"));
    expect(toasts).toHaveTextContent("Security emails cannot be turned off.");
    expect(screen.getByRole("switch", { name: "Levels and badges" })).not.toBeChecked();
  });

  it("says when the preferences cannot be loaded", async () => {
    const transport = notificationsTransport(makeUser(), [], {
      getNotificationPreferences() {
        throw new ConnectError("down", Code.Unavailable);
      },
    });
    renderApp({ path: "/settings", transport });
    expect(await screen.findByText("We could not load your email preferences.")).toBeInTheDocument();
    // The page's other sections have their own.
    expect(within(screen.getByRole("region", { name: "Notifications" })).getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
