import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ReviewerSchema } from "@/gen/rentproof/review/v1/review_pb";
import { languageBadge, reviewerName, reviewTypeLabel, stayPeriodText, verifiedLabel } from "./review-labels";

describe("review labels", () => {
  it.each([
    ["tenant_to_property", "Tenant review", "Tenant"],
    ["landlord_to_tenant", "Landlord review", "Landlord"],
    ["agent_to_property", "Agent review", "Agent"],
    ["tenant_to_landlord", "Review about landlord", "Tenant"],
    ["tenant_to_neighborhood", "Neighborhood review", "Resident"],
    ["general", "General review", "Reviewer"],
    ["something_new", "Review", "Reviewer"],
    ["", "Review", "Reviewer"],
  ])("%s is labelled %s, verified as %s", (type, label, verified) => {
    expect(reviewTypeLabel(type)).toBe(label);
    expect(verifiedLabel(type)).toBe(verified);
  });

  it("hides the language badge for English, names eleven languages and upper-cases other codes", () => {
    expect(languageBadge("en")).toBeNull();
    expect(languageBadge("")).toBeNull();
    expect(
      ["es", "fr", "de", "it", "pt", "zh", "ja", "ko", "hi", "ar", "ru"].map(languageBadge),
    ).toEqual(["Spanish", "French", "German", "Italian", "Portuguese", "Chinese", "Japanese", "Korean", "Hindi", "Arabic", "Russian"]);
    expect(languageBadge("nl")).toBe("NL");
    expect(languageBadge("pt-br")).toBe("PT-BR");
  });

  it("names the reviewer as first name and last initial, or Anonymous User", () => {
    const named = (firstName: string, lastName: string) =>
      reviewerName({ reviewer: create(ReviewerSchema, { firstName, lastName }) });
    expect(named("Ada", "Lovelace")).toEqual({ name: "Ada L.", initials: "AL" });
    expect(named("émilie", "tremblay")).toEqual({ name: "émilie T.", initials: "ÉT" });
    expect(named("Cher", "")).toEqual({ name: "Cher", initials: "C" });
    expect(named("  ", " ")).toEqual({ name: "Anonymous User", initials: "??" });
    expect(reviewerName({ reviewer: undefined })).toEqual({ name: "Anonymous User", initials: "??" });
  });

  it("describes stay periods", () => {
    expect(stayPeriodText("current")).toBe("Current tenant");
    expect(stayPeriodText("1_to_3_years")).toBe("Stayed 1 to 3 years");
    expect(stayPeriodText("")).toBeNull();
  });
});
