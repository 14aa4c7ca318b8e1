import { describe, expect, it } from "vitest";
import { documentKindLabel, formatMonth, formatPeriod, proofWords } from "./tenancy";

describe("tenancy words", () => {
  it("writes a stay's period, open-ended while still living there", () => {
    expect(formatPeriod("2023-03", "2025-01")).toBe("Mar 2023 – Jan 2025");
    expect(formatPeriod("2023-03", "")).toBe("Mar 2023 – now");
    expect(formatMonth("2024-12")).toBe("Dec 2024");
    expect(formatMonth("2024-13")).toBe("2024-13");
  });

  it("names the proofs and the kinds of documents", () => {
    expect(proofWords("landlord")).toBe("confirmed by the landlord");
    expect(proofWords("documents")).toBe("documents checked");
    expect(proofWords("")).toBe("");
    expect(documentKindLabel("council_tax_bill")).toBe("Council tax bill");
    expect(documentKindLabel("other")).toBe("other");
  });
});
