// Test helpers (fake services) for the review card and the reviews feature; not part of the app.
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { screen, within } from "@testing-library/react";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService, RatingSummarySchema, type Property } from "@/gen/rentproof/property/v1/property_pb";
import {
  OwnerResponseSchema,
  ReviewerSchema,
  ReviewSchema,
  ReviewService,
  ReviewTypeCountSchema,
  type CreateReviewRequest,
  type MarkHelpfulRequest,
  type ReportReviewRequest,
  type RespondToReviewRequest,
  type Review,
} from "@/gen/rentproof/review/v1/review_pb";
import { TenancyService, type Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { REVIEW_RULES, tabReviewTypes } from "@/lib/rules";
import { REVIEW_TYPES } from "@/lib/vocab";

/** The types that make a property's stars, as the contract declares them (the server's rule). */
const RATED_TYPES: readonly string[] = REVIEW_RULES.ratedTypes;

type Rpc =
  | "createReview"
  | "markHelpful"
  | "reportReview"
  | "respondToReview"
  | "listPropertyReviews"
  | "getRatingSummary"
  | "listMyTenancies"
  | "listTenancyClaims";

interface ReviewFakeOptions {
  properties: Property[];
  reviews: Review[];
  /** The signed-in user (the author of new reviews, the voter); undefined is signed out. */
  viewer?: () => User | undefined;
  /** Awaited by every rpc that changes something before it answers (to look at pending states). */
  hold?: () => Promise<void>;
  /** Awaited by the review lists and the rating summary before they answer (a slow refetch). */
  holdReads?: () => Promise<void>;
  /** Makes an rpc fail with this error. */
  fail?: Partial<Record<Rpc, ConnectError>>;
  /** When true a report hides the review at once, as the third report from established accounts does. */
  reportsHide?: boolean;
  /** Tenancy claims: the viewer's own (ListMyTenancies) and those on the viewer's properties (ListTenancyClaims). */
  tenancies?: Tenancy[];
}

/** published tells whether a review is public (a review made without a status is). */
const published = (r: Review) => r.status === "" || r.status === "published";

const round1 = (n: number) => Math.round(n * 10) / 10;

/** counts tells whether a review counts: not a new member's, and not kept out for another reason. */
const counts = (r: Review) => !r.newMember && r.notCountedReason === "";

/** summaryOf is the stars of a property's reviews: its published reviews of the rated types that count. */
function summaryOf(all: Review[]) {
  const reviews = all.filter((r) => published(r) && counts(r) && RATED_TYPES.includes(r.reviewType));
  const distribution = [0, 0, 0, 0, 0];
  for (const r of reviews) distribution[r.rating - 1]++;
  const count = reviews.length;
  const sum = reviews.reduce((a, r) => a + r.rating, 0);
  return create(RatingSummarySchema, {
    average: count ? round1(sum / count) : 0,
    count,
    recommendCount: reviews.filter((r) => r.rating >= 4).length,
    distribution,
  });
}

/**
 * typesOf counts a property's published reviews of every type, zero counts included, and those
 * that count (not new members' nor those kept out for another reason), with their average, as GetRatingSummary does.
 */
function typesOf(all: Review[]) {
  return REVIEW_TYPES.values.map((reviewType) => {
    const of = all.filter((r) => published(r) && r.reviewType === reviewType);
    const counted = of.filter(counts);
    const notIndependent = of.filter((r) => r.notCountedReason === "not_independent").length;
    const previousAddress = of.filter((r) => r.notCountedReason === "previous_address").length;
    const sum = counted.reduce((a, r) => a + r.rating, 0);
    return create(ReviewTypeCountSchema, {
      reviewType,
      count: of.length,
      counted: counted.length,
      notIndependent,
      previousAddress,
      average: counted.length ? round1(sum / counted.length) : 0,
      ratesProperty: RATED_TYPES.includes(reviewType),
    });
  });
}

/**
 * serveReviewFakes is an in-memory PropertyService (GetProperty, ListSimilarProperties)
 * and ReviewService with the server's behaviour that the UI relies on: tabs, pages,
 * stars recomputed from the reviews that rate the property (tenant, agent, general),
 * counts per type, hidden reviews listed to their author only, one helpful vote per
 * user, owner-only responses. Use it as fakeTransport's `extra`; it records every request.
 */
export function serveReviewFakes({
  properties,
  reviews: initial,
  viewer = () => undefined,
  hold,
  holdReads,
  fail = {},
  reportsHide = false,
  tenancies = [],
}: ReviewFakeOptions) {
  const reviews = [...initial];
  const votes = new Set<string>();
  let nextId = 1000;
  const requests = {
    createReview: [] as CreateReviewRequest[],
    markHelpful: [] as MarkHelpfulRequest[],
    reportReview: [] as ReportReviewRequest[],
    respondToReview: [] as RespondToReviewRequest[],
    listPropertyReviews: [] as { propertyId: number; tab: string; page: number; pageSize: number; verifiedOnly: boolean }[],
    getRatingSummary: [] as { propertyId: number }[],
    listMyTenancies: 0,
    listTenancyClaims: [] as { propertyId: number }[],
  };
  // Answers are never changed in place: the UI may still hold them.
  const replace = (next: Review) => {
    const i = reviews.findIndex((r) => r.id === next.id);
    reviews[i] = next;
  };
  const gate = async (rpc: Rpc) => {
    await hold?.();
    const err = fail[rpc];
    if (err) throw err;
  };
  const signedIn = () => {
    const user = viewer();
    if (!user) throw new ConnectError("Please sign in", Code.Unauthenticated);
    return user;
  };
  const withSummary = (p: Property): Property => ({
    ...p,
    ratingSummary: summaryOf(reviews.filter((r) => r.propertyId === p.id)),
  });

  const serve = (router: ConnectRouter) => {
    router.service(PropertyService, {
      getProperty(req) {
        const found = properties.find((p) => p.id === req.id);
        if (!found) throw new ConnectError("Property Not Found", Code.NotFound);
        return { property: withSummary(found) };
      },
      listSimilarProperties() {
        return { properties: [] };
      },
    });
    router.service(ReviewService, {
      async listPropertyReviews(req) {
        requests.listPropertyReviews.push({
          propertyId: req.propertyId,
          tab: req.tab,
          page: req.page,
          pageSize: req.pageSize,
          verifiedOnly: req.verifiedOnly,
        });
        await holdReads?.();
        const err = fail.listPropertyReviews;
        if (err) throw err;
        const types = tabReviewTypes(req.tab || "all");
        const user = viewer();
        const matches = reviews
          .filter((r) => published(r) || (r.status === "hidden" && !!user && r.userId === user.id))
          .filter((r) => r.propertyId === req.propertyId && (!types.length || types.includes(r.reviewType)))
          .filter((r) => !req.verifiedOnly || r.verified)
          .sort((a, b) => Number(b.createdAt?.seconds ?? 0n) - Number(a.createdAt?.seconds ?? 0n) || b.id - a.id);
        const size = req.pageSize || 10;
        const page = req.page || 1;
        return {
          reviews: matches
            .slice((page - 1) * size, page * size)
            .map((r) => ({ ...r, helpfulByViewer: !!user && votes.has(`${user.id}:${r.id}`) })),
          hasMore: matches.length > page * size,
        };
      },
      async getRatingSummary(req) {
        requests.getRatingSummary.push({ propertyId: req.propertyId });
        await holdReads?.();
        const err = fail.getRatingSummary;
        if (err) throw err;
        const of = reviews.filter((r) => r.propertyId === req.propertyId);
        return { summary: summaryOf(of), types: typesOf(of), verifiedCount: of.filter((r) => published(r) && r.verified).length };
      },
      listRecentReviews(req) {
        return { reviews: reviews.slice(0, req.limit || 2) };
      },
      listMyReviewsOfProperty(req) {
        const user = signedIn();
        const mine = reviews.filter((r) => r.userId === user.id && r.propertyId === req.propertyId);
        return { reviews: REVIEW_TYPES.values.flatMap((type) => mine.filter((r) => r.reviewType === type)) };
      },
      async createReview(req) {
        requests.createReview.push(req);
        await gate("createReview");
        const user = signedIn();
        // A landlord's review of a verified tenancy is one per tenancy; every other kind one per type.
        if (
          reviews.some(
            (r) =>
              r.userId === user.id && r.propertyId === req.propertyId && r.reviewType === req.reviewType && r.tenancyId === req.tenancyId,
          )
        ) {
          throw new ConnectError("You have already written a review of this type for this property", Code.AlreadyExists);
        }
        const review = create(ReviewSchema, {
          id: nextId++,
          propertyId: req.propertyId,
          userId: user.id,
          rating: req.rating,
          title: req.title,
          content: req.content,
          reviewType: req.reviewType,
          stayPeriod: req.stayPeriod,
          pros: req.pros,
          cons: req.cons,
          categories: req.categories,
          photos: req.photos,
          language: req.language,
          createdAt: timestampFromDate(new Date()),
          reviewer: create(ReviewerSchema, { id: user.id, firstName: user.firstName, lastName: user.lastName }),
          status: "published",
          tenancyId: req.tenancyId,
        });
        reviews.unshift(review);
        return { review };
      },
      async markHelpful(req) {
        requests.markHelpful.push(req);
        await gate("markHelpful");
        const user = signedIn();
        const review = reviews.find((r) => r.id === req.reviewId);
        if (!review) throw new ConnectError("Review not found", Code.NotFound);
        if (review.userId === user.id) {
          throw new ConnectError("You cannot mark your own review as helpful", Code.PermissionDenied);
        }
        const key = `${user.id}:${review.id}`;
        if (votes.has(key)) return { helpful: review.helpful, alreadyMarked: true };
        votes.add(key);
        replace({ ...review, helpful: review.helpful + 1 });
        return { helpful: review.helpful + 1, alreadyMarked: false };
      },
      async reportReview(req) {
        requests.reportReview.push(req);
        await gate("reportReview");
        signedIn();
        const review = reviews.find((r) => r.id === req.reviewId);
        if (!review) throw new ConnectError("Review not found", Code.NotFound);
        if (reportsHide) replace({ ...review, status: "hidden" });
        return {};
      },
      async respondToReview(req) {
        requests.respondToReview.push(req);
        await gate("respondToReview");
        const user = signedIn();
        const review = reviews.find((r) => r.id === req.reviewId);
        if (!review) throw new ConnectError("Review not found", Code.NotFound);
        const property = properties.find((p) => p.id === review.propertyId);
        if (property?.landlordId !== user.id) {
          throw new ConnectError("Only the property's owner can respond to its reviews", Code.PermissionDenied);
        }
        const now = timestampFromDate(new Date());
        const answered = {
          ...review,
          ownerResponse: create(OwnerResponseSchema, {
            content: req.content,
            createdAt: review.ownerResponse?.createdAt ?? now,
            updatedAt: now,
          }),
        };
        replace(answered);
        return { review: answered };
      },
    });
    router.service(TenancyService, {
      listMyTenancies() {
        requests.listMyTenancies++;
        const err = fail.listMyTenancies;
        if (err) throw err;
        const user = signedIn();
        return { tenancies: tenancies.filter((t) => t.tenantId === user.id) };
      },
      listTenancyClaims(req) {
        requests.listTenancyClaims.push({ propertyId: req.propertyId });
        const err = fail.listTenancyClaims;
        if (err) throw err;
        const user = signedIn();
        const owned = properties.filter((p) => p.landlordId === user.id).map((p) => p.id);
        return {
          tenancies: tenancies.filter((t) => owned.includes(t.propertyId) && (!req.propertyId || t.propertyId === req.propertyId)),
        };
      },
    });
  };

  return { serve, requests, reviews };
}

/** reviewTitles lists the titles of the cards in the property page's list of reviews, in order. */
export async function reviewTitles(): Promise<(string | null)[]> {
  const section = await screen.findByRole("region", { name: "Reviews" });
  const list = await within(section).findByRole("list", { name: "Reviews" });
  return within(list)
    .getAllByRole("article")
    .map((a) => within(a).getByRole("heading", { level: 3 }).textContent);
}
