import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { makeProperty } from "@/test/properties";
import { PropertyCard } from "./property-card";

function renderCard(property: Property) {
  const utils = render(
    <MemoryRouter>
      <PropertyCard property={property} />
    </MemoryRouter>,
  );
  return { ...utils, card: screen.getByRole("article", { name: property.title }) };
}

describe("PropertyCard", () => {
  it("shows every part of SPEC's card from the property alone", () => {
    const { card, container } = renderCard(
      makeProperty({
        id: 42,
        title: "Sunny Loft",
        verified: true,
        amenities: ["Parking", "Energy efficient", "Responsive landlord", "Great location"],
        stars: [0, 1, 0, 3, 6],
      }),
    );
    const c = within(card);
    expect(c.getByRole("heading", { level: 3, name: "Sunny Loft" })).toBeInTheDocument();
    expect(c.getByText("Verified")).toBeInTheDocument();
    expect(c.getByRole("img", { name: "Rated 4.4 out of 5: Very Good" })).toBeInTheDocument();
    expect(c.getByText("4.4")).toBeInTheDocument();
    expect(c.getByText("347 West 29th Street, Apt 5C, Chelsea, New York, NY 10001, United States")).toBeInTheDocument();
    expect(card).toHaveTextContent("$4,250/month");
    expect(c.getByText("Apartment")).toBeInTheDocument();
    expect(c.getByText("650 ft²")).toBeInTheDocument();
    expect(c.getByText("1 bed")).toBeInTheDocument();
    expect(c.getByText("1 bath")).toBeInTheDocument();
    expect(c.getByText("10 reviews")).toBeInTheDocument();
    expect(c.getByRole("img", { name: "4.4 out of 5 stars" })).toBeInTheDocument();
    expect(c.getByText("9 recommend")).toBeInTheDocument();
    const tags = within(c.getByRole("list", { name: "Highlights" })).getAllByRole("listitem");
    expect(tags.map((t) => t.textContent)).toEqual(["Responsive landlord", "Great location", "Energy efficient"]);
    expect(c.getByRole("link", { name: /View Details/ })).toHaveAttribute("href", "/properties/42");
    expect(container.querySelector("img.property-card__image")).toHaveAttribute("src", "/images/demo/property-01-a.svg");
  });

  it.each([
    [5, "Excellent", "excellent"],
    [4.5, "Excellent", "excellent"],
    [4.2, "Very Good", "very-good"],
    [3.5, "Average", "average"],
    [2.4, "Poor", "poor"],
    [1.3, "Bad", "bad"],
  ])("colours a %s average as %s", (average, label, band) => {
    const p = makeProperty({ id: 20, verified: false });
    p.ratingSummary = { ...p.ratingSummary!, average, count: 3 };
    const { card } = renderCard(p);
    const circle = within(card).getByRole("img", { name: new RegExp(`: ${label}$`) });
    expect(circle).toHaveClass(`rating-circle--${band}`);
    expect(circle).toHaveTextContent(average.toFixed(1));
    expect(circle).toHaveTextContent(label);
  });

  it("says New rather than Bad without reviews, and marks unverified and demo listings", () => {
    const { card } = renderCard(makeProperty({ id: 3, verified: false, stars: [0, 0, 0, 0, 0], amenities: [] }));
    const c = within(card);
    expect(c.getByRole("img", { name: "No reviews yet" })).toHaveTextContent("New");
    expect(c.getByText("Not verified")).toBeInTheDocument();
    expect(c.getByText("Demo listing")).toBeInTheDocument();
    expect(c.getByText("0 reviews")).toBeInTheDocument();
    expect(c.getByText("0 recommend")).toBeInTheDocument();
    expect(c.queryByRole("list", { name: "Highlights" })).not.toBeInTheDocument();
  });

  it("formats rent by currency and area by unit, N/A without an area", () => {
    const { card, unmount } = renderCard(
      makeProperty({ id: 50, currency: "JPY", monthlyRent: 330000, squareFeet: 0, areaUnit: "sqm" }),
    );
    expect(card).toHaveTextContent(/[￥¥]330,000\/month/);
    expect(within(card).getByText("N/A")).toBeInTheDocument();
    unmount();
    const second = renderCard(makeProperty({ id: 51, currency: "GBP", monthlyRent: 1375, squareFeet: 78, areaUnit: "sqm" }));
    expect(second.card).toHaveTextContent("£1,375/month");
    expect(within(second.card).getByText("78 m²")).toBeInTheDocument();
  });

  it("uses the apartment icon for an unknown type, and a type's own icon otherwise", () => {
    const { card, unmount } = renderCard(makeProperty({ id: 60, propertyType: "treehouse" }));
    expect(within(card).getByText("Treehouse").querySelector("svg")).toHaveClass("lucide-building-2");
    unmount();
    const second = renderCard(makeProperty({ id: 61, propertyType: "student_housing" }));
    expect(within(second.card).getByText("Student Housing").querySelector("svg")).toHaveClass("lucide-graduation-cap");
  });

  it("shows the default picture without images and the fallback when one fails", () => {
    const { container, unmount } = renderCard(makeProperty({ id: 70, images: [] }));
    expect(container.querySelector("img")).toHaveAttribute("src", "/images/default-property.svg");
    unmount();
    const second = renderCard(makeProperty({ id: 71, images: ["/uploads/properties/broken.jpg"] }));
    const img = second.container.querySelector("img")!;
    expect(img).toHaveAttribute("loading", "lazy");
    fireEvent.error(img);
    expect(img).toHaveAttribute("src", "/images/image-fallback.svg");
  });
});
