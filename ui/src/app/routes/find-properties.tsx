import { SearchPage } from "@/features/properties/components/search-page";
import { SaveSearchButton } from "@/features/saved-searches/components/save-search-button";

/** FindPropertiesRoute is /find-properties, whose searches can be saved (issue 32). */
export function FindPropertiesRoute() {
  return <SearchPage saveSearch={(request) => <SaveSearchButton request={request} />} />;
}
