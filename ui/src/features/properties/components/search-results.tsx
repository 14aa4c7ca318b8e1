import { Code } from "@connectrpc/connect";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PropertyCard, PropertyCardsLoading } from "@/components/property-card/property-card";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState, type QueryError } from "@/components/ui/query-state";
import { useInviteToList } from "@/components/use-invite-to-list";
import type { SearchPropertiesResponse } from "@/gen/rentproof/property/v1/property_pb";
import { formatCount } from "@/lib/count";
import { errorMessage, isCode } from "@/lib/errors";
import { useSearchProperties } from "../api/use-search-properties";
import { hasActiveFilters, PAGE_SIZE, pageSizeOf, type MapArea, type SearchState } from "../search-params";
import { Pagination } from "./pagination";
import { SearchMapView } from "./search-map-view";

interface SearchResultsProps {
  state: SearchState;
  onClearFilters: () => void;
  hrefFor: (page: number) => string;
  /** The grid/list/map switch, shown beside the count. */
  viewToggle: ReactNode;
  /** The map view's "Search this area" (none: the map view has no such button). */
  onSearchArea?: (area: MapArea) => void;
}

/**
 * countText is the count line. SPEC's "Showing N properties" is for a list that fits on one page;
 * a longer one names the page's range: "Showing 13–24 of 40 properties", "… of 1,000+ properties".
 */
export function countText(total: number, capped: boolean, page = 1, shown = total, pageSize = PAGE_SIZE): string {
  const n = formatCount;
  const noun = total === 1 && !capped ? "property" : "properties";
  if (page === 1 && shown === total && !capped) return `Showing ${n(total)} ${noun}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${n(first)}–${n(first + shown - 1)} of ${n(total)}${capped ? "+" : ""} ${noun}`;
}

/**
 * otherCurrencyText says how many listings a rent range's currency left out (issue 32): the
 * server counts up to 1,000, so 1,000 reads "1,000+". Empty when none was.
 */
export function otherCurrencyText(count: number): string {
  if (count <= 0) return "";
  if (count === 1) return "1 listing in another currency is not shown";
  return `${formatCount(count)}${count >= 1000 ? "+" : ""} listings in other currencies are not shown`;
}

/** SearchResults loads one page of a search and shows it: count, cards, pager, or the empty and error states. */
export function SearchResults({ state, onClearFilters, hrefFor, viewToggle, onSearchArea }: SearchResultsProps) {
  const result = useSearchProperties(state);
  const layout = state.view === "map" ? "list" : state.view;
  return (
    <QueryState
      query={result}
      error={refusal(result.error)}
      loading={
        <>
          <ResultsBar line="Searching…" viewToggle={viewToggle} />
          <PropertyCardsLoading label="Loading properties" count={6} layout={layout} firstPictureSlot />
        </>
      }
    >
      {(data) => (
        <Results
          data={data}
          busy={result.isPlaceholderData && result.isFetching}
          state={state}
          onClearFilters={onClearFilters}
          hrefFor={hrefFor}
          viewToggle={viewToggle}
          onSearchArea={onSearchArea}
        />
      )}
    </QueryState>
  );
}

/**
 * refusal shows a search the server refused (words too short to look for, a page too far) with
 * the server's reason and no Try Again, which would only be refused again.
 */
function refusal(error: unknown): QueryError | undefined {
  return isCode(error, Code.InvalidArgument) ? { title: "This search can't be run", message: errorMessage(error), onRetry: null } : undefined;
}

/** ResultsBar is the count line, with the grid/list switch beside it. */
function ResultsBar({ line, viewToggle }: { line: ReactNode; viewToggle: ReactNode }) {
  return (
    <div className="results-bar">
      <p className="results-count" aria-live="polite">
        {line}
      </p>
      {viewToggle}
    </div>
  );
}

/**
 * Results draws a loaded page: the count, a note when the city was matched by spelling or read as
 * an abbreviation ("NYC"), the cards and the pager, or the empty states.
 */
function Results({ data, busy, state, onClearFilters, hrefFor, viewToggle, onSearchArea }: SearchResultsProps & { data: SearchPropertiesResponse; busy: boolean }) {
  const inviteToList = useInviteToList();
  const layout = state.view === "map" ? "list" : state.view;
  const pageSize = pageSizeOf(state);
  const listClass = layout === "list" ? "property-list" : "property-grid";
  const bar = (line: ReactNode) => <ResultsBar line={line} viewToggle={viewToggle} />;
  const { properties, totalCount, totalCapped, matchedCity, matchedByAbbreviation, otherCurrencyCount } = data;
  const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
  const requestedCity = state.city.trim().toLowerCase();
  const note =
    matchedCity && matchedCity.toLowerCase() !== requestedCity ? (
      <p className="results-note">
        {matchedByAbbreviation ? (
          <>
            “{state.city}” is read as <strong>{matchedCity}</strong>.
          </>
        ) : (
          <>
            No city or neighborhood is spelled exactly “{state.city}”. Showing properties in <strong>{matchedCity}</strong>.
          </>
        )}
      </p>
    ) : null;
  const otherCurrencies = otherCurrencyText(otherCurrencyCount);
  const notes = (
    <>
      {note}
      {otherCurrencies ? <p className="results-note">{otherCurrencies}</p> : null}
    </>
  );

  if (state.view === "map") {
    // The map stays when nothing matches: panning it and searching again is the way out.
    const empty = properties.length === 0;
    return (
      <div aria-busy={busy} className={busy ? "search-results search-results--busy" : "search-results"}>
        {bar(busy ? "Searching…" : empty ? countText(0, false) : countText(totalCount, totalCapped, state.page, properties.length, pageSize))}
        {notes}
        <SearchMapView
          properties={properties}
          area={state.mapArea}
          unplacedCount={data.unplacedCount}
          onSearchArea={onSearchArea}
          empty={
            <EmptyState
              type="properties"
              title="No properties found"
              message={state.mapArea ? "No listings are placed in this area. Move the map and search this area again, or adjust the filters." : "Try adjusting your search or filters to find what you're looking for."}
              action={
                hasActiveFilters(state) ? (
                  <Button variant="outline" onClick={onClearFilters}>
                    Clear Filters
                  </Button>
                ) : undefined
              }
            />
          }
        />
        {empty ? null : (
          <Pagination page={state.page} pageCount={pageCount} more={totalCapped && properties.length === pageSize} hrefFor={hrefFor} />
        )}
      </div>
    );
  }

  if (properties.length === 0) {
    if (totalCount > 0 && state.page > 1) {
      return (
        <>
          {bar(countText(totalCount, totalCapped))}
          <EmptyState
            type="results"
            title="No properties on this page"
            message={`There are fewer than ${state.page} pages of results.`}
            action={
              <Link to={hrefFor(1)} className={buttonClass("outline")}>
                Go to the first page
              </Link>
            }
          />
        </>
      );
    }
    return (
      <>
        {bar(countText(0, false))}
        {notes}
        <EmptyState
          type="properties"
          title="No properties found"
          message="Try adjusting your search or filters to find what you're looking for."
          action={
            hasActiveFilters(state) ? (
              <Button variant="outline" onClick={onClearFilters}>
                Clear Filters
              </Button>
            ) : inviteToList ? (
              <Link to="/add-property" className={buttonClass("primary")}>
                Add Your Property
              </Link>
            ) : undefined
          }
        />
      </>
    );
  }

  return (
    <div aria-busy={busy} className={busy ? "search-results search-results--busy" : "search-results"}>
      {bar(busy ? "Searching…" : countText(totalCount, totalCapped, state.page, properties.length, pageSize))}
      {notes}
      <ul className={listClass} aria-label="Properties">
        {properties.map((property, i) => (
          <li key={property.id}>
            <PropertyCard property={property} layout={layout} headingLevel={2} eagerImage={i < 3} />
          </li>
        ))}
      </ul>
      <Pagination
        page={state.page}
        pageCount={pageCount}
        more={totalCapped && properties.length === pageSize}
        hrefFor={hrefFor}
      />
    </div>
  );
}
