import { useMutation } from "@connectrpc/connect-query";
import { useNavigate } from "react-router-dom";
import { toast } from "@/components/ui/use-toast";
import { AccountEmailService } from "@/gen/rentproof/account/v1/account_email_pb";
import { errorMessage } from "@/lib/errors";
import type { NewPasswordValues } from "../schemas";
import { useFailureToast } from "./use-sign-in";

/** RESET_SUCCESS is SPEC §8's password reset success toast. */
export const RESET_SUCCESS = {
  title: "Password reset successful",
  description: "Your password has been reset. You can now login with your new password.",
} as const;

/**
 * useResetDone is what a successful reset does, by questions or by link: the stale failure toast
 * goes, SPEC's success toast shows and the user lands on sign-in.
 */
export function useResetDone(dismissFailure: () => void) {
  const navigate = useNavigate();
  return () => {
    dismissFailure();
    toast(RESET_SUCCESS);
    void navigate("/auth", { replace: true });
  };
}

/**
 * useSendResetLink asks for a reset link by email (AccountEmailService.SendPasswordResetLink). The
 * answer is the same whether or not the address has an account; `sent` holds it.
 */
export function useSendResetLink() {
  const failure = useFailureToast();
  const mutation = useMutation(AccountEmailService.method.sendPasswordResetLink, {
    onMutate: failure.clear,
    onError: (err) => failure.show({ title: "Could not send the link", description: errorMessage(err) || "Please try again" }),
  });
  return {
    send: (email: string) => mutation.mutate({ email: email.trim() }),
    pending: mutation.isPending,
    sent: mutation.data?.message ?? "",
  };
}

/** useSendSignInLink asks for a sign-in link by email (AccountEmailService.SendSignInLink). */
export function useSendSignInLink() {
  const failure = useFailureToast();
  const mutation = useMutation(AccountEmailService.method.sendSignInLink, {
    onMutate: failure.clear,
    onError: (err) => failure.show({ title: "Could not send the link", description: errorMessage(err) || "Please try again" }),
  });
  return {
    send: (username: string) => mutation.mutate({ username: username.trim() }),
    pending: mutation.isPending,
    sent: mutation.data?.message ?? "",
  };
}

/** useResetWithLink sets a new password with an emailed link (AccountEmailService.ResetPasswordWithLink). */
export function useResetWithLink(token: string) {
  const failure = useFailureToast();
  const done = useResetDone(failure.clear);
  const mutation = useMutation(AccountEmailService.method.resetPasswordWithLink, {
    onMutate: failure.clear,
    onSuccess: done,
    onError: (err) =>
      failure.show({ title: "Password reset failed", description: errorMessage(err) || "Please ask for a new link" }),
  });
  return {
    reset: (values: NewPasswordValues) =>
      mutation.mutate({ token, newPassword: values.newPassword, confirmPassword: values.confirmPassword }),
    pending: mutation.isPending,
  };
}
