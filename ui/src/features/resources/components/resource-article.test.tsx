import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeResource, fakeTransport, renderApp } from "@/test/render";

describe("ResourceArticlePage", () => {
  it("renders the article with its Markdown content", async () => {
    renderApp({
      path: "/resources/9",
      transport: fakeTransport({
        resources: [makeResource({ id: 9, title: "Deposit Guide", content: "## Steps\n\n- Take **photos**" })],
      }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Deposit Guide" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Steps" })).toBeInTheDocument();
    expect(screen.getByText("photos").tagName).toBe("STRONG");
    expect(screen.getByText("Mar 14, 2025")).toBeInTheDocument();
    expect(screen.getByText("6 min read")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Resources" })).toHaveAttribute("href", "/resources");
    expect(document.title).toBe("Deposit Guide | RentProof");
  });

  it("says Resource Not Found for an unknown id", async () => {
    renderApp({ path: "/resources/999" });
    expect(await screen.findByRole("heading", { level: 1, name: "Resource Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Resources" })).toHaveAttribute("href", "/resources");
  });

  it("says Resource Not Found for an id that is not a number, without asking the server", () => {
    renderApp({ path: "/resources/abc" });
    expect(screen.getByRole("heading", { level: 1, name: "Resource Not Found" })).toBeInTheDocument();
  });
});
