import { PropertyDetailPage } from "@/features/properties/components/property-detail-page";
import { PropertyReviews } from "@/features/reviews/components/property-reviews";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { VerificationAction } from "@/features/verification/components/verification-action";

/**
 * PropertyRoute is /properties/{id}. The reviews and verification features plug
 * into the page's slots here (renderReviews, renderVerification).
 */
export function PropertyRoute() {
  const { user, isLoading } = useCurrentUser();
  return (
    <PropertyDetailPage
      viewerId={user?.id}
      renderVerification={(property) => (
        <VerificationAction property={property} viewer={user} viewerLoading={isLoading} />
      )}
      renderReviews={(property) => <PropertyReviews property={property} viewer={user} viewerLoading={isLoading} />}
    />
  );
}
