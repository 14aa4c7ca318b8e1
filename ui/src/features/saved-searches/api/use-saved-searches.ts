import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { SavedSearchService } from "@/gen/rentproof/savedsearch/v1/savedsearch_pb";

/** useSavedSearches lists the signed-in member's saved searches, newest first. */
export function useSavedSearches() {
  return useQuery(SavedSearchService.method.listSavedSearches, {});
}

/** useInvalidateSavedSearches returns a function that makes the list read again. */
function useInvalidateSavedSearches() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return () =>
    queryClient.invalidateQueries({
      queryKey: createConnectQueryKey({
        schema: SavedSearchService.method.listSavedSearches,
        transport,
        input: {},
        cardinality: "finite",
      }),
    });
}

/** useCreateSavedSearch saves a search; the list reads again. */
export function useCreateSavedSearch() {
  const invalidate = useInvalidateSavedSearches();
  return useMutation(SavedSearchService.method.createSavedSearch, { onSuccess: invalidate });
}

/** useDeleteSavedSearch deletes one of the member's saved searches; the list reads again. */
export function useDeleteSavedSearch() {
  const invalidate = useInvalidateSavedSearches();
  return useMutation(SavedSearchService.method.deleteSavedSearch, { onSuccess: invalidate });
}

/** useSetSavedSearchAlerts turns a saved search's alerts on or off; the list reads again. */
export function useSetSavedSearchAlerts() {
  const invalidate = useInvalidateSavedSearches();
  return useMutation(SavedSearchService.method.setSavedSearchAlerts, { onSuccess: invalidate });
}
