import { Map as MapIcon, Search, Trash2 } from "lucide-react";
import { Link } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
import { toast } from "@/components/ui/use-toast";
import type { SavedSearch } from "@/gen/rentproof/savedsearch/v1/savedsearch_pb";
import { errorMessage } from "@/lib/errors";
import { useDeleteSavedSearch, useSavedSearches, useSetSavedSearchAlerts } from "../api/use-saved-searches";
import { filterSummary, placeLabel, savedSearchUrl } from "../search-url";
import "../saved-searches.css";

/**
 * SavedSearchesPanel is the dashboard's Saved Searches tab: the member's saved searches, newest
 * first, each with its place, its filters in words, a switch for its alerts, a link that opens
 * it on Find Properties (in the map view over its area, for a search with a map area) and a
 * delete button; or an empty state that leads to the search.
 */
export function SavedSearchesPanel() {
  const list = useSavedSearches();
  return (
    <QueryState
      query={list}
      loading={
        <p className="muted" role="status">
          Loading saved searches…
        </p>
      }
      error="Your saved searches could not be loaded."
      isEmpty={(data) => data.savedSearches.length === 0}
      empty={
        <EmptyState
          type="properties"
          title="No saved searches yet"
          message="Search for homes, then save the search to hear when a new listing matches it."
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
        <ul className="saved-searches" aria-label="Saved searches">
          {data.savedSearches.map((s) => (
            <SavedSearchItem key={String(s.id)} search={s} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const remove = useDeleteSavedSearch();
  const alerts = useSetSavedSearchAlerts();
  const headingId = `saved-search-${search.id}`;
  const fail = (error: unknown) => toast({ title: "That did not work", description: errorMessage(error), variant: "destructive" });
  return (
    <li className="card saved-searches__item" aria-labelledby={headingId}>
      <div className="saved-searches__text">
        <h3 id={headingId} className="saved-searches__name">
          {search.name}
        </h3>
        <p className="saved-searches__place">{placeLabel(search)}</p>
        <p className="muted">{filterSummary(search)}</p>
      </div>
      <div className="saved-searches__actions">
        <label className="saved-searches__alerts">
          <input
            type="checkbox"
            checked={search.alerts}
            disabled={alerts.isPending}
            onChange={(e) => alerts.mutate({ id: search.id, alerts: e.target.checked }, { onError: fail })}
          />
          Alerts for “{search.name}”
        </label>
        <Link to={savedSearchUrl(search)} className={buttonClass("outline", "sm")} aria-label={`Open “${search.name}”`}>
          {search.mapArea ? <MapIcon aria-hidden="true" size={16} /> : <Search aria-hidden="true" size={16} />} Open
        </Link>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Delete “${search.name}”`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { id: search.id },
              { onSuccess: () => toast({ title: "Saved search deleted", description: search.name }), onError: fail },
            )
          }
        >
          <Trash2 aria-hidden="true" size={16} /> Delete
        </Button>
      </div>
    </li>
  );
}
