import type { MessageInitShape } from "@bufbuild/protobuf";
import { z } from "zod";
import type { CreateReviewRequestSchema } from "@/gen/rentproof/review/v1/review_pb";
import { text } from "@/lib/validation";
import { LIMITS } from "@/lib/vocab";

const { title, content, pros, cons } = LIMITS.review;

/** A list of pros or cons: each entry within the contract's length (blank ones are dropped on send). */
const points = (limits: typeof pros) =>
  z.array(text({ limits: { minChars: 0, maxChars: limits.maxChars }, tooLong: `Each entry must be at most ${limits.maxChars} characters` }));

/** ReviewFormValues are the Write a Review form's fields. */
export interface ReviewFormValues {
  rating: number;
  title: string;
  content: string;
  reviewType: string;
  language: string;
  stayPeriod: string;
  categories: string[];
  pros: string[];
  cons: string[];
  /** The URLs of the photos uploaded for the review (the photo picker keeps them here). */
  photos: string[];
  /** The verified tenancy a landlord's review of a tenant is about, as the select's value; "0" for none. */
  tenancyId: string;
}

/**
 * defaultReviewValues are the form's starting values: no rating (SPEC's default is 5, but a
 * preset anchors the rating: the author must choose one), language en, stay period current.
 */
export function defaultReviewValues(types: readonly string[], tenancyId = 0): ReviewFormValues {
  return {
    rating: 0,
    title: "",
    content: "",
    reviewType: types[0] ?? "general",
    language: "en",
    stayPeriod: "current",
    categories: [],
    pros: [""],
    cons: [""],
    photos: [],
    tenancyId: String(tenancyId),
  };
}

/**
 * reviewSchema is SPEC §5 "Review" with the server's messages; title and review are
 * counted in characters, after trimming, as the server counts them.
 */
export const reviewSchema = z.object({
  rating: z.number().refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, "Rating is required"),
  title: text({
    limits: title,
    tooShort: `Title must be at least ${title.minChars} characters`,
    tooLong: `Title must be at most ${title.maxChars} characters`,
  }),
  content: text({
    limits: content,
    tooShort: `Review must be at least ${content.minChars} characters`,
    tooLong: `Review must be at most ${content.maxChars} characters`,
  }),
  reviewType: z.string(),
  language: z.string(),
  stayPeriod: z.string(),
  categories: z.array(z.string()),
  pros: points(pros),
  cons: points(cons),
  photos: z.array(z.string()),
  tenancyId: z.string(),
});

function nonBlank(list: string[]): string[] {
  return list.map((s) => s.trim()).filter(Boolean);
}

/**
 * toCreateRequest shapes the form for ReviewService.CreateReview: text trimmed, blank
 * pros, cons, categories and photos dropped, a stay period only for tenant_to_property, and a
 * tenancy only for landlord_to_tenant (other types' tenancy is found from their author).
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
    photos: nonBlank(values.photos),
    stayPeriod: values.reviewType === "tenant_to_property" ? values.stayPeriod : "",
    tenancyId: values.reviewType === "landlord_to_tenant" ? Number(values.tenancyId) || 0 : 0,
  };
}
