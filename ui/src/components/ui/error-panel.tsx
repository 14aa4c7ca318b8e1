import { AlertTriangle, Database, FileQuestion, Lock, ServerCrash, WifiOff, type LucideIcon } from "lucide-react";
import { useId } from "react";
import { CONNECTION_MESSAGE, type ErrorType } from "@/lib/errors";
import { Button } from "./button";

const PANEL: Record<ErrorType, { title: string; message: string; icon: LucideIcon }> = {
  network: {
    title: "Connection Error",
    message: CONNECTION_MESSAGE,
    icon: WifiOff,
  },
  server: {
    title: "Server Error",
    message: "Something went wrong on our side. Please try again in a moment.",
    icon: ServerCrash,
  },
  notFound: {
    title: "Not Found",
    message: "We couldn't find what you were looking for.",
    icon: FileQuestion,
  },
  unauthorized: {
    title: "Authentication Required",
    message: "Please sign in to see this content.",
    icon: Lock,
  },
  database: {
    title: "Data Error",
    message: "We had trouble reading this data. Please try again.",
    icon: Database,
  },
  default: {
    title: "Something Went Wrong",
    message: "An unexpected error occurred. Please try again.",
    icon: AlertTriangle,
  },
};

interface ErrorPanelProps {
  type?: ErrorType;
  /** Overrides the panel's title (which otherwise follows the type). */
  title?: string;
  /** What went wrong, written for the user; a message per type when omitted. */
  message?: string;
  /** Shows a "Try Again" button that calls it. */
  onRetry?: () => void;
  /** Disables the retry button while a retry runs. */
  retrying?: boolean;
}

/** ErrorPanel explains a failure in place of the content that could not load (SPEC §8). */
export function ErrorPanel({ type = "default", title, message, onRetry, retrying }: ErrorPanelProps) {
  const panel = PANEL[type];
  const Icon = panel.icon;
  const titleId = useId();
  return (
    <section className="state-panel state-panel--error" role="alert" aria-labelledby={titleId}>
      <Icon className="state-panel__icon" aria-hidden="true" size={40} />
      <h2 id={titleId} className="state-panel__title">
        {title ?? panel.title}
      </h2>
      <p className="state-panel__message">{message || panel.message}</p>
      {onRetry ? (
        <Button variant="primary" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying..." : "Try Again"}
        </Button>
      ) : null}
    </section>
  );
}
