import { describe, expect, it } from "vitest";
import { getOption } from "@bufbuild/protobuf";
import { file_rentproof_vocab_v1_rules, published } from "@/gen/rentproof/vocab/v1/rules_pb";
import { xpRule } from "@/lib/rules";
import { XP_TABLE, crown, progressPercent, rankExplanation, rankLabel } from "./gamification";

describe("progressPercent", () => {
  it.each([
    [0, 100, 0],
    [99, 100, 99],
    [100, 100, 100],
    [450, 500, 90],
    [6400, 6000, 100], // the top level: full
    [5, 0, 100],
    [-20, 100, 0],
  ])("%i of %i XP is %i%%", (xp, next, want) => expect(progressPercent(xp, next)).toBe(want));
});

describe("rankLabel", () => {
  it("writes exact, estimated and missing ranks", () => {
    expect(rankLabel({ rank: 3, approximate: false })).toBe("#3");
    expect(rankLabel({ rank: 12000, approximate: true })).toBe("≈ #12,000");
    expect(rankLabel({ rank: 0, approximate: false })).toBe("-");
    expect(rankExplanation({ rank: 0, approximate: false })).toBe("Not ranked yet — earn XP to join the leaderboard");
  });
});

describe("crown", () => {
  it("crowns the first three in gold, silver and bronze", () => {
    expect([1, 2, 3, 4, 0].map(crown)).toEqual([
      { tone: "gold", label: "1st" },
      { tone: "silver", label: "2nd" },
      { tone: "bronze", label: "3rd" },
      undefined,
      undefined,
    ]);
  });
});

describe("the XP table", () => {
  it("states the contract's points table, row for row, with each rule's daily cap in words", () => {
    // Every rule the server awards is on the page, in the contract's order.
    const declared = getOption(file_rentproof_vocab_v1_rules, published)?.xp.map((r) => r.key);
    expect(XP_TABLE.map((r) => r.key)).toEqual(declared);
    for (const row of XP_TABLE) {
      const rule = xpRule(row.key);
      expect(row.xp).toBe(rule.points);
      // A capped action names its cap; an uncapped one names no number.
      if (rule.dailyCap > 0) expect(row.limit).toMatch(new RegExp(`\\b${rule.dailyCap}\\b.*(day)`));
      else expect(row.limit).not.toMatch(/\d/);
    }
    expect(XP_TABLE[0]).toEqual({ key: "reviews", action: "A review you publish", xp: 20, limit: "the first 3 each day" });
  });
});
