import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { makeResource } from "@/test/render";
import { ResourceCard } from "./resource-card";

function renderCard(overrides: Parameters<typeof makeResource>[0]) {
  return render(
    <MemoryRouter>
      <ResourceCard resource={makeResource(overrides)} />
    </MemoryRouter>,
  );
}

describe("ResourceCard", () => {
  it("truncates the description at 120 characters with an ellipsis", () => {
    const description = "a".repeat(100) + "b".repeat(40);
    renderCard({ description });
    expect(screen.getByText("a".repeat(100) + "b".repeat(20) + "…")).toBeInTheDocument();
    expect(screen.queryByText(description)).not.toBeInTheDocument();
  });

  it("shows a description of exactly 120 characters in full", () => {
    const description = "c".repeat(120);
    renderCard({ description });
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it("links the title to the article", () => {
    renderCard({ id: 42, title: "Lease Basics" });
    expect(screen.getByRole("link", { name: "Lease Basics" })).toHaveAttribute("href", "/resources/42");
  });

  it("shows the author's first letter when there is no author image", () => {
    const { container } = renderCard({ authorName: "maya Chen", authorImage: "" });
    expect(screen.getByText("maya Chen")).toBeInTheDocument();
    expect(screen.getByText("M")).toHaveClass("avatar");
    expect(container.querySelector("img.avatar")).toBeNull();
  });

  it("shows the author's image when there is one", () => {
    const { container } = renderCard({ authorName: "Maya Chen", authorImage: "/images/authors/maya.svg" });
    expect(container.querySelector("img.avatar")).toHaveAttribute("src", "/images/authors/maya.svg");
    expect(screen.queryByText("M")).not.toBeInTheDocument();
  });

  it.each([
    ["tenant", "For Tenants"],
    ["landlord", "For Landlords"],
    ["market_trends", "Market Trends"],
    ["legal", "Legal"],
    ["international_housing", "International Housing"],
    ["rental_tips", "Rental Tips"],
    ["buying_guide", "Buying Guide"],
    ["investment", "Investment"],
    ["property_management", "Property Management"],
    ["sustainability", "Sustainability"],
    ["accessibility", "Accessibility"],
    ["moving_guide", "Moving Guide"],
    ["neighborhood_guide", "Neighborhood Guide"],
    ["tax_advice", "Tax Advice"],
    ["renovations", "Renovations"],
    // Outside the vocabulary: the raw value (SPEC §3).
    ["pet_care", "pet_care"],
  ])("labels category %s as %s", (category, label) => {
    renderCard({ category });
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it("loads the cover lazily", () => {
    const { container } = renderCard({ coverImage: "/images/resources/x.svg" });
    const cover = container.querySelector("img.resource-card__image");
    expect(cover).toHaveAttribute("loading", "lazy");
    expect(cover).toHaveAttribute("src", "/images/resources/x.svg");
  });

  it("falls back to the default cover when the image fails", () => {
    const { container } = renderCard({ coverImage: "/images/resources/missing.svg" });
    const cover = container.querySelector("img.resource-card__image") as HTMLImageElement;
    fireEvent.error(cover);
    expect(cover).toHaveAttribute("src", "/images/default-resource.svg");
  });
});
