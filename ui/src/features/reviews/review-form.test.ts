import { describe, expect, it } from "vitest";
import { defaultReviewValues, reviewTypesFor, toCreateRequest, validateReview, type ReviewFormValues } from "./review-form";

const valid: ReviewFormValues = {
  ...defaultReviewValues(["tenant_to_property"]),
  title: "Bright and quiet",
  content: "Twenty characters at the very least.",
};

describe("reviewTypesFor", () => {
  it("offers landlord_to_tenant only to landlords and agent_to_property only to agents", () => {
    expect(reviewTypesFor("tenant")).toEqual(["tenant_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"]);
    expect(reviewTypesFor("landlord")).toEqual([
      "tenant_to_property",
      "landlord_to_tenant",
      "tenant_to_landlord",
      "tenant_to_neighborhood",
      "general",
    ]);
    expect(reviewTypesFor("agent")).toEqual([
      "tenant_to_property",
      "agent_to_property",
      "tenant_to_landlord",
      "tenant_to_neighborhood",
      "general",
    ]);
    expect(reviewTypesFor("property_manager")).toEqual(reviewTypesFor("tenant"));
    expect(reviewTypesFor("admin")).toEqual(reviewTypesFor("tenant"));
  });

  it("does not offer the owner the tenant and neighbourhood types of their own property", () => {
    expect(reviewTypesFor("landlord", true)).toEqual(["landlord_to_tenant", "general"]);
    expect(reviewTypesFor("property_manager", true)).toEqual(["general"]);
  });
});

describe("validateReview", () => {
  it("defaults to rating 5, language en and stay period current", () => {
    expect(defaultReviewValues(["general"])).toMatchObject({ rating: 5, language: "en", stayPeriod: "current", reviewType: "general" });
    expect(validateReview(valid)).toEqual({});
  });

  it.each([
    [{ rating: 0 }, { rating: "Rating is required" }],
    [{ rating: 6 }, { rating: "Rating is required" }],
    [{ title: "Four" }, { title: "Title must be at least 5 characters" }],
    [{ title: "   ab    " }, { title: "Title must be at least 5 characters" }],
    [{ title: "x".repeat(101) }, { title: "Title must be at most 100 characters" }],
    [{ content: "Too short to count." }, { content: "Review must be at least 20 characters" }],
    [{ content: "y".repeat(1001) }, { content: "Review must be at most 1000 characters" }],
  ])("%o gives %o", (change, errors) => {
    expect(validateReview({ ...valid, ...change })).toEqual(errors);
  });

  it("accepts the bounds exactly", () => {
    expect(validateReview({ ...valid, title: "x".repeat(5), content: "y".repeat(20) })).toEqual({});
    expect(validateReview({ ...valid, title: "x".repeat(100), content: "y".repeat(1000) })).toEqual({});
  });
});

describe("toCreateRequest", () => {
  it("trims, drops blank entries and sends the stay period for tenant_to_property only", () => {
    const values: ReviewFormValues = {
      ...valid,
      title: "  Bright and quiet ",
      pros: ["Light", "  ", ""],
      cons: [" ", "Stairs "],
      categories: ["Noise", "Location"],
      stayPeriod: "1_to_3_years",
    };
    expect(toCreateRequest(3, values)).toEqual({
      propertyId: 3,
      rating: 5,
      title: "Bright and quiet",
      content: valid.content,
      reviewType: "tenant_to_property",
      language: "en",
      pros: ["Light"],
      cons: ["Stairs"],
      categories: ["Noise", "Location"],
      photos: [],
      stayPeriod: "1_to_3_years",
    });
    expect(toCreateRequest(3, { ...values, reviewType: "general" }).stayPeriod).toBe("");
  });
});
