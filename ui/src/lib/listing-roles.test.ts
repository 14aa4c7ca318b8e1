import { describe, expect, it } from "vitest";
import { canListProperties } from "./listing-roles";

describe("canListProperties", () => {
  it("lets landlords, agents, property managers and admins list, not tenants", () => {
    expect(["landlord", "agent", "property_manager", "admin"].every(canListProperties)).toBe(true);
    expect(canListProperties("tenant")).toBe(false);
  });
});
