import { describe, expect, it } from "vitest";
import { formatRating, pluralize, ratingBand, ratingLabel, shownAndCounted, starFill } from "./rating";

describe("rating bands and labels", () => {
  it.each([
    [5, "excellent", "Excellent"],
    [4.5, "excellent", "Excellent"],
    [4.49, "very-good", "Very Good"],
    [4, "very-good", "Very Good"],
    [3.99, "average", "Average"],
    [3, "average", "Average"],
    [2.9, "poor", "Poor"],
    [2, "poor", "Poor"],
    [1.99, "bad", "Bad"],
    [1, "bad", "Bad"],
    [0, "bad", "Bad"],
  ] as const)("%s is %s (%s)", (average, band, label) => {
    expect(ratingBand(average)).toBe(band);
    expect(ratingLabel(average)).toBe(label);
  });
});

describe("formatRating", () => {
  it("shows one decimal", () => {
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(4.26)).toBe("4.3");
    expect(formatRating(0)).toBe("0.0");
    expect(formatRating(Number.NaN)).toBe("0.0");
  });
});

describe("starFill", () => {
  it("fills stars to the nearest half", () => {
    expect(starFill(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFill(3.7)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFill(3.8)).toEqual([1, 1, 1, 1, 0]);
    expect(starFill(0)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("pluralize", () => {
  it("picks the form by count", () => {
    expect(pluralize(1, "review")).toBe("1 review");
    expect(pluralize(1200, "review")).toBe("1,200 reviews");
    expect(pluralize(0, "property", "properties")).toBe("0 properties");
  });
});

describe("shownAndCounted", () => {
  it.each([
    [12, 9, "12 reviews · 9 count toward the rating."],
    [2, 1, "2 reviews · 1 counts toward the rating."],
    [3, 0, "3 reviews · none counts toward the rating yet."],
    [1500, 1200, "1,500 reviews · 1,200 count toward the rating."],
    [4, 4, null],
    [0, 0, null],
  ])("%i shown, %i counted: %s", (shown, counted, text) => {
    expect(shownAndCounted(shown, counted)).toBe(text);
  });

  it("names the rating it means", () => {
    expect(shownAndCounted(5, 3, "the property's rating")).toBe("5 reviews · 3 count toward the property's rating.");
  });
});
