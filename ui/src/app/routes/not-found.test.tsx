import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";
import { POPULAR_PAGES } from "./not-found";

describe("NotFoundRoute", () => {
  it("says what happened, without the developer's hint, and offers a search and the popular pages", () => {
    renderApp({ path: "/no-such-page" });
    expect(screen.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent(
      "There is no page at /no-such-page. The link may be out of date, or the address mistyped.",
    );
    expect(screen.queryByText(/router/)).not.toBeInTheDocument();
    expect(screen.getByRole("search", { name: "Search properties by location" })).toBeInTheDocument();
    const pages = screen.getByRole("navigation", { name: "Popular pages" });
    expect(
      within(pages)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual(POPULAR_PAGES.map((p) => [p.label, p.to]));
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Page Not Found | RentProof");
  });

  it("searches from the box", async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: "/properties/1/photos" });
    await user.type(screen.getByRole("searchbox", { name: "City, neighborhood, or ZIP/postal code" }), "Leeds");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-properties"));
    expect(router.state.location.search).toBe("?city=Leeds");
  });
});
