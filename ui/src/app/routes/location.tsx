import { LocationPage } from "@/features/properties/components/location-page";

/** LocationRoute is /location/{zipcode}. */
export function LocationRoute() {
  return <LocationPage />;
}
