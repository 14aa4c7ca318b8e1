import { publicName, tenancyPeriod } from "@/components/review-card/review-proof";
import { verifiedLabel } from "@/components/review-card/review-labels";
import type { Review } from "@/gen/rentproof/review/v1/review_pb";
import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { TENANCY_RULES } from "@/lib/rules";

/**
 * What the review form says about tenancies (issue 27): which label a review will carry, which
 * verified tenancies the owner may review, and the blind reveal's rule. The server decides every
 * one of them again; these only keep the form from promising what it would not do.
 */

/**
 * BLIND_REVEAL_RULE is what both forms of the blind reveal say about it: a landlord's review of a
 * verified tenancy and that tenant's review of the landlord stay hidden at most the contract's
 * reveal_days.
 */
export const BLIND_REVEAL_RULE = `Your review and the other party's stay hidden until both are posted or ${TENANCY_RULES.revealDays} days have passed; after that neither can be changed.`;

/** The review types a member's verified tenancy labels; an agent's review is never verified. */
const TENANT_TYPES: readonly string[] = ["tenant_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"];

/** tenantLabel is the label a verified tenant's review of this type carries ("Verified Tenant"), or null. */
export function tenantLabel(reviewType: string): string | null {
  return TENANT_TYPES.includes(reviewType) ? `Verified ${verifiedLabel(reviewType)}` : null;
}

/** LANDLORD_LABEL is the label of a landlord's review of a verified tenancy. */
export const LANDLORD_LABEL = "Verified Landlord";

/**
 * stillLabels tells whether a review written now would still be labelled by a tenancy: it goes
 * on, or ended no more than the contract's review_years_after ago (from the end of its last month).
 */
export function stillLabels(tenancy: Pick<Tenancy, "toMonth">, now = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(tenancy.toMonth);
  if (!m) return tenancy.toMonth === "";
  // The first day after the window: the month after the last one, review_years_after on.
  const limit = Date.UTC(Number(m[1]) + TENANCY_RULES.reviewYearsAfter, Number(m[2]), 1);
  return now.getTime() < limit;
}

/** MyTenancyHere is what the member's claims say about one property. */
export interface MyTenancyHere {
  /** The verified tenancy there, if any. */
  verified?: Tenancy;
  /** A claim there that is still being checked. */
  pending?: Tenancy;
}

/** myTenancyAt finds the member's verified tenancy, or open claim, at a property. */
export function myTenancyAt(tenancies: readonly Tenancy[], propertyId: number): MyTenancyHere {
  const here = tenancies.filter((t) => t.propertyId === propertyId);
  return { verified: here.find((t) => t.status === "approved"), pending: here.find((t) => t.status === "pending") };
}

/**
 * reviewableTenancies are the owner's verified tenancies at the property that they have not
 * reviewed yet (one review per tenancy).
 */
export function reviewableTenancies(claims: readonly Tenancy[], propertyId: number, written: readonly Review[]): Tenancy[] {
  return claims.filter(
    (t) =>
      t.propertyId === propertyId &&
      t.status === "approved" &&
      t.landlordReviewId === 0 &&
      !written.some((r) => r.reviewType === "landlord_to_tenant" && r.tenancyId === t.id),
  );
}

/** tenancyOption names a verified tenancy in the owner's choice: "Sam O., Mar 2023 – now". */
export function tenancyOption(t: Pick<Tenancy, "tenantFirstName" | "tenantLastName" | "fromMonth" | "toMonth">): string {
  const who = publicName({ firstName: t.tenantFirstName, lastName: t.tenantLastName }) || "A former tenant";
  return `${who}, ${tenancyPeriod(t.fromMonth, t.toMonth)}`;
}
