import { zodResolver } from "@hookform/resolvers/zod";
import { useId, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { FormField } from "@/components/ui/form-field";
import { useSendSignInLink } from "../api/use-recovery-links";
import { useLogin } from "../api/use-sign-in";
import { loginSchema, type LoginValues } from "../schemas";
import { SubmitButton } from "./submit-button";

const EMPTY: LoginValues = { username: "", password: "" };

interface LoginFormProps {
  /** Switches the page to the Register tab. */
  onRegisterInstead: () => void;
  /** The token of the emailed sign-in link the page was opened with, if any. */
  signInLink?: string;
  /** Another way to sign in, shown under the Login button (the route's passkey sign-in). */
  alternative?: ReactNode;
}

/** LoginForm signs in with a username or email and a password (SPEC §2, §5 Login). */
export function LoginForm({ onRegisterInstead, signInLink = "", alternative }: LoginFormProps) {
  const titleId = useId();
  const { control, handleSubmit, getValues } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: EMPTY,
    mode: "onChange",
  });
  const { login, pending, heldOut } = useLogin(signInLink);
  const link = useSendSignInLink();

  return (
    <form className="auth-form" noValidate aria-labelledby={titleId} onSubmit={handleSubmit(login)}>
      <div className="auth-form__intro">
        <h2 id={titleId} className="auth-form__title">
          Welcome back
        </h2>
        <p className="muted">Sign in to manage your reviews, properties and rewards.</p>
        {signInLink ? (
          <p className="auth-notice" role="note">
            You opened a sign-in link: sign in with your password to continue. It works once.
          </p>
        ) : null}
      </div>
      <FormField showOnLeave control={control} name="username" label="Username or Email">
        {(props) => (
          <input {...props} type="text" className="field__control" autoComplete="username" autoCapitalize="none" spellCheck={false} />
        )}
      </FormField>
      <FormField showOnLeave
        control={control}
        name="password"
        label="Password"
        labelAside={
          <Link to="/forgot-password" className="field__aside">
            Forgot password?
          </Link>
        }
      >
        {(props) => <input {...props} type="password" className="field__control" autoComplete="current-password" />}
      </FormField>
      <SubmitButton pending={pending} pendingLabel="Logging in...">
        Login
      </SubmitButton>
      {alternative}
      {heldOut && !signInLink ? (
        <div className="auth-notice">
          <p>This account is held back after many failed sign-ins. We can email its owner a link that lets this browser sign in.</p>
          <button
            type="button"
            className="link-button"
            disabled={link.pending}
            onClick={() => link.send(getValues("username"))}
          >
            Email me a sign-in link
          </button>
        </div>
      ) : null}
      <p role="status" className="muted">
        {link.sent}
      </p>
      <p className="auth-form__switch">
        Don&apos;t have an account?{" "}
        <button type="button" className="link-button" onClick={onRegisterInstead}>
          Create an account
        </button>
      </p>
    </form>
  );
}
