import { configure, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { servePropertyFakes } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// These tests drive whole pages through fake services; give them room on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });

/** Who is looking: a signed-out visitor can still register as a landlord; a tenant cannot list. */
const VIEWERS: [string, User | undefined, boolean][] = [
  ["a signed-out visitor", undefined, true],
  ["a landlord", makeUser({ role: "landlord" }), true],
  ["an agent", makeUser({ role: "agent" }), true],
  ["a tenant", makeUser({ role: "tenant" }), false],
];

function open(path: string, user: User | undefined, empty = false) {
  const transport = fakeTransport({ user, extra: servePropertyFakes(empty ? { properties: [], reviews: [] } : {}) });
  return renderApp({ path, transport });
}

/** settle waits until the current user is known (the header's account area is drawn). */
async function settle(user: User | undefined) {
  if (user) await screen.findByRole("button", { name: /Account menu/ });
  else await screen.findByRole("link", { name: "Sign In" });
}

describe.each(VIEWERS)("Add Your Property for %s", (_, user, invited) => {
  it(invited ? "is offered on the home page and in the footer" : "is not offered on the home page or in the footer", async () => {
    open("/", user);
    await settle(user);
    const banner = screen.getByRole("region", { name: "Ready to share your experience?" });
    expect(within(banner).getByRole("link", { name: "Write a Review" })).toHaveAttribute("href", "/find-properties");
    const footer = screen.getByRole("navigation", { name: "Properties" });
    for (const place of [banner, footer]) {
      const link = within(place).queryByRole("link", { name: "Add Your Property" });
      if (invited) expect(link).toHaveAttribute("href", "/add-property");
      else expect(link).not.toBeInTheDocument();
    }
  });

  it("is offered by the empty home, search and location pages only where it can be used", async () => {
    const { unmount } = open("/", user, true);
    await settle(user);
    const featured = await screen.findByRole("heading", { name: "No properties listed yet" });
    const empty = featured.closest("section") ?? document.body;
    expect(within(empty).queryByRole("link", { name: "Add Your Property" }) !== null).toBe(invited);
    unmount();

    const search = open("/find-properties", user, true);
    await settle(user);
    await screen.findByRole("heading", { name: "No properties found" });
    expect(screen.queryAllByRole("link", { name: "Add Your Property" })).toHaveLength(invited ? 2 : 0); // results and footer
    search.unmount();

    open("/location/90210", user, true);
    await settle(user);
    await screen.findByRole("heading", { name: "No properties listed in 90210 yet" });
    expect(screen.queryByRole("link", { name: "Add a Property" }) !== null).toBe(invited);
    const cta = screen.getByRole("region", { name: "Know this area?" });
    expect(within(cta).queryByRole("link", { name: "Add Your Property" }) !== null).toBe(invited);
    // What a tenant can do instead is on the page.
    expect(screen.getAllByRole("link", { name: "Search All Properties" }).length).toBe(invited ? 1 : 2);
  });
});
