import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router-dom";

interface PaginationProps {
  page: number;
  /** The number of pages known (counted results / page size). */
  pageCount: number;
  /** More pages may follow the known ones (the count was capped). */
  more?: boolean;
  /** The link to a page. */
  hrefFor: (page: number) => string;
}

/** pageItems lists the page numbers to show, with null for a gap: 1 … 4 5 6 … 20. */
export function pageItems(page: number, pageCount: number, more = false): (number | null)[] {
  const last = Math.max(pageCount, page);
  const wanted = new Set([1, page - 1, page, page + 1]);
  if (!more) wanted.add(last);
  if (page <= 3) [2, 3, 4].forEach((n) => wanted.add(n));
  if (!more && page >= last - 2) [last - 3, last - 2, last - 1].forEach((n) => wanted.add(n));
  const pages = [...wanted].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
  const items: (number | null)[] = [];
  pages.forEach((n, i) => {
    if (i > 0 && n - pages[i - 1] > 1) items.push(null);
    items.push(n);
  });
  if (more) items.push(null);
  return items;
}

/**
 * Pagination is the pager under the results: Previous, page numbers and Next, as
 * links (so a page can be opened in a new tab or bookmarked). SPEC's pager was
 * static; this one works.
 */
export function Pagination({ page, pageCount, more = false, hrefFor }: PaginationProps) {
  const hasPrev = page > 1;
  const hasNext = page < pageCount || more;
  if (!hasPrev && !hasNext) return null;
  return (
    <nav aria-label="Pagination" className="pagination">
      <ul>
        <li>
          {hasPrev ? (
            <Link to={hrefFor(page - 1)} className="pagination__link" rel="prev">
              <ChevronLeft aria-hidden="true" size={16} /> Previous
            </Link>
          ) : (
            <span className="pagination__link" aria-disabled="true">
              <ChevronLeft aria-hidden="true" size={16} /> Previous
            </span>
          )}
        </li>
        {pageItems(page, pageCount, more).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                className="pagination__link pagination__number"
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link to={hrefFor(page + 1)} className="pagination__link" rel="next">
              Next <ChevronRight aria-hidden="true" size={16} />
            </Link>
          ) : (
            <span className="pagination__link" aria-disabled="true">
              Next <ChevronRight aria-hidden="true" size={16} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
