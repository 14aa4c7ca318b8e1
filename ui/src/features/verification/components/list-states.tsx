import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";

/** ListLoading is a request list's skeleton while its data is on the way. */
export function ListLoading({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div className="request-list__loading" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="request-item request-item--skeleton" aria-hidden="true">
          <span className="skeleton skeleton--line skeleton--w60" />
          <span className="skeleton skeleton--line skeleton--w80" />
        </div>
      ))}
    </div>
  );
}

/** ListError says why a request list did not load, in the server's words, with Try Again. */
export function ListError({
  query,
  fallback,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  fallback: string;
}) {
  return (
    <div className="request-list__error" role="alert">
      <p>{errorMessage(query.error) || fallback}</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        Try Again
      </Button>
    </div>
  );
}
