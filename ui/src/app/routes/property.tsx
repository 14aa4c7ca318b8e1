import { PropertyDetailPage } from "@/features/properties/components/property-detail-page";
import { PropertyReviews } from "@/features/reviews/components/property-reviews";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { EnquiryActions } from "@/features/enquiries/components/enquiry-actions";
import { VerificationAction } from "@/features/verification/components/verification-action";

/**
 * PropertyRoute is /properties/{id}. The reviews, verification and enquiries features plug
 * into the page's slots here (renderReviews, renderVerification, renderContact).
 */
export function PropertyRoute() {
  const { user, isLoading } = useCurrentUser();
  return (
    <PropertyDetailPage
      viewerId={user?.id}
      renderVerification={(property) => (
        <VerificationAction property={property} viewer={user} viewerLoading={isLoading} />
      )}
      renderContact={(property) => <EnquiryActions property={property} viewer={user} viewerLoading={isLoading} />}
      renderReviews={(property) => <PropertyReviews property={property} viewer={user} viewerLoading={isLoading} />}
    />
  );
}
