import { reviewTypeLabel } from "@/components/review-card/review-labels";
import type { GetRatingSummaryResponse, ReviewTypeCount } from "@/gen/rentproof/review/v1/review_pb";
import { formatCount } from "@/lib/count";
import { formatRating, pluralize, shownAndCounted } from "@/lib/rating";
import { REVIEW_TABS, type ReviewTab } from "./api/use-property-reviews";

/**
 * What a property's reviews add up to, from ReviewService.GetRatingSummary: the stars are
 * made only of the reviews that rate the property itself (tenant, agent and general
 * reviews) and whose authors are established members; reviews about the landlord, the
 * neighborhood and tenants are listed in their tabs but kept out of the stars, and a new
 * member's review is listed at once but counts (in the stars, and in its tab's average) only
 * once its author is established. The page says so wherever its counts would otherwise seem
 * to disagree with the stars.
 */
export interface ReviewCounts {
  /** Every published review, rated or not: what the All tab holds. */
  total: number;
  /** The reviews in the stars: the count beside the property's rating. */
  rated: number;
  /** New members' reviews of the rated types: listed, and in the stars once their authors are established. */
  pending: number;
  /** Reviews of the rated types that never count: their authors were not independent of the owner. */
  notIndependent: number;
  /** Reviews of the rated types about an earlier address of the listing: listed, not counted while it is elsewhere. */
  previousAddress: number;
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
  const ratedTypes = answer.types.filter((c) => c.ratesProperty);
  return {
    total: answer.types.reduce((n, c) => n + c.count, 0),
    // The stars' own count, so the line agrees with the rating shown above it.
    rated: answer.summary?.count ?? ratedTypes.reduce((n, c) => n + c.counted, 0),
    pending: ratedTypes.reduce((n, c) => n + c.count - c.counted - c.notIndependent - c.previousAddress, 0),
    notIndependent: ratedTypes.reduce((n, c) => n + c.notIndependent, 0),
    previousAddress: ratedTypes.reduce((n, c) => n + c.previousAddress, 0),
    byTab,
    unrated: answer.types
      .filter((c) => !c.ratesProperty && c.count > 0)
      .sort((a, b) => tabOrder(a.reviewType) - tabOrder(b.reviewType)),
  };
}

/**
 * allTabLine says what the All tab holds and which of its reviews make the rating, and why the
 * others do not, or null without reviews (the empty state says so).
 */
export function allTabLine({
  total,
  rated,
  pending,
  notIndependent = 0,
  previousAddress = 0,
}: Pick<ReviewCounts, "total" | "rated" | "pending"> &
  Partial<Pick<ReviewCounts, "notIndependent" | "previousAddress">>): string | null {
  if (total === 0) return null;
  const line = shownAndCounted(total, rated, "the property's rating");
  if (!line) {
    return total === 1 ? "1 review, counted in the property's rating." : `All ${pluralize(total, "review")}, each counted in the property's rating.`;
  }
  const why = [line];
  if (total - rated - pending - notIndependent - previousAddress > 0) {
    why.push(
      "Only tenant, agent and general reviews of the property itself make it; reviews about the landlord, the neighborhood or tenants are listed here but not counted in it.",
    );
  }
  if (pending > 0) {
    why.push(
      pending === 1
        ? "1 review is from a new member: listed at once, counted once its author's account is established."
        : `${formatCount(pending)} reviews are from new members: listed at once, counted once their authors' accounts are established.`,
    );
  }
  if (notIndependent > 0) {
    why.push(
      notIndependent === 1
        ? "1 review is listed but never counted: its author was not independent of the property's owner."
        : `${formatCount(notIndependent)} reviews are listed but never counted: their authors were not independent of the property's owner.`,
    );
  }
  if (previousAddress > 0) {
    why.push(
      previousAddress === 1
        ? "1 review is about a previous address of the listing: listed, but not counted in its rating."
        : `${formatCount(previousAddress)} reviews are about a previous address of the listing: listed, but not counted in its rating.`,
    );
  }
  return why.join(" ");
}

/**
 * typeFigures says what a kind's average is made of: "4.0 from 3 reviews", the new members'
 * reviews the average leaves out until their authors are established, and the reviews it does
 * not take in because their authors were not independent of the owner or because they are about
 * a previous address of the listing.
 */
export function typeFigures({
  average,
  count,
  counted,
  notIndependent = 0,
  previousAddress = 0,
}: Pick<ReviewTypeCount, "average" | "count" | "counted"> &
  Partial<Pick<ReviewTypeCount, "notIndependent" | "previousAddress">>): string {
  const waiting = count - counted - notIndependent - previousAddress;
  const newMembers = waiting === 1 ? "1 from a new member" : `${formatCount(waiting)} from new members`;
  const kept = [
    notIndependent > 0 ? `${formatCount(notIndependent)} not independent of the owner` : "",
    previousAddress > 0 ? `${formatCount(previousAddress)} about a previous address` : "",
  ].filter(Boolean);
  const held = kept.map((k) => ` · ${k}, not counted`).join("");
  if (counted === 0 && waiting === 0 && kept.length > 0) {
    return `Not counted: ${kept.join(" · ")}`;
  }
  if (counted === 0) return `Not counted yet: ${newMembers}${held}`;
  const figures = `${formatRating(average)} from ${pluralize(counted, "review")}`;
  return (waiting > 0 ? `${figures} · ${newMembers}, not counted yet` : figures) + held;
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
