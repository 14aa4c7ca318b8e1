import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PropertyCard, PropertyCardsLoading } from "@/components/property-card/property-card";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
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

  return (
    <QueryState
      query={list}
      loading={<PropertyCardsLoading label="Loading saved properties" count={3} />}
      error="Your saved properties could not be loaded."
      isEmpty={(data) => data.properties.length === 0 && total === 0}
      empty={
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
      }
    >
      {(data) => (
        <div className="saved-panel" aria-busy={list.isPlaceholderData}>
          <p className="saved-panel__count muted">{pluralize(total, "saved property", "saved properties")}</p>
          <ul className="property-grid" aria-label="Saved properties">
            {data.properties.map((property) => (
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
      )}
    </QueryState>
  );
}
