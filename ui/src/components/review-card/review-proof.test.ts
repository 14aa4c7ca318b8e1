import { describe, expect, it } from "vitest";
import { monthLabel, proofText, publicName } from "./review-proof";

describe("review proof", () => {
  it("writes months and periods as the card shows them", () => {
    expect(monthLabel("2023-03")).toBe("Mar 2023");
    expect(monthLabel("2025-12")).toBe("Dec 2025");
    expect(monthLabel("2025-13")).toBe("2025-13");
  });

  it("says who checked a tenancy and when it was", () => {
    expect(proofText({ proof: "documents", fromMonth: "2023-03", toMonth: "2025-01" })).toBe(
      "Tenancy checked from documents, Mar 2023 – Jan 2025",
    );
    expect(proofText({ proof: "landlord", fromMonth: "2023-03", toMonth: "" })).toBe("Tenancy confirmed by the landlord, Mar 2023 – now");
    expect(proofText({ proof: "demo", fromMonth: "2023-03", toMonth: "" })).toBeNull();
  });

  it("names a person by first name and initial", () => {
    expect(publicName({ firstName: "Sam", lastName: "okafor" })).toBe("Sam O.");
    expect(publicName({ firstName: "Sam", lastName: "" })).toBe("Sam");
    expect(publicName(undefined)).toBe("");
  });
});
