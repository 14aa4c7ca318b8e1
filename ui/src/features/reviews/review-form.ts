import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  REVIEW_TYPES,
  textLength,
  type ReviewType,
} from "@/components/review-card/review-labels";
import type { CreateReviewRequestSchema } from "@/gen/rentproof/review/v1/review_pb";

/** Bounds of a review (SPEC §5 "Review", §9). */
export const REVIEW_LIMITS = {
  titleMin: 5,
  titleMax: 100,
  contentMin: 20,
  contentMax: 1000,
  /** The server keeps at most ten pros and ten cons, each up to 200 characters. */
  pointsMax: 10,
  pointMax: 200,
} as const;

/** ReviewFormValues are the Write a Review form's fields. */
export interface ReviewFormValues {
  rating: number;
  title: string;
  content: string;
  reviewType: ReviewType;
  language: string;
  stayPeriod: string;
  categories: string[];
  pros: string[];
  cons: string[];
}

/** The fields that can carry a message, in the order of the form. */
export const REVIEW_FIELD_ORDER = ["rating", "title", "content"] as const;
export type ReviewField = (typeof REVIEW_FIELD_ORDER)[number];
export type ReviewErrors = Partial<Record<ReviewField, string>>;

/** The types that only one role may write: landlord_to_tenant for landlords, agent_to_property for agents. */
const ROLE_ONLY: Partial<Record<ReviewType, string>> = {
  landlord_to_tenant: "landlord",
  agent_to_property: "agent",
};

/**
 * OWNER_REVIEW_TYPE is the one type a property's owner may write about it, and only its
 * owner may: owners cannot rate their own property (the server refuses anything else).
 */
export const OWNER_REVIEW_TYPE: ReviewType = "landlord_to_tenant";

/**
 * reviewTypesFor lists the review types offered to a user about one property. SPEC §5's
 * role rules (landlord_to_tenant only to role landlord, agent_to_property only to role
 * agent) hold on top of the server's ownership rule: the property's owner may write only
 * the landlord review of a tenant, and nobody else may. So an owner who is a landlord is
 * offered just that one, an owner of any other role nothing at all, and everyone else
 * every type their role may write but that one.
 */
export function reviewTypesFor(role: string, isOwner = false): ReviewType[] {
  return REVIEW_TYPES.filter((type) => {
    const only = ROLE_ONLY[type];
    if (only && only !== role) return false;
    return isOwner === (type === OWNER_REVIEW_TYPE);
  });
}

/** defaultReviewValues are the form's starting values: rating 5, language en, stay period current. */
export function defaultReviewValues(types: ReviewType[]): ReviewFormValues {
  return {
    rating: 5,
    title: "",
    content: "",
    reviewType: types[0] ?? "general",
    language: "en",
    stayPeriod: "current",
    categories: [],
    pros: [""],
    cons: [""],
  };
}

/** validateReview applies SPEC §5 "Review" with the server's messages. */
export function validateReview(values: ReviewFormValues): ReviewErrors {
  const errors: ReviewErrors = {};
  if (!Number.isInteger(values.rating) || values.rating < 1 || values.rating > 5) errors.rating = "Rating is required";
  const title = textLength(values.title);
  if (title < REVIEW_LIMITS.titleMin) errors.title = `Title must be at least ${REVIEW_LIMITS.titleMin} characters`;
  else if (title > REVIEW_LIMITS.titleMax) errors.title = `Title must be at most ${REVIEW_LIMITS.titleMax} characters`;
  const content = textLength(values.content);
  if (content < REVIEW_LIMITS.contentMin) errors.content = `Review must be at least ${REVIEW_LIMITS.contentMin} characters`;
  else if (content > REVIEW_LIMITS.contentMax) errors.content = `Review must be at most ${REVIEW_LIMITS.contentMax} characters`;
  return errors;
}

function nonBlank(list: string[]): string[] {
  return list.map((s) => s.trim()).filter(Boolean);
}

/**
 * toCreateRequest shapes the form for ReviewService.CreateReview: text trimmed, blank
 * pros, cons and categories dropped, and a stay period only for tenant_to_property.
 * The author is whoever is signed in; no user id is sent.
 */
export function toCreateRequest(
  propertyId: number,
  values: ReviewFormValues,
): MessageInitShape<typeof CreateReviewRequestSchema> {
  return {
    propertyId,
    rating: values.rating,
    title: values.title.trim(),
    content: values.content.trim(),
    reviewType: values.reviewType,
    language: values.language,
    pros: nonBlank(values.pros),
    cons: nonBlank(values.cons),
    categories: nonBlank(values.categories),
    photos: [],
    stayPeriod: values.reviewType === "tenant_to_property" ? values.stayPeriod : "",
  };
}
