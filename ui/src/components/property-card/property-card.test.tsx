import { createRouterTransport } from "@connectrpc/connect";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "@/app/providers";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { makeProperty } from "@/test/properties";
import { PropertyCard } from "./property-card";
import { BAND_COLOURS } from "./rating-circle";

/** contrast is WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

function renderCard(property: Property) {
  // The card's heart reads the current user: a transport without services answers as signed out.
  const utils = render(
    <AppProviders transport={createRouterTransport(() => {})} queryClient={createQueryClient()}>
      <MemoryRouter>
        <PropertyCard property={property} />
      </MemoryRouter>
    </AppProviders>,
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
        reviewerHighlights: ["Responsive landlord", "Great location"],
        verifiedReviewCount: 2,
        stars: [0, 1, 0, 3, 6],
      }),
    );
    const c = within(card);
    expect(c.getByRole("heading", { level: 3, name: "Sunny Loft" })).toBeInTheDocument();
    expect(c.getByText(/^Verified/)).toHaveTextContent(/^Verified$/);
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
    const tags = within(c.getByRole("list", { name: "What reviewers say" })).getAllByRole("listitem");
    expect(tags.map((t) => t.textContent)).toEqual(["Responsive landlord", "Great location"]);
    expect(c.getByText("2 verified reviews")).toBeInTheDocument();
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

  it.each(Object.entries(BAND_COLOURS))("paints the %s band at 4.5:1 or more (WCAG AA)", (_, colours) => {
    expect(contrast(colours.fill, colours.text)).toBeGreaterThanOrEqual(4.5);
    // The label sits on white, under the circle.
    expect(contrast(colours.label, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    [4.9, "excellent"],
    [4.2, "very-good"],
    [3.5, "average"],
    [2.4, "poor"],
    [1.3, "bad"],
  ] as const)("draws a %s average in its band's checked colours", (average, band) => {
    const p = makeProperty({ id: 21 });
    p.ratingSummary = { ...p.ratingSummary!, average, count: 3 };
    const circle = within(renderCard(p).card).getByRole("img", { name: /^Rated/ });
    expect(circle.style.getPropertyValue("--band")).toBe(BAND_COLOURS[band].fill);
    expect(circle.style.getPropertyValue("--band-text")).toBe(BAND_COLOURS[band].text);
    expect(circle.style.getPropertyValue("--band-label")).toBe(BAND_COLOURS[band].label);
  });

  it("says its verification in the badge itself, where touch and keyboard users see it", () => {
    const { card } = renderCard(makeProperty({ id: 22, verified: false }));
    const badge = within(card).getByText("Not verified yet");
    expect(badge).toBeVisible();
    expect(badge).not.toHaveAttribute("title");
  });

  it.each([
    ["confirmed", 2, "Confirmed by 2 people"],
    ["documents", 0, "Ownership documents checked"],
    ["paid_check", 0, "Checked by RentProof"],
  ])("shows a verified property's proof (%s) under its badge", (proof, n, label) => {
    const { card } = renderCard(makeProperty({ id: 24, verified: true, verificationProof: proof, verificationConfirmations: n }));
    const badge = within(card).getByText("Verified");
    expect(badge.nextElementSibling).toHaveTextContent(label);
    expect(badge.nextElementSibling).toHaveClass("badge--proof");
  });

  it("never calls a demo listing's unchecked badge Verified", () => {
    const { card } = renderCard(makeProperty({ id: 26, verified: true, verificationProof: "demo" }));
    const badge = within(card).getByText("Demo data, not checked");
    expect(badge).toHaveClass("badge--unverified");
    expect(within(card).queryByText("Verified")).toBeNull();
    expect(card.querySelector(".badge--proof")).toBeNull();
  });

  it("shows no proof on an unverified card", () => {
    const { card } = renderCard(makeProperty({ id: 25, verified: false, verificationProof: "", verificationConfirmations: 0 }));
    expect(card.querySelector(".badge--proof")).toBeNull();
  });

  it("keeps the rating beside the title rather than over it", () => {
    const { card } = renderCard(makeProperty({ id: 23, title: "Mid-Century Villa with Pool in the Beverly Hills Flats" }));
    const heading = within(card).getByRole("heading", { level: 3 });
    const circle = within(card).getByRole("img", { name: /^Rated/ });
    // Siblings in one row (laid out side by side by the CSS), not the circle floating over the picture's edge.
    expect(circle.parentElement).toBe(heading.parentElement);
  });

  it("says New rather than Bad without reviews, and marks unverified and demo listings", () => {
    const { card } = renderCard(makeProperty({ id: 3, verified: false, stars: [0, 0, 0, 0, 0], amenities: [] }));
    const c = within(card);
    expect(c.getByRole("img", { name: "No reviews yet" })).toHaveTextContent("New");
    expect(c.getByText(/^Not verified/)).toHaveTextContent("Not verified yet");
    expect(c.getByText(/^Demo listing/)).toBeInTheDocument();
    expect(c.getByText("0 reviews")).toBeInTheDocument();
    expect(c.getByText("0 recommend")).toBeInTheDocument();
    expect(c.queryByRole("list", { name: "What reviewers say" })).not.toBeInTheDocument();
    expect(c.queryByText(/verified review/)).not.toBeInTheDocument();
  });

  it("highlights what reviewers say, never the owner's own amenities", () => {
    const { card } = renderCard(
      makeProperty({
        id: 44,
        amenities: ["Responsive landlord", "Great location", "Energy efficient"],
        reviewerHighlights: [],
        verifiedReviewCount: 1,
      }),
    );
    const c = within(card);
    expect(c.queryByRole("list", { name: "What reviewers say" })).not.toBeInTheDocument();
    expect(c.getByText("1 verified review")).toBeInTheDocument();
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
