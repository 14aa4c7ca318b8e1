import { describe, expect, it } from "vitest";
import { goConst, goRule, source } from "@/test/source";
import { FACTS, formatFee, reviewTypeName } from "./published-rules";

describe("the content pages' figures agree with the server's rules", () => {
  it("review rules (internal/review)", () => {
    const file = "internal/review/service.go";
    expect(Number(goConst(file, "HideAfterReports"))).toBe(FACTS.hideAfterReports);
    expect(Number(goConst(file, "MaxReviewsPerDay"))).toBe(FACTS.maxReviewsPerDay);
    expect(goConst(file, "DefaultLimits")).toBe(
      `Limits{ReportsPerAccount: ${FACTS.reportsPerAccount}, ReportsPerNetwork: ${FACTS.reportsPerNetwork}}`,
    );
    expect(goConst(file, "var RatedTypes")).toBe(`[]string{${FACTS.ratedTypes.map((t) => `"${t}"`).join(", ")}}`);
    expect(goConst("internal/review/count.go", "CountEvery")).toBe(`${FACTS.countEveryMinutes} * time.Minute`);
    // The hiding rule passes HideAfterReports to the one definition of independent reporters.
    expect(source("internal/review/votes.go")).toContain("CountHidingReportersParams{ReviewID: reviewID, Enough: HideAfterReports}");
    expect(source("sql/migrations/20261126000100_linked_accounts.sql")).toContain(
      `s.created_at > now() - interval '${FACTS.linkedWindowDays} days'`,
    );
  });

  it("verification rules (internal/verification)", () => {
    const file = "internal/verification/service.go";
    expect(Number(goConst(file, "Reward"))).toBe(FACTS.verifierReward);
    expect(goConst(file, "Lifetime")).toBe(`${FACTS.requestLifetimeDays} * 24 * time.Hour`);
    expect(Number(goConst(file, "MaxVerifiers"))).toBe(FACTS.maxVerifiers);
    expect(Number(goConst(file, "MaxRequestsPerDay"))).toBe(FACTS.maxRequestsPerDay);
    expect(source(file)).toContain(`used in the last ${FACTS.heldWindowDays} days`);
  });

  it("rewarded answers a day (issue 25)", () => {
    // The verifier's token follows the answer's XP, so the XP rule's daily cap is the answers a day that earn.
    expect(goRule("RequestAnswered").dailyCap).toBe(FACTS.rewardedAnswersPerDay);
  });

  it("accounts, tokens and saved properties", () => {
    expect(goConst("internal/account/service.go", "SessionTTL")).toBe(`${FACTS.sessionDays} * 24 * time.Hour`);
    expect(goConst("internal/account/service.go", "IdleTimeout")).toBe(`${FACTS.sessionIdleDays} * 24 * time.Hour`);
    expect(Number(goConst("internal/property/saved.go", "MaxSaved"))).toBe(FACTS.maxSaved);
    expect(source("sql/migrations/20261121000001_schema.sql")).toMatch(
      new RegExp(`tokens\\s+integer NOT NULL DEFAULT ${FACTS.openingTokens}\\b`),
    );
    expect(source("sql/migrations/20261123000002_established_reporters.sql")).toContain(
      `u.created_at <= now() - interval '${FACTS.establishedDays} days'`,
    );
  });

  it("documents and sign-in limits", () => {
    expect(goConst("internal/document/service.go", "MaxBytes")).toBe(`${FACTS.documentMaxMB} << 20`);
    expect(Number(goConst("internal/document/service.go", "MaxPerUpload"))).toBe(FACTS.documentsPerUpload);
    expect(goConst("internal/document/service.go", "Retention")).toBe(`${FACTS.documentRetentionDays} * 24 * time.Hour`);
    expect(goConst("internal/account/throttle.go", "FailureWindow")).toBe(`${FACTS.signInWindowMinutes} * time.Minute`);
    expect(Number(goConst("internal/account/throttle.go", "MaxAccountNetworkFailures"))).toBe(FACTS.signInFailures);
  });

  it("the paid check's fee (internal/payment)", () => {
    expect(Number(goConst("internal/payment/service.go", "FeeCents"))).toBe(FACTS.feeCents);
  });

  it("writes fees and review type names", () => {
    expect(formatFee(1999)).toBe("$19.99");
    expect(reviewTypeName("tenant_to_landlord")).toBe("Review about landlord");
  });
});
