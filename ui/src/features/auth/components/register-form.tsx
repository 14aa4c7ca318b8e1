import { zodResolver } from "@hookform/resolvers/zod";
import { Building2, Home } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { FormField } from "@/components/ui/form-field";
import { REGISTRATION_ROLES } from "@/lib/vocab";
import { useRegister } from "../api/use-sign-in";
import { registerSchema, type RegisterValues } from "../schemas";
import { SubmitButton } from "./submit-button";

const EMPTY: RegisterValues = {
  firstName: "",
  lastName: "",
  email: "",
  username: "",
  password: "",
  confirmPassword: "",
  role: "tenant",
};

const ROLE_ICONS: Record<string, typeof Home> = { tenant: Home, landlord: Building2 };

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
  const { control, handleSubmit } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: EMPTY,
    mode: "onChange",
  });
  const { register, pending } = useRegister();

  return (
    <form className="auth-form" noValidate aria-labelledby={titleId} onSubmit={handleSubmit(register)}>
      <div className="auth-form__intro">
        <h2 id={titleId} className="auth-form__title">
          Create an account
        </h2>
        <p className="muted">Join RentProof to review homes and connect with landlords and tenants.</p>
      </div>
      <div className="auth-form__row">
        <FormField showOnLeave control={control} name="firstName" label="First Name">
          {(props) => <input {...props} type="text" className="field__control" autoComplete="given-name" />}
        </FormField>
        <FormField showOnLeave control={control} name="lastName" label="Last Name">
          {(props) => <input {...props} type="text" className="field__control" autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField showOnLeave control={control} name="email" label="Email">
        {(props) => <input {...props} type="email" className="field__control" autoComplete="email" spellCheck={false} />}
      </FormField>
      <FormField showOnLeave control={control} name="username" label="Username">
        {(props) => (
          <input {...props} type="text" className="field__control" autoComplete="username" autoCapitalize="none" spellCheck={false} />
        )}
      </FormField>
      {/* Changing the password judges its confirmation again. */}
      <FormField showOnLeave control={control} name="password" label="Password" deps={["confirmPassword"]}>
        {(props) => <input {...props} type="password" className="field__control" autoComplete="new-password" />}
      </FormField>
      <FormField showOnLeave control={control} name="confirmPassword" label="Confirm Password">
        {(props) => <input {...props} type="password" className="field__control" autoComplete="new-password" />}
      </FormField>
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <fieldset className="field role-picker">
            <legend className="field__label">I am a:</legend>
            <div className="role-picker__options">
              {REGISTRATION_ROLES.terms.map((role) => {
                const Icon = ROLE_ICONS[role.value] ?? Home;
                return (
                  <label key={role.value} className="role-option">
                    <input
                      type="radio"
                      className="role-option__input"
                      name={roleName}
                      value={role.value}
                      checked={field.value === role.value}
                      onChange={() => field.onChange(role.value)}
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
        )}
      />
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
