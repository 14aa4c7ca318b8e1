import { lazy, Suspense } from "react";
import { LocationPage } from "@/features/properties/components/location-page";

// Its form and dialog load after the page, so the location page's first load stays as it was.
const SaveSearchButton = lazy(async () => ({
  default: (await import("@/features/saved-searches/components/save-search-button")).SaveSearchButton,
}));

/** LocationRoute is /location/{zipcode}, whose search (the code with its filters) can be saved (issue 32). */
export function LocationRoute() {
  return (
    <LocationPage
      saveSearch={(request) => (
        <Suspense fallback={null}>
          <SaveSearchButton request={request} />
        </Suspense>
      )}
    />
  );
}
