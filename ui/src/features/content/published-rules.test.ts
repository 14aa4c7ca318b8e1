import { describe, expect, it } from "vitest";
import { formatFee, reviewTypeName } from "./published-rules";

describe("the content pages' wording", () => {
  it("writes fees and review type names", () => {
    expect(formatFee(1999)).toBe("$19.99");
    expect(reviewTypeName("tenant_to_landlord")).toBe("Review about landlord");
  });
});
