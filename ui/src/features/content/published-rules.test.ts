import { describe, expect, it } from "vitest";
import { verifiedLabel } from "@/components/review-card/review-labels";
import { TENANCY_RULES } from "@/lib/rules";
import { REVIEW_TYPES } from "@/lib/vocab";
import { FACTS, REVIEW_LABELS, UNLABELLED_TYPES, formatFee, reviewLabel, reviewTypeName } from "./published-rules";

describe("the content pages' wording", () => {
  it("writes fees and review type names", () => {
    expect(formatFee(1999)).toBe("$19.99");
    expect(reviewTypeName("tenant_to_landlord")).toBe("Review about landlord");
  });

  it("quotes the tenancy figures the contract declares, which the server reads too", () => {
    expect(FACTS.maxOwnerConfirmations).toBe(TENANCY_RULES.maxOwnerConfirmations);
    expect(FACTS.ownerConfirmationsDays).toBe(TENANCY_RULES.ownerConfirmationsDays);
    expect(FACTS.revealDays).toBe(TENANCY_RULES.revealDays);
    expect(FACTS.reviewYearsAfter).toBe(TENANCY_RULES.reviewYearsAfter);
    expect(FACTS.tenancyDocumentRetentionDays).toBe(TENANCY_RULES.documentRetentionDays);
  });

  it("names a verified label for every review type but the agent's, as review cards show it", () => {
    const labelled = REVIEW_LABELS.flatMap((l) => l.types);
    expect([...labelled, ...UNLABELLED_TYPES].sort()).toEqual([...REVIEW_TYPES.values].sort());
    expect(UNLABELLED_TYPES).toEqual(["agent_to_property"]);
    for (const type of labelled) expect(reviewLabel(type)).toBe(`Verified ${verifiedLabel(type)}`);
    expect(reviewLabel("agent_to_property")).toBeUndefined();
  });
});
