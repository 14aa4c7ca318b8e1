import { Building2, Home } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { useRegister } from "../api/use-sign-in";
import { SubmitButton, TextField } from "../form/fields";
import { useForm } from "../form/use-form";
import { LIMITS, REGISTER_ROLES, validateRegister, type RegisterRole, type RegisterValues } from "../validation";

const EMPTY: RegisterValues = {
  firstName: "",
  lastName: "",
  email: "",
  username: "",
  password: "",
  confirmPassword: "",
  role: "tenant",
};

const ROLE_ICONS = { tenant: Home, landlord: Building2 } as const;

interface RegisterFormProps {
  /** Switches the page to the Login tab. */
  onLoginInstead: () => void;
}

/**
 * RegisterForm creates a tenant or landlord account (SPEC §2, §5 Register). The role
 * is a native radio group: Tab reaches it, the arrow keys choose.
 */
export function RegisterForm({ onLoginInstead }: RegisterFormProps) {
  const titleId = useId();
  const roleName = useId();
  const form = useForm(EMPTY, validateRegister);
  const { register, pending } = useRegister();

  return (
    <form className="auth-form" noValidate aria-labelledby={titleId} onSubmit={form.handleSubmit(register)}>
      <div className="auth-form__intro">
        <h2 id={titleId} className="auth-form__title">
          Create an account
        </h2>
        <p className="muted">Join RentProof to review homes and connect with landlords and tenants.</p>
      </div>
      <div className="auth-form__row">
        <TextField
          field={form.field("firstName")}
          label="First Name"
          autoComplete="given-name"
          maxLength={LIMITS.maxName}
        />
        <TextField
          field={form.field("lastName")}
          label="Last Name"
          autoComplete="family-name"
          maxLength={LIMITS.maxName}
        />
      </div>
      <TextField
        field={form.field("email")}
        label="Email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={LIMITS.maxEmail}
      />
      <TextField
        field={form.field("username")}
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={LIMITS.maxUsername}
      />
      <TextField
        field={form.field("password")}
        label="Password"
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.maxPassword}
      />
      <TextField
        field={form.field("confirmPassword")}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.maxPassword}
      />
      <fieldset className="field role-picker">
        <legend className="field__label">I am a:</legend>
        <div className="role-picker__options">
          {REGISTER_ROLES.map((role) => {
            const Icon = ROLE_ICONS[role.value];
            return (
              <label key={role.value} className="role-option">
                <input
                  type="radio"
                  className="role-option__input"
                  name={roleName}
                  value={role.value}
                  checked={form.values.role === role.value}
                  onChange={() => form.setValue("role", role.value as RegisterRole)}
                />
                <span className="role-option__box">
                  <Icon aria-hidden="true" size={18} />
                  {role.label}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <SubmitButton pending={pending} pendingLabel="Creating account...">
        Create Account
      </SubmitButton>
      <p className="auth-form__legal muted">
        By creating an account, you agree to our <Link to="/terms">Terms of Service</Link> and{" "}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <p className="auth-form__switch">
        Already have an account?{" "}
        <button type="button" className="link-button" onClick={onLoginInstead}>
          Log in instead
        </button>
      </p>
    </form>
  );
}
