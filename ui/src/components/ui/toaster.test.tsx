import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Toaster } from "./toaster";
import { TOAST_LIMIT, toast } from "./use-toast";

function viewport() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

describe("Toaster", () => {
  it(`shows at most ${TOAST_LIMIT} toasts, the oldest giving way, listed oldest first (the newest shows on top)`, () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 7; i++) toast({ title: `Toast ${i}` });
    });
    const items = within(viewport()).getAllByRole("listitem");
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent("Toast 3");
    expect(items[4]).toHaveTextContent("Toast 7");
    expect(within(viewport()).queryByText("Toast 2")).not.toBeInTheDocument();
  });

  it("replaces a toast that says the same again instead of piling it up", () => {
    render(<Toaster />);
    const failed = { title: "Error submitting review", description: "You have already written this type of review", variant: "destructive" } as const;
    act(() => {
      toast({ title: "Link copied" });
      toast(failed);
      toast(failed);
      toast(failed);
    });
    const items = within(viewport()).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector(".toast__title")?.textContent)).toEqual(["Link copied", "Error submitting review"]);
    // The same words as another kind of toast, or new words, are a toast of their own.
    act(() => {
      toast({ ...failed, variant: "default" });
      toast({ ...failed, description: "Please choose a rating" });
    });
    expect(within(viewport()).getAllByRole("listitem")).toHaveLength(4);
  });

  it("shows title and description, styles destructive toasts, and closes on demand", async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: "Login failed", description: "Invalid username or password", variant: "destructive" });
    });
    const item = within(viewport()).getByRole("listitem");
    expect(item).toHaveTextContent("Login failed");
    expect(item).toHaveTextContent("Invalid username or password");
    expect(item).toHaveClass("toast--destructive");

    await user.click(within(item).getByRole("button", { name: "Close notification" }));
    expect(within(viewport()).queryByText("Login failed")).not.toBeInTheDocument();
  });
});
