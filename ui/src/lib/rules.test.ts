import { describe, expect, it } from "vitest";
import {
  ACCOUNT_RULES,
  PROPERTY_RULES,
  REVIEW_RULES,
  canListProperties,
  onlyRole,
  tabReviewTypes,
  xpRule,
} from "./rules";
import { REGISTRATION_ROLES, REVIEW_TYPES } from "./vocab";

describe("the server's rules read from the contract", () => {
  it("lets landlords, agents, property managers and admins list, not tenants", () => {
    expect(["landlord", "agent", "property_manager", "admin"].every(canListProperties)).toBe(true);
    expect(canListProperties("tenant")).toBe(false);
    expect(REGISTRATION_ROLES.values.filter(canListProperties)).toEqual(["landlord"]);
  });

  it("names only review types of the contract's vocabulary", () => {
    const types = [
      ...REVIEW_RULES.tabs.flatMap((t) => t.reviewTypes),
      ...REVIEW_RULES.roleOnlyTypes.map((r) => r.reviewType),
      ...REVIEW_RULES.ratedTypes,
      REVIEW_RULES.ownerType,
    ];
    expect(types.filter((t) => !REVIEW_TYPES.has(t))).toEqual([]);
  });

  it("answers which types a tab shows and who alone may write a type", () => {
    expect(tabReviewTypes("tenant")).toEqual(["tenant_to_property", "tenant_to_landlord"]);
    expect(tabReviewTypes("all")).toEqual([]);
    expect(() => tabReviewTypes("pets")).toThrow("no review tab pets");
    expect(onlyRole("agent_to_property")).toBe("agent");
    expect(onlyRole("general")).toBeUndefined();
  });

  it("reads the figures and the points table", () => {
    expect(PROPERTY_RULES.maxSaved).toBeGreaterThan(0);
    expect(ACCOUNT_RULES.establishedDays).toBeGreaterThan(0);
    expect(xpRule("reviews").points).toBeGreaterThan(0);
    expect(() => xpRule("logins")).toThrow("no rule logins");
  });
});
