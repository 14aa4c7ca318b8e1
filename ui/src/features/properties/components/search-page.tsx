import { LayoutGrid, List, Search, SlidersHorizontal, X } from "lucide-react";
import { useCallback, useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { LOCATION_PLACEHOLDER } from "@/components/location-search/location-search";
import { Button } from "@/components/ui/button";
import { pluralize } from "@/lib/rating";
import { useDebouncedCallback } from "@/lib/use-debounced-callback";
import { usePageTitle } from "@/lib/use-page-title";
import {
  SORT_OPTIONS,
  TYPE_OPTIONS,
  activeFilterCount,
  applyText,
  clearFilters,
  hasActiveFilters,
  parseSearchParams,
  searchText,
  toSearchParams,
  type SearchState,
  type SortBy,
} from "../search-params";
import { AreaFilter, RentFilter, RoomFilters } from "./search-filters";
import { SearchResults } from "./search-results";
import "../properties.css";

/** How long typing must pause before the search runs, in milliseconds. */
export const TEXT_DEBOUNCE_MS = 400;

/**
 * SearchPage is /find-properties (SPEC §2 "Search"). Its URL holds the whole state
 * (city, zipCode, query, propertyType, verified, the rent, room, pets, furnished and area
 * filters of issue 32, sortBy, page, view): read on load, rewritten on every change, so
 * reloads and shared links show the same results.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = parseSearchParams(params);
  // As the server names the page (internal/web/seo.go): after the city searched for.
  usePageTitle(state.city ? `Properties in ${state.city}` : "Find Properties");
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Clear starts the rent and area boxes afresh, whatever was typed in them and not applied.
  const [clears, setClears] = useState(0);

  /** update writes a new state into the URL (a new history entry unless `replace`). */
  const update = useCallback(
    (next: (prev: SearchState) => SearchState, replace = false) => {
      setParams((prev) => toSearchParams(next(parseSearchParams(prev))), { replace, preventScrollReset: true });
    },
    [setParams],
  );

  // The text box runs ahead of the URL while the user types.
  const urlText = searchText(state);
  const [text, setText] = useState(urlText);
  const [seenText, setSeenText] = useState(urlText);
  if (urlText !== seenText) {
    // The URL changed (back button, Clear, a link): show its text unless it is
    // just the trimmed form of what is being typed.
    setSeenText(urlText);
    if (text.trim() !== urlText) setText(urlText);
  }

  /** applyTextToUrl writes the search text into the URL (unless it is what the URL has). */
  const applyTextToUrl = useCallback(
    (value: string, replace: boolean) =>
      update((prev) => (value.trim() === searchText(prev) ? prev : applyText(prev, value)), replace),
    [update],
  );
  const typing = useDebouncedCallback((value: string) => applyTextToUrl(value, true), TEXT_DEBOUNCE_MS);

  /** commitText applies the text at once, dropping a search still waiting for typing to pause. */
  const commitText = (value: string, replace: boolean) => {
    typing.cancel();
    applyTextToUrl(value, replace);
  };

  const onTextChange = (value: string) => {
    setText(value);
    typing.schedule(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commitText(text, false);
  };

  const active = hasActiveFilters(state);
  const filterCount = activeFilterCount(state);
  const clearAll = () => {
    typing.cancel();
    setText("");
    setClears((n) => n + 1);
    update(clearFilters);
  };

  const hrefFor = (page: number) => `?${toSearchParams({ ...state, page }).toString()}`;

  return (
    <>
      <PageHeader title="Find Properties">
        <p>Search rentals by city, neighborhood, ZIP or postal code, and read their reviews, the verified ones labelled.</p>
      </PageHeader>

      <div className="container section search-page">
        <form role="search" aria-label="Search properties" className="search-toolbar" onSubmit={onSubmit}>
          <div className="search-box search-box--flat">
            <label htmlFor={`${filtersId}-text`} className="visually-hidden">
              City, neighborhood or postal code
            </label>
            <Search className="search-box__icon" aria-hidden="true" size={20} />
            <input
              id={`${filtersId}-text`}
              type="search"
              className="search-box__input"
              placeholder={LOCATION_PLACEHOLDER}
              autoComplete="off"
              enterKeyHint="search"
              value={text}
              onChange={(event) => onTextChange(event.target.value)}
            />
            {text ? (
              <button
                type="button"
                className="search-box__clear"
                aria-label="Clear search text"
                onClick={() => {
                  setText("");
                  commitText("", false);
                }}
              >
                <X aria-hidden="true" size={18} />
              </button>
            ) : null}
            <Button type="submit" className="search-box__submit">
              Search
            </Button>
          </div>

          <Button
            variant="outline"
            className="filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" size={16} /> Filters
            {/* The spaces are for the name: "Filters 2 active", not "Filters2active". */}
            {filterCount > 0 ? " " : null}
            {filterCount > 0 ? (
              <span className="filters-toggle__count">
                {filterCount}{" "}
                <span className="visually-hidden">active</span>
              </span>
            ) : null}
          </Button>

          <div id={filtersId} className={filtersOpen ? "search-filters search-filters--open" : "search-filters"}>
            <div className="field field--inline">
              <label htmlFor={`${filtersId}-type`}>Property type</label>
              <select
                id={`${filtersId}-type`}
                className="select"
                value={state.propertyType}
                onChange={(event) => {
                  const propertyType = event.target.value;
                  update((prev) => ({ ...prev, propertyType, page: 1 }));
                }}
              >
                {TYPE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>

            <label className="checkbox">
              <input
                type="checkbox"
                checked={state.verified}
                onChange={(event) => {
                  const verified = event.target.checked;
                  update((prev) => ({ ...prev, verified, page: 1 }));
                }}
              />
              Verified Only
            </label>

            <RentFilter key={`rent-${clears}`} state={state} update={update} />
            <RoomFilters state={state} update={update} />
            <AreaFilter key={`area-${clears}`} state={state} update={update} />

            <div className="field field--inline">
              <label htmlFor={`${filtersId}-sort`}>Sort by</label>
              <select
                id={`${filtersId}-sort`}
                className="select"
                value={state.sortBy}
                onChange={(event) => {
                  const sortBy = event.target.value as SortBy;
                  update((prev) => ({ ...prev, sortBy, page: 1 }));
                }}
              >
                {SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>

            {active ? (
              <div className="search-filters__clear">
                <span className="search-filters__count">{pluralize(filterCount, "filter")} active</span>
                <Button variant="ghost" onClick={clearAll}>
                  <X aria-hidden="true" size={16} /> Clear
                </Button>
              </div>
            ) : null}

            <Button variant="primary" className="search-filters__done" onClick={() => setFiltersOpen(false)}>
              Show results
            </Button>
          </div>
        </form>

        <SearchResults
          state={state}
          onClearFilters={clearAll}
          hrefFor={hrefFor}
          viewToggle={
            <div role="group" aria-label="Layout" className="view-toggle">
              <Button
                variant="ghost"
                size="sm"
                aria-pressed={state.view === "grid"}
                aria-label="Grid view"
                onClick={() => update((prev) => ({ ...prev, view: "grid" }), true)}
              >
                <LayoutGrid aria-hidden="true" size={18} />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-pressed={state.view === "list"}
                aria-label="List view"
                onClick={() => update((prev) => ({ ...prev, view: "list" }), true)}
              >
                <List aria-hidden="true" size={18} />
              </Button>
            </div>
          }
        />
      </div>
    </>
  );
}
