import { useMutation } from "@connectrpc/connect-query";
import { toast } from "@/components/ui/use-toast";
import { AccountService, type User } from "@/gen/rentproof/account/v1/account_pb";
import { errorMessage } from "@/lib/errors";
import type { LoginValues, RegisterValues } from "../schemas";
import { useStartSession } from "./use-session";

/** greetingName is how a toast addresses the user: the first name, else the username. */
function greetingName(user: User | undefined): string {
  return user?.firstName.trim() || user?.username || "";
}

/**
 * useLogin signs in with AccountService.Login (the server sets the session cookie),
 * then makes the answer the current user and reports with the toasts of SPEC §8.
 */
export function useLogin() {
  const startSession = useStartSession();
  const mutation = useMutation(AccountService.method.login, {
    onSuccess: async ({ user }) => {
      toast({ title: "Login successful", description: `Welcome back, ${greetingName(user)}!` });
      await startSession(user);
    },
    onError: (err) => {
      toast({
        title: "Login failed",
        description: errorMessage(err) || "Invalid username or password",
        variant: "destructive",
      });
    },
  });
  return {
    login: (values: LoginValues) =>
      mutation.mutate({ username: values.username.trim(), password: values.password }),
    pending: mutation.isPending,
  };
}

/**
 * useRegister creates the account with AccountService.Register (which signs it in).
 * The confirmation field is checked on the client only and never sent (SPEC §5).
 */
export function useRegister() {
  const startSession = useStartSession();
  const mutation = useMutation(AccountService.method.register, {
    onSuccess: async ({ user }) => {
      toast({ title: "Registration successful", description: `Welcome to RentProof, ${greetingName(user)}!` });
      await startSession(user);
    },
    onError: (err) => {
      toast({
        title: "Registration failed",
        description: errorMessage(err) || "Please try again with different credentials",
        variant: "destructive",
      });
    },
  });
  return {
    register: ({ confirmPassword: _confirm, ...values }: RegisterValues) =>
      mutation.mutate({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        username: values.username.trim(),
        password: values.password,
        role: values.role,
      }),
    pending: mutation.isPending,
  };
}
