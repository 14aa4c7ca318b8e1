import { describe, expect, it } from "vitest";
import {
  coverImage,
  formatArea,
  fullAddress,
  isDemoProperty,
  propertyTypeLabel,
  shareDescription,
  shareTitle,
  verificationBadge,
  verificationProofLabel,
} from "./property";

describe("property display rules", () => {
  it("names property types", () => {
    expect(propertyTypeLabel("apartment")).toBe("Apartment");
    expect(propertyTypeLabel("student_housing")).toBe("Student Housing");
    expect(propertyTypeLabel("villa")).toBe("Villa");
    expect(propertyTypeLabel("")).toBe("Apartment");
  });

  it("writes areas in m² for sqm, ft² otherwise, N/A without one", () => {
    expect(formatArea(78, "sqm")).toBe("78 m²");
    expect(formatArea(1250, "sqft")).toBe("1,250 ft²");
    expect(formatArea(650, "")).toBe("650 ft²");
    expect(formatArea(0, "sqm")).toBe("N/A");
  });

  it("picks the cover image or the default one", () => {
    expect(coverImage(["/a.jpg", "/b.jpg"])).toBe("/a.jpg");
    expect(coverImage([])).toBe("/images/default-property.svg");
  });

  it("joins the address without empty parts", () => {
    expect(
      fullAddress({
        address: "347 West 29th Street",
        locality: "Chelsea",
        city: "New York",
        state: "NY",
        zipCode: "10001",
        country: "United States",
      }),
    ).toBe("347 West 29th Street, Chelsea, New York, NY 10001, United States");
    expect(fullAddress({ address: "1 Main St", city: "Austin", state: "", zipCode: "78704" })).toBe(
      "1 Main St, Austin, 78704",
    );
  });

  it("marks ids 1 to 15 as demo properties", () => {
    expect(isDemoProperty(1)).toBe(true);
    expect(isDemoProperty(15)).toBe(true);
    expect(isDemoProperty(16)).toBe(false);
  });

  it("describes a shared property", () => {
    const p = { title: "Loft", bedrooms: 2, bathrooms: 1, city: "Chicago", monthlyRent: 2650, currency: "USD" };
    expect(shareTitle(p)).toBe("Check out Loft on RentProof");
    expect(shareDescription(p)).toBe("2 bed, 1 bath property in Chicago for $2,650/month");
  });

  it("says how a verified property was verified, and nothing for an unverified one", () => {
    const proof = (verified: boolean, verificationProof: string, verificationConfirmations = 0) =>
      verificationProofLabel({ verified, verificationProof, verificationConfirmations });
    expect(proof(true, "confirmed", 1)).toBe("Confirmed by 1 person");
    expect(proof(true, "confirmed", 3)).toBe("Confirmed by 3 people");
    expect(proof(true, "documents")).toBe("Ownership documents checked");
    expect(proof(true, "paid_check")).toBe("Checked by RentProof");
    expect(proof(true, "demo")).toBe("Demo data, not checked");
    expect(proof(true, "")).toBeNull();
    expect(proof(true, "confirmed", 0)).toBeNull();
    expect(proof(false, "confirmed", 2)).toBeNull();
  });

  it("words the badge after the proof: Verified beside it, never for a demo badge nobody checked", () => {
    const badge = (verified: boolean, verificationProof: string, verificationConfirmations = 0) =>
      verificationBadge({ verified, verificationProof, verificationConfirmations });
    expect(badge(true, "confirmed", 2)).toEqual({ verified: true, text: "Verified", proof: "Confirmed by 2 people" });
    expect(badge(true, "documents")).toEqual({ verified: true, text: "Verified", proof: "Ownership documents checked" });
    expect(badge(true, "paid_check")).toEqual({ verified: true, text: "Verified", proof: "Checked by RentProof" });
    expect(badge(true, "demo")).toEqual({ verified: false, text: "Demo data, not checked", proof: null });
    expect(badge(false, "confirmed", 2)).toEqual({ verified: false, text: "Not verified yet", proof: null });
  });
});
