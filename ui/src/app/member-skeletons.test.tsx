import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "@/app/providers";
import { routes } from "@/app/router";
import { MemberSkeleton } from "@/features/auth/member-skeleton";
import { eager, fakeTransport, makeUser } from "@/test/render";
import { MEMBER_EMAIL_MARK, memberSkeleton } from "./member-skeletons";

const TENANT_TEXT = "Find your next home, share your experience and answer the verification requests you receive.";
const LANDLORD_TEXT = "Manage your listings, get them verified and answer the verification requests you receive.";

function renderSkeleton(path: string, role: string) {
  return render(<MemoryRouter>{memberSkeleton(path, role)}</MemoryRouter>);
}

describe("memberSkeleton", () => {
  it("is the dashboard's top for the member's view, the name and initials still to come", () => {
    const { container } = renderSkeleton("/dashboard", "tenant");
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    const welcome = container.querySelector(".dashboard-welcome") as HTMLElement;
    expect(within(welcome).getByText(TENANT_TEXT)).toBeInTheDocument();
    expect(within(welcome).getByRole("link", { name: "Find Properties" })).toHaveAttribute("href", "/find-properties");
    // The name still to come: the heading says so rather than standing empty.
    expect(within(welcome).getByRole("heading", { level: 2, name: "Loading" })).toHaveTextContent("");
    expect(welcome.querySelector(".avatar")).toHaveClass("skeleton");
  });

  it("gives every other role the landlord's view", () => {
    renderSkeleton("/dashboard", "*");
    expect(screen.getByText(LANDLORD_TEXT)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add Property" })).toHaveAttribute("href", "/add-property");
    expect(screen.queryByText(TENANT_TEXT)).not.toBeInTheDocument();
  });

  it("is the settings' frame, every section listed, and the start of the first", () => {
    renderSkeleton("/settings", "*");
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
    expect(within(screen.getByRole("navigation", { name: "Settings sections" })).getAllByRole("link")).toHaveLength(7);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Notifications"]);
    expect(screen.getByText(/You always see your notifications in RentProof/)).toBeInTheDocument();
  });

  it("is the rewards page's header, and nothing for a page without one", () => {
    renderSkeleton("/gamification", "*");
    expect(screen.getByRole("heading", { level: 1, name: "Rewards" })).toBeInTheDocument();
    expect(screen.getByText(/Earn experience points for reviews/)).toBeInTheDocument();
    expect(memberSkeleton("/add-property", "*")).toBeNull();
  });

  it("is the administrators' heading", () => {
    renderSkeleton("/admin", "admin");
    expect(screen.getByRole("heading", { level: 1, name: "Administration" })).toBeInTheDocument();
  });

  it("comes with the banner asking to verify, at the address the server writes in, for a member whose address is not verified", async () => {
    const router = createMemoryRouter(await eager(routes), { initialEntries: ["/settings"] });
    render(
      <MemberSkeleton.Provider value={{ page: memberSkeleton("/settings", "*"), unverifiedEmail: MEMBER_EMAIL_MARK }}>
        <AppProviders transport={fakeTransport()} queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </MemberSkeleton.Provider>,
    );
    const banner = screen.getByRole("region", { name: "Email verification" });
    expect(banner).toHaveTextContent(`Please verify your email address: open the link we sent to ${MEMBER_EMAIL_MARK}.`);
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
  });

  it("is what a member's page shows while the session is checked, then the page", async () => {
    const router = createMemoryRouter(await eager(routes), { initialEntries: ["/dashboard"] });
    render(
      <MemberSkeleton.Provider value={{ page: memberSkeleton("/dashboard", "tenant"), unverifiedEmail: null }}>
        <AppProviders
          transport={fakeTransport({ user: makeUser({ role: "tenant", firstName: "Dana", emailVerified: true }) })}
          queryClient={createQueryClient()}
        >
          <RouterProvider router={router} />
        </AppProviders>
      </MemberSkeleton.Provider>,
    );
    expect(screen.getByText(TENANT_TEXT)).toBeInTheDocument();
    expect(document.querySelector(".page-spinner")).toBeNull();
    expect(await screen.findByRole("heading", { level: 2, name: /Dana!$/ })).toBeInTheDocument();
  });
});
