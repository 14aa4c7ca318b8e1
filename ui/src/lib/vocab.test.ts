import { SetSecurityQuestionsRequestSchema } from "@/gen/rentproof/account/v1/account_pb";
import { describe, expect, it } from "vitest";
import {
  AMENITIES,
  AREA_UNITS,
  CURRENCIES,
  LIMITS,
  PROPERTY_TYPES,
  REGISTRATION_ROLES,
  REPORT_REASONS,
  RESOURCE_CATEGORIES,
  REVIEW_CATEGORIES,
  REVIEW_LANGUAGES,
  REVIEW_TYPES,
  SECURITY_QUESTIONS,
  STAY_PERIODS,
  rulesOf,
} from "./vocab";

describe("vocabularies read from the contract", () => {
  it.each([
    [PROPERTY_TYPES, 15, "apartment", "mansion"],
    [CURRENCIES, 30, "USD", "ILS"],
    [AREA_UNITS, 2, "sqft", "sqm"],
    [AMENITIES, 17, "Air Conditioning", "Energy efficient"],
    [REVIEW_TYPES, 6, "tenant_to_property", "general"],
    [REVIEW_LANGUAGES, 12, "en", "ru"],
    [STAY_PERIODS, 5, "current", "more_than_3_years"],
    [REVIEW_CATEGORIES, 13, "Location", "Community"],
    [REPORT_REASONS, 6, "spam", "other"],
    [SECURITY_QUESTIONS, 10, "What was your childhood nickname?", "What is the name of the street you grew up on?"],
    [RESOURCE_CATEGORIES, 15, "tenant", "renovations"],
    [REGISTRATION_ROLES, 2, "tenant", "landlord"],
  ])("%#: %s values in SPEC order", (vocabulary, n, first, last) => {
    expect(vocabulary.values).toHaveLength(n);
    expect(vocabulary.values[0]).toBe(first);
    expect(vocabulary.values.at(-1)).toBe(last);
  });

  it("carries the labels, and a value without one is its own label", () => {
    expect(PROPERTY_TYPES.label("student_housing")).toBe("Student Housing");
    expect(REVIEW_TYPES.label("tenant_to_landlord")).toBe("Review about landlord");
    expect(RESOURCE_CATEGORIES.label("legal")).toBe("Legal");
    expect(RESOURCE_CATEGORIES.label("tax_advice")).toBe("Tax Advice");
    expect(CURRENCIES.label("EUR")).toBe("EUR");
    expect(CURRENCIES.label("XXX")).toBeUndefined();
    expect(CURRENCIES.has("HUF")).toBe(true);
  });

  it("shares a vocabulary that another field declares", () => {
    expect(rulesOf(SetSecurityQuestionsRequestSchema, "securityQuestion2").vocabulary).toBe(SECURITY_QUESTIONS);
  });

  it("reads the limits of the forms", () => {
    expect(LIMITS.review.title).toMatchObject({ minChars: 5, maxChars: 100 });
    expect(LIMITS.review.content).toMatchObject({ minChars: 20, maxChars: 1000 });
    expect(LIMITS.property.images).toMatchObject({ minItems: 1, maxItems: 5 });
    expect(LIMITS.account.password.minChars).toBe(6);
    expect(LIMITS.account.loginIdentifier.minChars).toBe(3);
  });
});
