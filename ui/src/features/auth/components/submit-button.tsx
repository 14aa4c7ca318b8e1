import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";

interface SubmitButtonProps {
  pending: boolean;
  /** The label while idle ("Login"). */
  children: ReactNode;
  /** The label while the request runs ("Logging in..."). */
  pendingLabel: string;
}

/** SubmitButton is a full-width account-form button that shows a spinner and is disabled while pending. */
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
