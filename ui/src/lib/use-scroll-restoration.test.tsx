import { act, render } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { useScrollRestoration } from "./use-scroll-restoration";

function Page() {
  useScrollRestoration();
  return null;
}

describe("useScrollRestoration", () => {
  it("opens a new page at the top, keeps the place on a query change, and returns to it on Back", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const router = createMemoryRouter([{ path: "*", element: <Page /> }], { initialEntries: ["/find-properties"] });
    render(<RouterProvider router={router} />);
    scrollTo.mockClear();

    window.scrollY = 640;
    await act(() => router.navigate("/find-properties?city=London"));
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate("/properties/3"));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    window.scrollY = 0;
    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
