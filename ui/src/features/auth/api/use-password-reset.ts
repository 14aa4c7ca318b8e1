import { useMutation } from "@connectrpc/connect-query";
import { toast } from "@/components/ui/use-toast";
import { AccountService, type FindAccountResponse } from "@/gen/rentproof/account/v1/account_pb";
import { errorMessage } from "@/lib/errors";
import type { FindAccountValues, ResetPasswordValues } from "../schemas";
import { useResetDone } from "./use-recovery-links";
import { useFailureToast } from "./use-sign-in";

/**
 * useFindAccount is step 1 of the password reset (AccountService.FindAccount): email
 * and username together name the account, whose two questions come back.
 */
export function useFindAccount(onFound: (found: FindAccountResponse, username: string) => void) {
  const mutation = useMutation(AccountService.method.findAccount, {
    onSuccess: (found, request) => onFound(found, request.username ?? ""),
    onError: (err) => {
      toast({
        title: "User not found",
        description: errorMessage(err) || "Please check your email and username",
        variant: "destructive",
      });
    },
  });
  return {
    findAccount: (values: FindAccountValues) =>
      mutation.mutate({ email: values.email.trim(), username: values.username.trim() }),
    pending: mutation.isPending,
  };
}

/**
 * useResetPassword is step 2 (AccountService.ResetPassword): right answers set the new
 * password and sign the account out everywhere; the user then lands on sign-in with SPEC's
 * success toast, and a failure toast from an earlier try goes away.
 */
export function useResetPassword() {
  const failure = useFailureToast();
  const done = useResetDone(failure.clear);
  const mutation = useMutation(AccountService.method.resetPassword, {
    onMutate: failure.clear,
    onSuccess: done,
    onError: (err) => {
      failure.show({
        title: "Password reset failed",
        description: errorMessage(err) || "Please check your security answers",
      });
    },
  });
  return {
    resetPassword: (userId: number, values: ResetPasswordValues) =>
      mutation.mutate({
        userId,
        securityAnswer1: values.securityAnswer1,
        securityAnswer2: values.securityAnswer2,
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
      }),
    pending: mutation.isPending,
  };
}
