import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { RatingSummarySchema } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewTypeCountSchema } from "@/gen/rentproof/review/v1/review_pb";
import { allTabLine, reviewCounts, unratedIn, unratedName } from "./review-counts";

const RATED = ["tenant_to_property", "agent_to_property", "general"];

/** answer builds a GetRatingSummary answer from counts per type (the server's order, zeros included). */
function answer(counts: Partial<Record<string, [number, number]>>) {
  const types = ["tenant_to_property", "landlord_to_tenant", "agent_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"].map(
    (reviewType) =>
      create(ReviewTypeCountSchema, {
        reviewType,
        count: counts[reviewType]?.[0] ?? 0,
        average: counts[reviewType]?.[1] ?? 0,
        ratesProperty: RATED.includes(reviewType),
      }),
  );
  const rated = types.filter((t) => t.ratesProperty).reduce((n, t) => n + t.count, 0);
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
  it.each([
    [{ total: 0, rated: 0 }, null],
    [{ total: 1, rated: 1 }, "1 review, counted in the property's rating."],
    [{ total: 3, rated: 3 }, "All 3 reviews, each counted in the property's rating."],
    [
      { total: 6, rated: 3 },
      "All 6 reviews. The property's rating counts only the 3 tenant, agent or general reviews of the property itself; " +
        "reviews about the landlord, the neighborhood or tenants are listed here but not counted in it.",
    ],
    [
      { total: 2, rated: 1 },
      "All 2 reviews. The property's rating counts only the 1 tenant, agent or general review of the property itself; " +
        "reviews about the landlord, the neighborhood or tenants are listed here but not counted in it.",
    ],
    [
      { total: 2, rated: 0 },
      "All 2 reviews. The property's rating counts only tenant, agent or general reviews of the property itself, and it has none yet; " +
        "reviews about the landlord, the neighborhood or tenants are listed here but not counted in it.",
    ],
    [
      { total: 1200, rated: 1000 },
      "All 1,200 reviews. The property's rating counts only the 1,000 tenant, agent or general reviews of the property itself; " +
        "reviews about the landlord, the neighborhood or tenants are listed here but not counted in it.",
    ],
  ])("%o says %s", (counts, line) => {
    expect(allTabLine(counts)).toBe(line);
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
