import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { locationRequest, searchRequest, type SearchState } from "../search-params";

/** How long search results count as fresh (SPEC §9: 10 seconds). */
export const SEARCH_FRESH_MS = 10_000;

/**
 * useSearchProperties runs the search of a page state. Results stay fresh for 10
 * seconds and are fetched again on focus and on mount after that (SPEC §7); the
 * previous page stays on screen while the next one loads.
 */
export function useSearchProperties(state: SearchState) {
  return useQuery(PropertyService.method.searchProperties, searchRequest(state), {
    placeholderData: keepPreviousData,
    staleTime: SEARCH_FRESH_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });
}

/**
 * usePropertiesByZip runs a location page's search: the postal code of its path with the filters,
 * sort and page of its URL, LOCATION_PAGE_SIZE a page. Unfiltered, its first page is the request
 * the server answers with the page itself (internal/web/firstload.go).
 */
export function usePropertiesByZip(state: SearchState, enabled: boolean) {
  return useQuery(PropertyService.method.searchProperties, locationRequest(state), {
    enabled,
    placeholderData: keepPreviousData,
    staleTime: SEARCH_FRESH_MS,
  });
}
