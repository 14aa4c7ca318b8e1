import { PropertyDetailPage } from "@/features/properties/components/property-detail-page";
import { PropertyReviews } from "@/features/reviews/components/property-reviews";
import { useCurrentUser } from "@/features/auth/api/use-current-user";

/**
 * PropertyRoute is /properties/{id}. The reviews and verification features plug
 * into the page's slots here (renderReviews, renderVerification) when they exist.
 */
export function PropertyRoute() {
  const { user, isLoading } = useCurrentUser();
  return (
    <PropertyDetailPage
      renderReviews={(property) => <PropertyReviews property={property} viewer={user} viewerLoading={isLoading} />}
    />
  );
}
