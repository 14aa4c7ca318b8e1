import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";

const PAGES = [
  { path: "/terms", title: "Terms and Conditions" },
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/cookies", title: "Cookie Policy" },
  { path: "/accessibility", title: "Accessibility Statement" },
];

describe.each(PAGES)("$path", ({ path, title }) => {
  it("has its title, the date and a table of contents whose every link names a section", async () => {
    renderApp({ path });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | RentProof`);
    expect(screen.getByText(/Last updated/)).toHaveTextContent("Last updated April 20, 2025");
    expect(within(screen.getByRole("navigation", { name: "Breadcrumb" })).getByRole("link", { name: "Home" })).toBeInTheDocument();

    const toc = screen.getByRole("navigation", { name: "On this page" });
    const links = within(toc).getAllByRole("link");
    expect(links.length).toBeGreaterThan(3);
    const article = screen.getByRole("article", { name: title });
    for (const link of links) {
      const id = link.getAttribute("href")?.replace(/^#/, "") ?? "";
      const heading = within(article).getByRole("heading", { level: 2, name: link.textContent ?? "" });
      expect(heading.id).toBe(id);
      expect(document.querySelectorAll(`[id="${id}"]`)).toHaveLength(1);
    }
  });
});

describe("legal pages", () => {
  it("bring a deep link's section into view and focus once the page renders", async () => {
    renderApp({ path: "/privacy#retention" });
    const heading = await screen.findByRole("heading", { level: 2, name: "How long we keep data" });
    expect(heading).toHaveFocus();
    expect(heading.scrollIntoView).toHaveBeenCalled();
  });

  it("list every cookie the server sets, with its lifetime", async () => {
    renderApp({ path: "/cookies" });
    const table = await screen.findByRole("table", { name: "Cookies set by RentProof" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual(["rentproof_session", "rentproof_device"]);
    expect(rows[0]).toHaveTextContent("30 days from sign-in");
    expect(rows[1]).toHaveTextContent("365 days");
  });

  it("say the leaderboard is for signed-in users and shows usernames and pictures only of members who chose to", async () => {
    // What GamificationService.GetLeaderboard sends (internal/gamification/server_test.go holds it to this).
    renderApp({ path: "/privacy" });
    expect(await screen.findByText(/Only signed-in users see the leaderboard/)).toHaveTextContent(
      "Only signed-in users see the leaderboard: the first name and last initial, level and XP of its top 50 users, and " +
        "for those who chose to show their full name, that name with their username and profile picture. Visitors who " +
        "are not signed in see none of it.",
    );
  });

  it("promise accessibility feedback an answer within 5 business days", async () => {
    renderApp({ path: "/accessibility" });
    expect(await screen.findByText(/within 5 business days/)).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "accessibility@rentproof.com" })[0]).toHaveAttribute(
      "href",
      "mailto:accessibility@rentproof.com",
    );
  });
});
