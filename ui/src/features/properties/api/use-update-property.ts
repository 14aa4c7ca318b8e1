import { createConnectQueryKey, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";

/**
 * useUpdateProperty saves an edited listing with PropertyService.UpdateProperty. On success
 * every cached property answer is dropped (the listing, searches, the dashboard's lists), so the
 * property page shows the change.
 */
export function useUpdateProperty() {
  const queryClient = useQueryClient();
  return useMutation(PropertyService.method.updateProperty, {
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: PropertyService, cardinality: undefined }),
      });
    },
  });
}
