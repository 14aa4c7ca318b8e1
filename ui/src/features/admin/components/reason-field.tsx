import { useId } from "react";
import { errorMessage } from "@/lib/errors";

interface ReasonFieldProps {
  /** label names the field ("Reason for the author"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxChars: number;
  placeholder: string;
  /** missing is the message shown while the reason is required and empty ("" when it is not). */
  missing: string;
  /** failure is the server's refusal of the last try, shown beside the field. */
  failure: unknown;
  /** fallback is what to say of a failure without a message. */
  fallback: string;
}

/**
 * ReasonField is the labelled textarea of a moderator's reason (required by the server as by the
 * form), with the missing reason and the server's refusal announced beside it.
 */
export function ReasonField({ label, value, onChange, maxChars, placeholder, missing, failure, fallback }: ReasonFieldProps) {
  const id = useId();
  const described = [missing ? `${id}-missing` : "", failure ? `${id}-failed` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={`${id}-reason`} className="field__label">
        {label}
      </label>
      <textarea
        id={`${id}-reason`}
        className="textarea"
        rows={2}
        maxLength={maxChars || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={missing ? true : undefined}
        aria-describedby={described || undefined}
        placeholder={placeholder}
      />
      {missing ? (
        <p id={`${id}-missing`} className="field__error" role="alert">
          {missing}
        </p>
      ) : null}
      {failure ? (
        <p id={`${id}-failed`} className="field__error" role="alert">
          {errorMessage(failure) || fallback}
        </p>
      ) : null}
    </div>
  );
}
