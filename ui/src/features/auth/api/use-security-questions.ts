import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { errorMessage } from "@/lib/errors";
import type { SecurityQuestionsValues } from "../schemas";
import { currentUserKey } from "./use-sign-out";

/** useSecurityQuestionList loads the fixed list of questions to choose from. */
export function useSecurityQuestionList() {
  return useQuery(AccountService.method.listSecurityQuestions, {});
}

/**
 * useChosenSecurityQuestions loads the questions the signed-in user chose (empty when
 * none): the server never sends the answers.
 */
export function useChosenSecurityQuestions() {
  return useQuery(AccountService.method.getSecurityQuestions, {});
}

const chosenQuestionsKey = createConnectQueryKey({
  schema: AccountService.method.getSecurityQuestions,
  cardinality: "finite",
});

/**
 * useSetSecurityQuestions saves the signed-in user's two questions and answers, then
 * refreshes the current user (whose hasSecurityQuestions changes) and the chosen
 * questions, and reports with the toasts of SPEC §8.
 */
export function useSetSecurityQuestions(onSaved: () => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation(AccountService.method.setSecurityQuestions, {
    onSuccess: async () => {
      toast({ title: "Security questions updated successfully", description: "Your account is now more secure." });
      onSaved();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: chosenQuestionsKey }),
      ]);
    },
    onError: (err) => {
      toast({
        title: "Failed to update security questions",
        description: errorMessage(err) || "Please try again",
        variant: "destructive",
      });
    },
  });
  return {
    save: (values: SecurityQuestionsValues) =>
      mutation.mutate({
        securityQuestion1: values.securityQuestion1,
        securityAnswer1: values.securityAnswer1.trim(),
        securityQuestion2: values.securityQuestion2,
        securityAnswer2: values.securityAnswer2.trim(),
        currentPassword: values.currentPassword,
      }),
    pending: mutation.isPending,
  };
}
