import { useMutation } from "@connectrpc/connect-query";
import { toast } from "@/components/ui/use-toast";
import { AccountService, type UpdateProfileRequest } from "@/gen/rentproof/account/v1/account_pb";
import { useUpdateCurrentUser } from "./use-session";

/** PROFILE_UPDATED is the toast of a saved profile. */
export const PROFILE_UPDATED = "Profile updated";

/**
 * useUpdateProfile saves the Edit Profile form with AccountService.UpdateProfile. On success
 * the cached current user becomes the answer at once (the header and the dashboard show the new
 * name without a round trip), and is fetched again to be sure.
 */
export function useUpdateProfile(onSaved?: () => void) {
  const updateCurrentUser = useUpdateCurrentUser();
  const mutation = useMutation(AccountService.method.updateProfile, {
    onSuccess: async ({ user }) => {
      const updated = updateCurrentUser(user);
      toast({ title: PROFILE_UPDATED });
      onSaved?.();
      await updated;
    },
  });
  return {
    save: (input: Omit<UpdateProfileRequest, "$typeName" | "$unknown">) => mutation.mutate(input),
    pending: mutation.isPending,
    error: mutation.error,
    reset: mutation.reset,
  };
}
