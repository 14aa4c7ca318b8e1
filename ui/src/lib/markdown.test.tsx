import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Markdown, safeHref } from "./markdown";

function renderMarkdown(source: string) {
  return render(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );
}

describe("Markdown", () => {
  it("renders headings one level below the page title, paragraphs and lists", () => {
    renderMarkdown("# Your deposit\n\nKeep **every** receipt and *photos*.\n\n- first\n- second\n\n1. one\n2. two");
    expect(screen.getByRole("heading", { level: 2, name: "Your deposit" })).toBeInTheDocument();
    expect(screen.getByText("every").tagName).toBe("STRONG");
    expect(screen.getByText("photos").tagName).toBe("EM");
    const lists = screen.getAllByRole("list");
    expect(lists[0].tagName).toBe("UL");
    expect(lists[1].tagName).toBe("OL");
    expect(screen.getAllByRole("listitem")).toHaveLength(4);
  });

  it("starts a document's headings at h2 whatever level it starts at, keeping their order", () => {
    renderMarkdown("## The kinds of rent data\n\n### Asking rents\n\ntext\n\n## What to do\n\n#### Deep");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["The kinds of rent data", "What to do"]);
    expect(screen.getByRole("heading", { level: 3, name: "Asking rents" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 4, name: "Deep" })).toBeInTheDocument();
  });

  it("renders safe links and drops dangerous ones", () => {
    renderMarkdown("See [the law](https://example.gov/law), [FAQ](/faq) and [bad](javascript:alert(1)).");
    const external = screen.getByRole("link", { name: "the law" });
    expect(external).toHaveAttribute("href", "https://example.gov/law");
    expect(external).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/faq");
    expect(screen.queryByRole("link", { name: "bad" })).not.toBeInTheDocument();
  });

  it("shows HTML as text, never as markup", () => {
    const { container } = renderMarkdown('<img src=x onerror="alert(1)"> <b>hi</b>');
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toContain("<b>hi</b>");
  });

  it("keeps snake_case words intact", () => {
    renderMarkdown("Use the market_trends tab.");
    expect(screen.getByText("Use the market_trends tab.")).toBeInTheDocument();
  });

  it("renders quotes, code and rules", () => {
    const { container } = renderMarkdown("> quoted\n\n```\ncode\n```\n\n---");
    expect(container.querySelector("blockquote p")).toHaveTextContent("quoted");
    expect(container.querySelector("pre code")).toHaveTextContent("code");
    expect(container.querySelector("hr")).not.toBeNull();
  });

  it("keeps an image's alt text without loading it, and drops protocol-relative links", () => {
    const { container } = renderMarkdown("![a floor plan](https://tracker.example/p.png) and [elsewhere](//evil.example)");
    expect(container.querySelector("img")).toBeNull();
    expect(container).toHaveTextContent("a floor plan and elsewhere");
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("accepts only safe link targets", () => {
    expect(safeHref("mailto:a@b.c")).toBe("mailto:a@b.c");
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref("guides/lease")).toBe("guides/lease");
  });
});
