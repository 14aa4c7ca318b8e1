import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PropertyCard, PropertyCardSkeleton } from "@/components/property-card/property-card";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { errorTypeFromError } from "@/lib/errors";
import { pluralize } from "@/lib/rating";
import { SAVED_PAGE_SIZE, useSavedProperties } from "../api/use-saved-properties";
import "./saved-properties-panel.css";

/**
 * SavedPropertiesPanel is the tenant dashboard's Saved Properties tab: the properties the user
 * saved with the heart on a card or a property page, most recently saved first, as cards (whose
 * heart takes one off the list), a page at a time; or an empty state that leads to the search.
 */
export function SavedPropertiesPanel() {
  const [page, setPage] = useState(1);
  const list = useSavedProperties(page);
  const total = list.data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / SAVED_PAGE_SIZE));

  // Unsaving the last property of the last page leaves that page empty: show the one before
  // (set while rendering, as React advises for state that follows other state).
  if (list.data && !list.isPlaceholderData && page > pageCount) setPage(pageCount);

  if (list.isError) {
    return (
      <ErrorPanel
        type={errorTypeFromError(list.error)}
        message="Your saved properties could not be loaded."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.isPending) {
    return (
      <div role="status" aria-label="Loading saved properties">
        <ul className="property-grid">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <PropertyCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (list.data.properties.length === 0 && total === 0) {
    return (
      <EmptyState
        type="properties"
        title="No saved properties yet"
        message="Tap the heart on a property to save it here and come back to it later."
        headingLevel={3}
        action={
          <Link to="/find-properties" className={buttonClass("primary")}>
            Find Properties
          </Link>
        }
      />
    );
  }
  return (
    <div className="saved-panel" aria-busy={list.isPlaceholderData}>
      <p className="saved-panel__count muted">{pluralize(total, "saved property", "saved properties")}</p>
      <ul className="property-grid" aria-label="Saved properties">
        {list.data.properties.map((property) => (
          <li key={property.id}>
            <PropertyCard property={property} />
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav className="saved-panel__pager" aria-label="Saved properties pages">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft aria-hidden="true" size={16} /> Previous
          </Button>
          <span aria-live="polite">
            Page {page} of {pageCount}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
            Next <ChevronRight aria-hidden="true" size={16} />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
