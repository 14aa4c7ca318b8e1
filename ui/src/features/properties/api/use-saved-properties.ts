import { keepPreviousData } from "@tanstack/react-query";
import { useQuery } from "@connectrpc/connect-query";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";

/** SAVED_PAGE_SIZE is how many saved properties a page of the dashboard's tab shows. */
export const SAVED_PAGE_SIZE = 12;

/**
 * useSavedProperties loads one page of the signed-in user's saved properties, most recently
 * saved first; the previous page stays on screen while the next one loads.
 */
export function useSavedProperties(page: number) {
  return useQuery(
    PropertyService.method.listSavedProperties,
    { page, pageSize: SAVED_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
}
