import { useId } from "react";
import { Link } from "react-router-dom";
import { useLogin } from "../api/use-sign-in";
import { SubmitButton, TextField } from "../form/fields";
import { useForm } from "../form/use-form";
import { LIMITS, validateLogin, type LoginValues } from "../validation";

const EMPTY: LoginValues = { username: "", password: "" };

interface LoginFormProps {
  /** Switches the page to the Register tab. */
  onRegisterInstead: () => void;
}

/** LoginForm signs in with a username or email and a password (SPEC §2, §5 Login). */
export function LoginForm({ onRegisterInstead }: LoginFormProps) {
  const titleId = useId();
  const form = useForm(EMPTY, validateLogin);
  const { login, pending } = useLogin();

  return (
    <form className="auth-form" noValidate aria-labelledby={titleId} onSubmit={form.handleSubmit(login)}>
      <div className="auth-form__intro">
        <h2 id={titleId} className="auth-form__title">
          Welcome back
        </h2>
        <p className="muted">Sign in to manage your reviews, properties and rewards.</p>
      </div>
      <TextField
        field={form.field("username")}
        label="Username or Email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={LIMITS.maxEmail}
      />
      <TextField
        field={form.field("password")}
        label="Password"
        type="password"
        autoComplete="current-password"
        maxLength={LIMITS.maxPassword}
        labelAside={
          <Link to="/forgot-password" className="field__aside">
            Forgot password?
          </Link>
        }
      />
      <SubmitButton pending={pending} pendingLabel="Logging in...">
        Login
      </SubmitButton>
      <p className="auth-form__switch">
        Don&apos;t have an account?{" "}
        <button type="button" className="link-button" onClick={onRegisterInstead}>
          Create an account
        </button>
      </p>
    </form>
  );
}
