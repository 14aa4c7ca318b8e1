import { describe, expect, it } from "vitest";
import { firstErrors } from "@/lib/validation";
import { defaultReviewValues, reviewSchema, toCreateRequest, type ReviewFormValues } from "./review-form";
import { reviewTypesFor } from "./review-types";

/** validateReview returns each invalid field's first message, as the form shows them. */
function validateReview(values: ReviewFormValues) {
  const result = reviewSchema.safeParse(values);
  return result.success ? {} : firstErrors(result.error);
}

const valid: ReviewFormValues = {
  ...defaultReviewValues(["tenant_to_property"]),
  rating: 4,
  title: "Bright and quiet",
  content: "Twenty characters at the very least.",
};

describe("reviewTypesFor", () => {
  it("offers agent_to_property only to agents, and landlord_to_tenant to nobody but the owner", () => {
    const others = ["tenant_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"];
    expect(reviewTypesFor("tenant")).toEqual(others);
    expect(reviewTypesFor("landlord")).toEqual(others);
    expect(reviewTypesFor("agent")).toEqual([
      "tenant_to_property",
      "agent_to_property",
      "tenant_to_landlord",
      "tenant_to_neighborhood",
      "general",
    ]);
    expect(reviewTypesFor("property_manager")).toEqual(others);
    expect(reviewTypesFor("admin")).toEqual(others);
    expect(reviewTypesFor("landlord", false)).not.toContain("landlord_to_tenant");
  });

  it("offers the property's owner only the landlord review, and only when the owner is a landlord", () => {
    expect(reviewTypesFor("landlord", true)).toEqual(["landlord_to_tenant"]);
    expect(reviewTypesFor("property_manager", true)).toEqual([]);
    expect(reviewTypesFor("agent", true)).toEqual([]);
    expect(reviewTypesFor("tenant", true)).toEqual([]);
  });
});

describe("reviewSchema", () => {
  it("starts without a rating (a deviation from SPEC's 5: the author chooses), language en and stay period current", () => {
    expect(defaultReviewValues(["general"])).toMatchObject({ rating: 0, language: "en", stayPeriod: "current", reviewType: "general" });
    expect(validateReview({ ...defaultReviewValues(["general"]), title: valid.title, content: valid.content })).toEqual({
      rating: "Rating is required",
    });
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
    [{ title: "🏠🏠🏠🏠" }, { title: "Title must be at least 5 characters" }],
    [{ pros: ["ok", "z".repeat(201)] }, { "pros.1": "Each entry must be at most 200 characters" }],
  ])("%o gives %o", (change, errors) => {
    expect(validateReview({ ...valid, ...change })).toEqual(errors);
  });

  it("accepts the bounds exactly, counted in characters", () => {
    expect(validateReview({ ...valid, title: "x".repeat(5), content: "y".repeat(20) })).toEqual({});
    expect(validateReview({ ...valid, title: "🏠".repeat(100), content: "🏠".repeat(1000) })).toEqual({});
    expect(validateReview({ ...valid, title: "x".repeat(100), content: "y".repeat(1000) })).toEqual({});
  });
});

describe("toCreateRequest", () => {
  it("trims, drops blank entries (photos too) and sends the stay period for tenant_to_property only", () => {
    const values: ReviewFormValues = {
      ...valid,
      title: "  Bright and quiet ",
      pros: ["Light", "  ", ""],
      cons: [" ", "Stairs "],
      categories: ["Noise", "Location"],
      photos: ["/uploads/reviews/0123456789abcdef0123456789abcdef.jpg", ""],
      stayPeriod: "1_to_3_years",
    };
    expect(toCreateRequest(3, values)).toEqual({
      propertyId: 3,
      rating: 4,
      title: "Bright and quiet",
      content: valid.content,
      reviewType: "tenant_to_property",
      language: "en",
      pros: ["Light"],
      cons: ["Stairs"],
      categories: ["Noise", "Location"],
      photos: ["/uploads/reviews/0123456789abcdef0123456789abcdef.jpg"],
      stayPeriod: "1_to_3_years",
      tenancyId: 0,
    });
    expect(toCreateRequest(3, { ...values, reviewType: "general" }).stayPeriod).toBe("");
  });

  it("sends the chosen tenancy with a landlord's review of a tenant only", () => {
    expect(toCreateRequest(3, { ...valid, reviewType: "landlord_to_tenant", tenancyId: "12" }).tenancyId).toBe(12);
    expect(toCreateRequest(3, { ...valid, reviewType: "landlord_to_tenant", tenancyId: "0" }).tenancyId).toBe(0);
    // Another type's tenancy is the author's own, found by the server: a stale choice is not sent.
    expect(toCreateRequest(3, { ...valid, reviewType: "tenant_to_landlord", tenancyId: "12" }).tenancyId).toBe(0);
  });
});
