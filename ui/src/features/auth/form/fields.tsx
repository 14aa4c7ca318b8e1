import type { InputHTMLAttributes, ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import type { FieldProps } from "./use-form";

interface FieldFrameProps {
  field: FieldProps;
  label: ReactNode;
  /** Something shown at the end of the label row, such as a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** A lasting hint under the field (read after the label). */
  hint?: ReactNode;
  children: ReactNode;
}

/** errorId and hintId name the elements that describe a field. */
function errorId(field: FieldProps) {
  return `${field.id}-error`;
}
function hintId(field: FieldProps) {
  return `${field.id}-hint`;
}

/** describedBy lists the hint and the current error of a field for aria-describedby. */
function describedBy(field: FieldProps, hasHint: boolean): string | undefined {
  const ids = [hasHint ? hintId(field) : "", field.error ? errorId(field) : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/**
 * FieldFrame lays out a label, a control, an optional hint and the field's message.
 * The message element stays in the page as a polite live region, so a message that
 * appears while the user types is announced; the control points at it with
 * aria-describedby only while there is one.
 */
function FieldFrame({ field, label, labelAside, hint, children }: FieldFrameProps) {
  return (
    <div className={field.error ? "field field--invalid" : "field"}>
      <div className="field__label-row">
        <label htmlFor={field.id} className="field__label">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {hint ? (
        <p id={hintId(field)} className="field__hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId(field)} className="field__error" aria-live="polite">
        {field.error}
      </p>
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "value" | "onChange" | "onBlur">;

interface TextFieldProps extends InputProps {
  field: FieldProps;
  label: ReactNode;
  labelAside?: ReactNode;
  hint?: ReactNode;
}

/** TextField is a labelled text input whose error is shown beside it and announced. */
export function TextField({ field, label, labelAside, hint, type = "text", ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame field={field} label={label} labelAside={labelAside} hint={hint}>
      <input
        {...inputProps}
        id={field.id}
        name={field.name}
        type={type}
        className="field__control"
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, !!hint)}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps {
  field: FieldProps;
  label: ReactNode;
  /** The first, empty choice ("Select a question"). */
  placeholder: string;
  options: readonly string[];
  disabled?: boolean;
}

/** SelectField is a labelled native select (keyboard and screen-reader friendly everywhere). */
export function SelectField({ field, label, placeholder, options, disabled }: SelectFieldProps) {
  return (
    <FieldFrame field={field} label={label}>
      <select
        id={field.id}
        name={field.name}
        className="field__control field__control--select"
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={disabled}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, false)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

interface SubmitButtonProps {
  pending: boolean;
  /** The label while idle ("Login"). */
  children: ReactNode;
  /** The label while the request runs ("Logging in..."). */
  pendingLabel: string;
}

/** SubmitButton is a full-width form button that shows a spinner and is disabled while pending. */
export function SubmitButton({ pending, children, pendingLabel }: SubmitButtonProps) {
  return (
    <button type="submit" className={buttonClass("primary", "lg", "auth-submit")} disabled={pending} aria-busy={pending || undefined}>
      {pending ? (
        <>
          <span className="spinner spinner--sm spinner--on-primary" aria-hidden="true" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
