import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the list holds, for the buttons' names ("reviews", "properties"). */
  noun: string;
}

/** Pager moves through a dashboard list's pages; nothing when all fits on one. */
export function Pager({ page, pageSize, total, onPage, noun }: PagerProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="dashboard-pager" aria-label={`Pages of ${noun}`}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" size={16} /> Previous
      </Button>
      <span className="muted">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" size={16} />
      </Button>
    </nav>
  );
}
