import { screen } from "@testing-library/react";
import type { RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { preloadScreens, routes, screen as lazyScreen } from "./router";

describe("routes", () => {
  it("renders the home page with the landing tagline and a bare title", () => {
    renderApp({ path: "/" });
    expect(
      screen.getByRole("heading", { level: 1, name: "Find and rate your perfect property" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Connecting tenants and landlords through honest, verified reviews"),
    ).toBeInTheDocument();
    expect(document.title).toBe("RentProof");
  });

  it.each([
    ["/about", "About Us"],
    ["/faq", "Frequently Asked Questions"],
    ["/contact", "Contact Us"],
    ["/find-properties", "Find Properties"],
    ["/auth", "Sign In"],
    ["/forgot-password", "Reset Password"],
    ["/invest", "Invest in RentProof"],
    ["/properties/3", "Property Details"],
    ["/location/10001", "Properties in 10001"],
  ])("%s shows its title and breadcrumb", (path, title) => {
    renderApp({ path });
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(crumbs).toHaveTextContent("Home");
    expect(document.title).toBe(`${title} | RentProof`);
  });

  it.each([
    ["/terms", "Terms and Conditions"],
    ["/privacy", "Privacy Policy"],
    ["/cookies", "Cookie Policy"],
    ["/accessibility", "Accessibility Statement"],
  ])("legal page %s says when it was last updated", (path, title) => {
    renderApp({ path });
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText("Last updated April 20, 2025")).toBeInTheDocument();
  });

  it.each([
    ["/dashboard", "Dashboard"],
    ["/dashboard/security-questions", "Security Questions"],
    ["/add-property", "Add Property"],
    ["/gamification", "Rewards"],
    ["/verification-payment/4", "Verification Payment"],
    ["/verification-success/4", "Verification Requests Sent"],
    ["/verification-request/4", "Request Verification"],
  ])("protected %s renders for a signed-in user", async (path, title) => {
    renderApp({ path, transport: fakeTransport({ user: makeUser() }) });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  });

  it("shows a screen's skeleton until its code arrives, beside the header, and renders code loaded ahead at once", async () => {
    let arrive = () => {};
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const Slow = () => <h1>Slow Screen</h1>;
    const slow = lazyScreen(async () => {
      await code;
      return Slow;
    });
    const withSlow: RouteObject[] = [{ element: routes[0]?.element, children: [{ path: "/slow", ...slow }] }];

    const first = renderApp({ path: "/slow", routes: withSlow });
    expect(screen.getByRole("status", { name: "Loading page" })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    arrive();
    expect(await screen.findByRole("heading", { level: 1, name: "Slow Screen" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading page" })).not.toBeInTheDocument();
    first.unmount();

    // The code is there now (as preloadScreens leaves it before the app's first render): no skeleton.
    renderApp({ path: "/slow", routes: withSlow });
    expect(screen.getByRole("heading", { level: 1, name: "Slow Screen" })).toBeInTheDocument();
  });

  it("loads the code of the screens on a path ahead", async () => {
    await expect(preloadScreens("/properties/3")).resolves.toBeUndefined();
    await expect(preloadScreens("/no/such/path")).resolves.toBeUndefined();
  });

  it.each([
    ["/dashboard", "Dashboard"],
    ["/verification-request/4", "Request Verification"],
    ["/verification-success/4", "Verification Requests Sent"],
  ])("loads the protected screen %s's code when first opened", async (path, title) => {
    renderApp({ path, routes, transport: fakeTransport({ user: makeUser() }) });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  });

  it("loads a protected screen's code once the user is known", async () => {
    renderApp({ path: "/add-property", routes, transport: fakeTransport({ user: makeUser() }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Add Property" })).toBeInTheDocument();
  });
});
