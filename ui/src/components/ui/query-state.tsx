import type { ReactNode } from "react";
import { errorTypeFromError, type ErrorType } from "@/lib/errors";
import { ErrorPanel } from "./error-panel";

/** QueryResult is what QueryState reads of a query: connect-query's useQuery and useInfiniteQuery answers fit. */
export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** QueryError is what the error panel says (its type's own words where omitted) and how it retries. */
export interface QueryError {
  title?: string;
  message?: string;
  /** The panel's type, when the failure's own (network, server, …) is not the one to show. */
  type?: ErrorType;
  /** Try Again: asks again by default; null shows no button. */
  onRetry?: (() => void) | null;
}

interface QueryStateProps<T> {
  query: QueryResult<T>;
  /** What holds the place while the first answer is on its way: a Loading around a skeleton, or a Spinner. */
  loading: ReactNode;
  /** The error panel's words: a message, or more. */
  error?: string | QueryError;
  /** Tells whether an answer has nothing to show; `empty` is shown in its place. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Draws the answer. */
  children: (data: T) => ReactNode;
}

/**
 * QueryState is the one loading → error → empty → content chain of a query's screen part: the
 * loading state until the first answer, an error panel with Try Again when the query failed with
 * nothing to show (an answer once shown stays when a later refetch or next page fails: the part
 * says so itself), the empty state, or the answer.
 */
export function QueryState<T>({ query, loading, error, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.data === undefined) {
    if (query.isPending) return loading;
    const e: QueryError = typeof error === "string" ? { message: error } : (error ?? {});
    const retry = e.onRetry === undefined ? () => void query.refetch() : e.onRetry;
    return (
      <ErrorPanel
        type={e.type ?? errorTypeFromError(query.error)}
        title={e.title}
        message={e.message}
        onRetry={retry ?? undefined}
        retrying={query.isFetching}
      />
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}

/**
 * Loading is a loading state: a status named by `label` around the skeleton that keeps the
 * place of what is coming. The status wraps the skeleton rather than being it, so a list's
 * skeleton stays a list with its items.
 */
export function Loading({ label, className, children }: { label: string; className?: string; children?: ReactNode }) {
  return (
    <div role="status" aria-label={label} className={className}>
      {children}
    </div>
  );
}
