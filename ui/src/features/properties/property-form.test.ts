import { describe, expect, it } from "vitest";
import { firstErrors, parseInteger } from "@/lib/validation";
import {
  DEFAULT_PROPERTY_VALUES,
  propertySchema,
  toCreateRequest,
  type PropertyFormValues,
} from "./property-form";

const valid: PropertyFormValues = {
  ...DEFAULT_PROPERTY_VALUES,
  title: "Sunny loft",
  description: "A bright loft with tall windows and a quiet courtyard.",
  monthlyRent: "2400",
  address: "12 Main Street",
  city: "Austin",
  squareFeet: "900",
};
const now = new Date("2025-06-01T00:00:00Z");

/** validateProperty returns each invalid field's first message, as the form shows them. */
function validateProperty(values: PropertyFormValues, at: Date) {
  const result = propertySchema(at).safeParse(values);
  return result.success ? {} : firstErrors(result.error);
}

describe("propertySchema", () => {
  it("accepts a complete form", () => {
    expect(validateProperty(valid, now)).toEqual({});
  });

  it.each([
    [{ country: "U" }, "country", "Country must be at least 2 characters"],
    [{ monthlyRent: "0" }, "monthlyRent", "Rent must be greater than 0"],
    [{ monthlyRent: "" }, "monthlyRent", "Rent must be greater than 0"],
    [{ monthlyRent: "-5" }, "monthlyRent", "Rent must be greater than 0"],
    [{ yearBuilt: "1499" }, "yearBuilt", "Year must be valid"],
    [{ yearBuilt: "2026" }, "yearBuilt", "Year cannot be in the future"],
    [{ squareFeet: "0" }, "squareFeet", "Square footage must be greater than 0"],
    [{ squareFeet: "" }, "squareFeet", "Square footage must be greater than 0"],
    [{ title: "Flat" }, "title", "Title must be at least 5 characters"],
    [{ title: "" }, "title", "Title must be at least 5 characters"],
    [{ title: "x".repeat(101) }, "title", "Title must be at most 100 characters"],
    [{ description: "Too short" }, "description", "Description must be at least 20 characters"],
    [{ description: "" }, "description", "Description must be at least 20 characters"],
    [{ description: "x".repeat(5001) }, "description", "Description must be at most 5000 characters"],
    [{ address: " " }, "address", "Required"],
    [{ city: "" }, "city", "Required"],
    [{ bedrooms: "51" }, "bedrooms", "Number must be less than or equal to 50"],
    [{ bathrooms: "-1" }, "bathrooms", "Number must be greater than or equal to 0"],
    [{ latitude: "91" }, "latitude", "Latitude must be between -90 and 90"],
    [{ title: "🏠".repeat(100) }, "title", undefined],
    [{ title: "🏠".repeat(101) }, "title", "Title must be at most 100 characters"],
    [{ title: "  🏠🏠🏠🏠  " }, "title", "Title must be at least 5 characters"],
    [{ propertyType: "castle" }, "propertyType", "Invalid input"],
    [{ currency: "XXX" }, "currency", "Invalid input"],
    [{ bedrooms: "" }, "bedrooms", "Required"],
    [{ longitude: "abc" }, "longitude", "Longitude must be between -180 and 180"],
  ] as const)("%j → %s: %s", (change, field, message) => {
    // Lengths count characters, as the server does: 100 emoji are a valid title.
    expect(validateProperty({ ...valid, ...change }, now)).toEqual(message ? { [field]: message } : {});
  });

  it("accepts the bounds of the year", () => {
    expect(validateProperty({ ...valid, yearBuilt: "1500" }, now)).toEqual({});
    expect(validateProperty({ ...valid, yearBuilt: "2025" }, now)).toEqual({});
  });
});

describe("toCreateRequest", () => {
  it("parses numbers as integers and trims text", () => {
    expect(parseInteger(" 1500.9 ")).toBe(1500);
    const req = toCreateRequest({ ...valid, title: "  Sunny loft ", monthlyRent: "2400.75", yearBuilt: "" }, ["/uploads/properties/a.png"]);
    expect(req).toMatchObject({
      title: "Sunny loft",
      monthlyRent: 2400,
      yearBuilt: 0,
      bedrooms: 1,
      bathrooms: 1,
      country: "United States",
      currency: "USD",
      areaUnit: "sqft",
      images: ["/uploads/properties/a.png"],
    });
  });
});
