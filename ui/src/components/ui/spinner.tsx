interface SpinnerProps {
  /** Accessible name of the status, "Loading" by default. */
  label?: string;
  size?: "sm" | "md" | "lg";
  className?: string;
}

/** Spinner is an animated loading indicator announced as a status. */
export function Spinner({ label = "Loading", size = "md", className }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      className={["spinner", `spinner--${size}`, className].filter(Boolean).join(" ")}
    />
  );
}

/** PageSpinner centres a spinner in the page area. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size="lg" />
    </div>
  );
}
