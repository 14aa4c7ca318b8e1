import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

interface PagerProps {
  /** label names the pages ("Pages of reviews"). */
  label: string;
  page: number;
  hasMore: boolean;
  busy: boolean;
  onPage: (page: number) => void;
}

/** Pager is Previous and Next under a list of /admin, shown only when there is more than one page. */
export function Pager({ label, page, hasMore, busy, onPage }: PagerProps) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" size={16} /> Previous
      </Button>
      <span className="muted">Page {page}</span>
      <Button variant="outline" size="sm" disabled={!hasMore || busy} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" size={16} />
      </Button>
    </nav>
  );
}
