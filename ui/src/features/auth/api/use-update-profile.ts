import { create } from "@bufbuild/protobuf";
import { createConnectQueryKey, useMutation, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import {
  AccountService,
  GetCurrentUserResponseSchema,
  type UpdateProfileRequest,
} from "@/gen/rentproof/account/v1/account_pb";

/** PROFILE_UPDATED is the toast of a saved profile. */
export const PROFILE_UPDATED = "Profile updated";

/**
 * useUpdateProfile saves the Edit Profile form with AccountService.UpdateProfile. On success
 * the cached current user becomes the answer at once (the header and the dashboard show the new
 * name without a round trip), and is fetched again to be sure.
 */
export function useUpdateProfile(onSaved?: () => void) {
  const queryClient = useQueryClient();
  const transport = useTransport();
  const mutation = useMutation(AccountService.method.updateProfile, {
    onSuccess: async ({ user }) => {
      const key = createConnectQueryKey({
        schema: AccountService.method.getCurrentUser,
        transport,
        input: {},
        cardinality: "finite",
      });
      // The bell's count stays as it was.
      if (user) queryClient.setQueryData(key, (old) => create(GetCurrentUserResponseSchema, { user, unreadNotifications: old?.unreadNotifications ?? 0 }));
      toast({ title: PROFILE_UPDATED });
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  return {
    save: (input: Omit<UpdateProfileRequest, "$typeName" | "$unknown">) => mutation.mutate(input),
    pending: mutation.isPending,
    error: mutation.error,
    reset: mutation.reset,
  };
}
