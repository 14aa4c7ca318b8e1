import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { RatingSummarySchema } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewTypeCountSchema } from "@/gen/rentproof/review/v1/review_pb";
import { REVIEW_RULES } from "@/lib/rules";
import { REVIEW_TYPES } from "@/lib/vocab";
import { REVIEW_TABS } from "./api/use-property-reviews";
import { allTabLine, reviewCounts, typeFigures, unratedIn, unratedName } from "./review-counts";

/** The types the server counts in the stars, as the contract declares them. */
const RATED = REVIEW_RULES.ratedTypes;

/**
 * answer builds a GetRatingSummary answer from [count, average, counted] per type (the server's
 * order, zeros included; counted defaults to count).
 */
function answer(counts: Partial<Record<string, [number, number, number?]>>) {
  const types = ["tenant_to_property", "landlord_to_tenant", "agent_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"].map(
    (reviewType) =>
      create(ReviewTypeCountSchema, {
        reviewType,
        count: counts[reviewType]?.[0] ?? 0,
        counted: counts[reviewType]?.[2] ?? counts[reviewType]?.[0] ?? 0,
        average: counts[reviewType]?.[1] ?? 0,
        ratesProperty: RATED.includes(reviewType),
      }),
  );
  const rated = types.filter((t) => t.ratesProperty).reduce((n, t) => n + t.counted, 0);
  return { summary: create(RatingSummarySchema, { count: rated }), types };
}

describe("reviewCounts", () => {
  it("counts each tab, the whole and the stars, and lists the unrated kinds in the order of the tabs", () => {
    const counts = reviewCounts(
      answer({
        tenant_to_property: [2, 4.5],
        landlord_to_tenant: [1, 5],
        agent_to_property: [1, 4],
        tenant_to_landlord: [1, 3],
        tenant_to_neighborhood: [2, 3.5],
        general: [1, 2],
      }),
    );
    expect(counts.total).toBe(8);
    expect(counts.rated).toBe(4);
    expect(counts.pending).toBe(0);
    expect(counts.byTab).toEqual({ all: 8, tenant: 3, landlord: 1, neighborhood: 2, agent: 1 });
    expect(counts.unrated.map((c) => [c.reviewType, c.count, c.average])).toEqual([
      ["tenant_to_landlord", 1, 3],
      ["landlord_to_tenant", 1, 5],
      ["tenant_to_neighborhood", 2, 3.5],
    ]);
    expect(unratedIn(counts, "tenant").map((c) => c.reviewType)).toEqual(["tenant_to_landlord"]);
    expect(unratedIn(counts, "agent")).toEqual([]);
    expect(unratedIn(counts, "all")).toHaveLength(3);
  });

  it("counts new members' reviews of the rated types apart: listed, not in the stars yet", () => {
    const counts = reviewCounts(answer({ tenant_to_property: [5, 4, 3], general: [2, 3, 1], tenant_to_neighborhood: [2, 5, 1] }));
    expect(counts.total).toBe(9);
    expect(counts.rated).toBe(4);
    expect(counts.pending).toBe(3);
    expect(counts.unrated.map((c) => [c.reviewType, c.count, c.counted])).toEqual([["tenant_to_neighborhood", 2, 1]]);
  });

  it("counts the reviews whose authors were not independent of the owner apart from new members'", () => {
    const a = answer({ tenant_to_property: [4, 4, 2], general: [1, 0, 0] });
    a.types[0].notIndependent = 1;
    a.types[5].notIndependent = 1;
    const counts = reviewCounts(a);
    expect(counts.total).toBe(5);
    expect(counts.rated).toBe(2);
    expect(counts.pending).toBe(1);
    expect(counts.notIndependent).toBe(2);
  });

  it("counts the reviews about a previous address of the listing apart from new members' and the not independent", () => {
    const a = answer({ tenant_to_property: [3, 0, 0], general: [2, 0, 0] });
    a.types[0].previousAddress = 2;
    a.types[0].notIndependent = 1;
    a.types[5].previousAddress = 2;
    const counts = reviewCounts(a);
    expect(counts.total).toBe(5);
    expect(counts.rated).toBe(0);
    expect(counts.pending).toBe(0);
    expect(counts.notIndependent).toBe(1);
    expect(counts.previousAddress).toBe(4);
  });

  it("takes the stars' count from the summary, and leaves out kinds without reviews", () => {
    const a = answer({ tenant_to_property: [2, 4], tenant_to_neighborhood: [0, 0] });
    a.summary.count = 2;
    const counts = reviewCounts(a);
    expect(counts.rated).toBe(2);
    expect(counts.unrated).toEqual([]);
    expect(reviewCounts({ summary: undefined, types: a.types }).rated).toBe(2);
  });
});

describe("allTabLine", () => {
  const unrated =
    "Only tenant, agent and general reviews of the property itself make it; reviews about the landlord, the neighborhood or tenants are listed here but not counted in it.";
  it.each([
    [{ total: 0, rated: 0, pending: 0 }, null],
    [{ total: 1, rated: 1, pending: 0 }, "1 review, counted in the property's rating."],
    [{ total: 3, rated: 3, pending: 0 }, "All 3 reviews, each counted in the property's rating."],
    [{ total: 6, rated: 3, pending: 0 }, `6 reviews · 3 count toward the property's rating. ${unrated}`],
    [{ total: 2, rated: 1, pending: 0 }, `2 reviews · 1 counts toward the property's rating. ${unrated}`],
    [{ total: 2, rated: 0, pending: 0 }, `2 reviews · none counts toward the property's rating yet. ${unrated}`],
    [{ total: 1200, rated: 1000, pending: 0 }, `1,200 reviews · 1,000 count toward the property's rating. ${unrated}`],
    [
      { total: 12, rated: 9, pending: 3 },
      "12 reviews · 9 count toward the property's rating. " +
        "3 reviews are from new members: listed at once, counted once their authors' accounts are established.",
    ],
    [
      { total: 5, rated: 2, pending: 1 },
      `5 reviews · 2 count toward the property's rating. ${unrated} ` +
        "1 review is from a new member: listed at once, counted once its author's account is established.",
    ],
    [
      { total: 4, rated: 0, pending: 4 },
      "4 reviews · none counts toward the property's rating yet. " +
        "4 reviews are from new members: listed at once, counted once their authors' accounts are established.",
    ],
    [
      { total: 3, rated: 1, pending: 1, notIndependent: 1 },
      "3 reviews · 1 counts toward the property's rating. " +
        "1 review is from a new member: listed at once, counted once its author's account is established. " +
        "1 review is listed but never counted: its author was not independent of the property's owner.",
    ],
    [
      { total: 2, rated: 0, pending: 0, notIndependent: 2 },
      "2 reviews · none counts toward the property's rating yet. " +
        "2 reviews are listed but never counted: their authors were not independent of the property's owner.",
    ],
    [
      { total: 3, rated: 1, pending: 0, previousAddress: 2 },
      "3 reviews · 1 counts toward the property's rating. " +
        "2 reviews are about a previous address of the listing: listed, but not counted in its rating.",
    ],
    [
      { total: 1, rated: 0, pending: 0, previousAddress: 1 },
      "1 review · none counts toward the property's rating yet. " +
        "1 review is about a previous address of the listing: listed, but not counted in its rating.",
    ],
  ])("%o says %s", (counts, line) => {
    expect(allTabLine(counts)).toBe(line);
  });
});

describe("typeFigures", () => {
  it.each([
    [{ average: 4, count: 3, counted: 3 }, "4.0 from 3 reviews"],
    [{ average: 4.5, count: 3, counted: 2 }, "4.5 from 2 reviews · 1 from a new member, not counted yet"],
    [{ average: 5, count: 4, counted: 1 }, "5.0 from 1 review · 3 from new members, not counted yet"],
    [{ average: 0, count: 2, counted: 0 }, "Not counted yet: 2 from new members"],
    [{ average: 3, count: 2, counted: 1, notIndependent: 1 }, "3.0 from 1 review · 1 not independent of the owner, not counted"],
    [{ average: 0, count: 1, counted: 0, notIndependent: 1 }, "Not counted: 1 not independent of the owner"],
    [
      { average: 0, count: 3, counted: 0, notIndependent: 1 },
      "Not counted yet: 2 from new members · 1 not independent of the owner, not counted",
    ],
    [{ average: 0, count: 2, counted: 0, previousAddress: 2 }, "Not counted: 2 about a previous address"],
    [
      { average: 4, count: 4, counted: 1, notIndependent: 1, previousAddress: 1 },
      "4.0 from 1 review · 1 from a new member, not counted yet · 1 not independent of the owner, not counted · 1 about a previous address, not counted",
    ],
  ])("%o reads %s", (c, text) => {
    expect(typeFigures(c)).toBe(text);
  });
});

describe("unratedName", () => {
  it("names the kinds kept out of the rating", () => {
    expect(unratedName("tenant_to_landlord")).toBe("Reviews about the landlord");
    expect(unratedName("tenant_to_neighborhood")).toBe("Neighborhood reviews");
    expect(unratedName("landlord_to_tenant")).toBe("Landlord reviews of tenants");
    expect(unratedName("mystery")).toBe("Review");
  });
});

describe("the review tabs", () => {
  it("are the contract's tabs, each holding the types the server lists in it (All: every type)", () => {
    expect(REVIEW_TABS.map((t) => t.value)).toEqual(REVIEW_RULES.tabs.map((t) => t.value));
    expect(REVIEW_TABS.find((t) => t.value === "all")?.types).toEqual(REVIEW_TYPES.values);
    expect(REVIEW_TABS.find((t) => t.value === "tenant")?.types).toEqual(["tenant_to_property", "tenant_to_landlord"]);
  });
});
