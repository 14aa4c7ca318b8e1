import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";

describe("NotFoundRoute", () => {
  it("answers an unknown path with the 404 screen and a router hint", () => {
    renderApp({ path: "/no-such-page" });
    expect(screen.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText(/Did you forget to add the page to the router\?/)).toBeInTheDocument();
    expect(screen.getByText("/no-such-page")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Page Not Found | RentProof");
  });
});
