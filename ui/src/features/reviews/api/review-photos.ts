import type { UploadKind } from "@/components/image-uploader/use-image-uploads";
import { LIMITS } from "@/lib/vocab";

/**
 * REVIEW_PHOTOS is the review photos' upload path, open to every signed-in member (tenants
 * included), at most the contract's 5 per review (CreateReviewRequest.photos).
 */
export const REVIEW_PHOTOS: UploadKind = {
  path: "/api/upload/review-photos",
  field: "photos",
  max: LIMITS.review.photos.maxItems,
  one: "photo",
  many: "photos",
};
