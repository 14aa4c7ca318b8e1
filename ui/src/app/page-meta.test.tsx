import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";
import PAGE_META from "./page-meta.json";
import { preloadScreens, routes } from "./router";

// The server names each fixed page from page-meta.json (internal/web/seo.go); the app shows
// the same title once it runs, whatever the screen itself sets, on first load and on navigation.
describe("page titles", () => {
  it.each(["/", "/about", "/faq", "/terms", "/contact"])("%s has its page-meta title", async (path) => {
    await preloadScreens(path); // as the app's start does
    renderApp({ path, routes });
    const meta: Record<string, { title: string }> = PAGE_META;
    await waitFor(() => expect(document.title).toBe(`${meta[path].title} | RentProof`));
  });

  it("keeps it on navigating to a screen whose code is not loaded yet", async () => {
    await preloadScreens("/");
    const { router } = renderApp({ path: "/", routes });
    await waitFor(() => expect(document.title).toBe(`${PAGE_META["/"].title} | RentProof`));
    await router.navigate("/how-reviews-work"); // its code is not loaded: the skeleton first
    await screen.findByRole("heading", { level: 1, name: PAGE_META["/how-reviews-work"].title });
    await waitFor(() => expect(document.title).toBe(`${PAGE_META["/how-reviews-work"].title} | RentProof`));
  });

  it("leaves a dynamic page's title to the page", async () => {
    await preloadScreens("/location/10001");
    renderApp({ path: "/location/10001", routes });
    await waitFor(() => expect(document.title).toBe("Properties in 10001 | RentProof"));
  });
});
