import { SearchPage } from "@/features/properties/components/search-page";

/** FindPropertiesRoute is /find-properties. */
export function FindPropertiesRoute() {
  return <SearchPage />;
}
