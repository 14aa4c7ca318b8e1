import { BookOpen, Building2, Inbox, MessageSquare, SearchX, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** EmptyStateType is one of the empty-state types of SPEC §8. */
export type EmptyStateType = "search" | "properties" | "reviews" | "resources" | "results";

const EMPTY: Record<EmptyStateType, { title: string; message: string; icon: LucideIcon }> = {
  search: {
    title: "No results found",
    message: "Try different words or fewer filters.",
    icon: SearchX,
  },
  properties: {
    title: "No properties found",
    message: "Try adjusting your search or filters to find what you're looking for.",
    icon: Building2,
  },
  reviews: {
    title: "No reviews yet",
    message: "Be the first to share your experience.",
    icon: MessageSquare,
  },
  resources: {
    title: "No resources found",
    message: "Try a different search term or browse another category.",
    icon: BookOpen,
  },
  results: {
    title: "No results",
    message: "There is nothing to show here yet.",
    icon: Inbox,
  },
};

interface EmptyStateProps {
  type?: EmptyStateType;
  title?: string;
  message?: ReactNode;
  /** Buttons or links that help the user move on (e.g. Clear Search). */
  action?: ReactNode;
  /** Heading level of the title; h2 by default. */
  headingLevel?: 2 | 3;
}

/** EmptyState says that a list has nothing to show, and what to do about it. */
export function EmptyState({ type = "results", title, message, action, headingLevel = 2 }: EmptyStateProps) {
  const preset = EMPTY[type];
  const Icon = preset.icon;
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section className="state-panel state-panel--empty" aria-label={title ?? preset.title}>
      <Icon className="state-panel__icon" aria-hidden="true" size={40} />
      <Heading className="state-panel__title">{title ?? preset.title}</Heading>
      <p className="state-panel__message">{message ?? preset.message}</p>
      {action ? <div className="state-panel__actions">{action}</div> : null}
    </section>
  );
}
