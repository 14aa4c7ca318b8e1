import { ConnectError } from "@connectrpc/connect";
import { useMutation } from "@connectrpc/connect-query";
import { useRef, useState } from "react";
import { toast, type ToastHandle, type ToastOptions } from "@/components/ui/use-toast";
import { AccountService, type User } from "@/gen/rentproof/account/v1/account_pb";
import { errorMessage } from "@/lib/errors";
import type { LoginValues, RegisterValues } from "../schemas";
import { useStartSession } from "./use-session";

/** greetingName is how a toast addresses the user: the first name, else the username. */
function greetingName(user: User | undefined): string {
  return user?.firstName.trim() || user?.username || "";
}

/**
 * useFailureToast shows a form's failure toast and takes it away again when the user
 * tries again or succeeds, so an old "failed" never stands beside a later success.
 */
export function useFailureToast() {
  const shown = useRef<ToastHandle | null>(null);
  const clear = () => {
    shown.current?.dismiss();
    shown.current = null;
  };
  return {
    show: (options: ToastOptions) => {
      clear();
      shown.current = toast({ ...options, variant: "destructive" });
    },
    clear,
  };
}

/**
 * useLogin signs in with AccountService.Login (the server sets the session cookie),
 * then makes the answer the current user and reports with the toasts of SPEC §8.
 */
export function useLogin(signInLink = "") {
  const startSession = useStartSession();
  const failure = useFailureToast();
  const [heldOut, setHeldOut] = useState(false);
  const mutation = useMutation(AccountService.method.login, {
    onMutate: () => {
      failure.clear();
      setHeldOut(false);
    },
    onSuccess: async ({ user }) => {
      toast({ title: "Login successful", description: `Welcome back, ${greetingName(user)}!` });
      await startSession(user);
    },
    onError: (err) => {
      // The account-wide limit holds this browser out: the form offers an emailed sign-in link.
      setHeldOut(ConnectError.from(err).metadata.get(HINT_HEADER) === SIGN_IN_LINK_HINT);
      failure.show({ title: "Login failed", description: errorMessage(err) || "Invalid username or password" });
    },
  });
  return {
    login: (values: LoginValues) =>
      mutation.mutate({ username: values.username.trim(), password: values.password, signInLink }),
    pending: mutation.isPending,
    /** heldOut is true after a refusal that an emailed sign-in link answers. */
    heldOut,
  };
}

/** HINT_HEADER carries the server's hint of a next step (internal/rpc HintHeader). */
export const HINT_HEADER = "Rentproof-Hint";
/** SIGN_IN_LINK_HINT is the hint of a sign-in held by the account-wide limit (account.HintSignInLink). */
export const SIGN_IN_LINK_HINT = "sign_in_link";

/**
 * useRegister creates the account with AccountService.Register (which signs it in).
 * The confirmation field is checked on the client only and never sent (SPEC §5).
 */
export function useRegister() {
  const startSession = useStartSession();
  const failure = useFailureToast();
  const mutation = useMutation(AccountService.method.register, {
    onMutate: failure.clear,
    onSuccess: async ({ user }) => {
      toast({ title: "Registration successful", description: `Welcome to RentProof, ${greetingName(user)}!` });
      await startSession(user);
    },
    onError: (err) => {
      failure.show({
        title: "Registration failed",
        description: errorMessage(err) || "Please try again with different credentials",
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
