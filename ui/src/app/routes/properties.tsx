import { AddPropertyPage } from "@/features/properties/components/add-property-page";
import { LocationPage } from "@/features/properties/components/location-page";
import { PropertyDetailPage } from "@/features/properties/components/property-detail-page";
import { SearchPage } from "@/features/properties/components/search-page";
import { PropertyReviews } from "@/features/reviews/components/property-reviews";
import { useCurrentUser } from "@/features/auth/api/use-current-user";

/** FindPropertiesRoute is /find-properties. */
export function FindPropertiesRoute() {
  return <SearchPage />;
}

/** AddPropertyRoute is /add-property (behind ProtectedRoute): the form, for the signed-in user's role. */
export function AddPropertyRoute() {
  const { user } = useCurrentUser();
  return <AddPropertyPage role={user?.role} />;
}

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

/** LocationRoute is /location/{zipcode}. */
export function LocationRoute() {
  return <LocationPage />;
}
