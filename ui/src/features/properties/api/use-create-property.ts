import { createConnectQueryKey, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { TokenService } from "@/gen/rentproof/token/v1/token_pb";

/**
 * useCreateProperty lists a property with PropertyService.CreateProperty. On
 * success cached searches are dropped (the new listing may belong in them) and
 * the token balance and transactions are refreshed (SPEC §7).
 */
export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation(PropertyService.method.createProperty, {
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: createConnectQueryKey({ schema: PropertyService, cardinality: undefined }),
        }),
        queryClient.invalidateQueries({
          queryKey: createConnectQueryKey({ schema: TokenService, cardinality: undefined }),
        }),
      ]);
    },
  });
}
