import { reviewTypeLabel } from "@/components/review-card/review-labels";
import type { GetRatingSummaryResponse, ReviewTypeCount } from "@/gen/rentproof/review/v1/review_pb";
import { pluralize } from "@/lib/rating";
import { REVIEW_TABS, type ReviewTab } from "./api/use-property-reviews";

/**
 * What a property's reviews add up to, from ReviewService.GetRatingSummary: the stars are
 * made only of the reviews that rate the property itself (tenant, agent and general
 * reviews); reviews about the landlord, the neighborhood and tenants are listed in their
 * tabs but kept out of the stars. The page says so wherever its counts would otherwise
 * seem to disagree with the stars.
 */
export interface ReviewCounts {
  /** Every published review, rated or not: what the All tab holds. */
  total: number;
  /** The reviews in the stars: the count beside the property's rating. */
  rated: number;
  /** The published reviews each tab holds. */
  byTab: Record<ReviewTab, number>;
  /** The kinds kept out of the stars that have reviews, in the order of the tabs that hold them. */
  unrated: ReviewTypeCount[];
}

/** The types in the order of the tabs after All. */
const TAB_ORDER: readonly string[] = REVIEW_TABS.filter((t) => t.value !== "all").flatMap((t) => t.types);

function tabOrder(type: string): number {
  const i = TAB_ORDER.indexOf(type);
  return i < 0 ? TAB_ORDER.length : i;
}

/** reviewCounts reads a GetRatingSummary answer. */
export function reviewCounts(answer: Pick<GetRatingSummaryResponse, "summary" | "types">): ReviewCounts {
  const countOf = (type: string) => answer.types.find((c) => c.reviewType === type)?.count ?? 0;
  const byTab = Object.fromEntries(
    REVIEW_TABS.map((tab) => [tab.value, tab.types.reduce((n, type) => n + countOf(type), 0)]),
  ) as Record<ReviewTab, number>;
  const ratedByType = answer.types.filter((c) => c.ratesProperty).reduce((n, c) => n + c.count, 0);
  return {
    total: answer.types.reduce((n, c) => n + c.count, 0),
    // The stars' own count, so the line agrees with the rating shown above it.
    rated: answer.summary?.count ?? ratedByType,
    byTab,
    unrated: answer.types
      .filter((c) => !c.ratesProperty && c.count > 0)
      .sort((a, b) => tabOrder(a.reviewType) - tabOrder(b.reviewType)),
  };
}

/**
 * allTabLine says what the All tab holds and which of its reviews make the rating, or
 * null without reviews (the empty state says so).
 */
export function allTabLine({ total, rated }: Pick<ReviewCounts, "total" | "rated">): string | null {
  if (total === 0) return null;
  const lead = total === 1 ? "1 review" : `All ${pluralize(total, "review")}`;
  if (rated >= total) {
    return total === 1 ? "1 review, counted in the property's rating." : `${lead}, each counted in the property's rating.`;
  }
  const notCounted = "reviews about the landlord, the neighborhood or tenants are listed here but not counted in it.";
  if (rated === 0) {
    return `${lead}. The property's rating counts only tenant, agent or general reviews of the property itself, and it has none yet; ${notCounted}`;
  }
  return `${lead}. The property's rating counts only the ${pluralize(rated, "tenant, agent or general review")} of the property itself; ${notCounted}`;
}

/** The names of the kinds kept out of the stars, as a summary lists them. */
const UNRATED_NAMES: Readonly<Record<string, string>> = {
  tenant_to_landlord: "Reviews about the landlord",
  tenant_to_neighborhood: "Neighborhood reviews",
  landlord_to_tenant: "Landlord reviews of tenants",
};

/** unratedName names a kind of review kept out of the stars ("Reviews about the landlord"). */
export function unratedName(type: string): string {
  return Object.hasOwn(UNRATED_NAMES, type) ? UNRATED_NAMES[type] : reviewTypeLabel(type);
}

/** unratedIn lists the kinds kept out of the stars that a tab holds and that have reviews. */
export function unratedIn(counts: ReviewCounts, tab: ReviewTab): ReviewTypeCount[] {
  const types: readonly string[] = REVIEW_TABS.find((t) => t.value === tab)?.types ?? [];
  return counts.unrated.filter((c) => types.includes(c.reviewType));
}
