import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { useDebouncedCallback } from "@/lib/use-debounced-callback";
import { usePageTitle } from "@/lib/use-page-title";
import { useFollowReading } from "../api/use-follow-reading";
import {
  activeFilterCount,
  applyText,
  clearFilters,
  DEFAULT_SEARCH,
  locationPath,
  parseSearchParams,
  searchRequest,
  searchText,
  toSearchParams,
  typedEnough,
  type SearchState,
} from "../search-params";
import { FilterPanel, type UpdateSearch } from "./search-filters";
import { SearchResults } from "./search-results";
import { SearchTextBox } from "./search-text-box";
import { ViewToggle } from "./view-toggle";
// The map view (issue 32): "Search this area" and the layout switch.
import { searchArea, switchView } from "../search-params";
import "../properties.css";

/** How long typing must pause before the search runs, in milliseconds. */
export const TEXT_DEBOUNCE_MS = 400;

/** TYPED marks, in its history state, the entry a search run as it was typed made. */
const TYPED = "typed";

/**
 * How a change is written into history: `push` a new entry, `replace` the current one (keeping
 * its mark), or `typed`, a search run as it is typed, which pushes one entry of its own and
 * replaces within it while the typing goes on. Back from a typed search is the page before it,
 * however often the typing paused.
 */
type Write = "push" | "replace" | "typed";

/**
 * SearchPage is /find-properties (SPEC §2 "Search"). Its URL holds the whole state
 * (city, zipCode, query, propertyType, verified, the rent, room, pets, furnished and area
 * filters of issue 32, sortBy, page, view): read on load, rewritten on every change, so
 * reloads and shared links show the same results.
 */
/** SearchRequest is the SearchProperties request the page runs. */
export type SearchRequest = ReturnType<typeof searchRequest>;

interface SearchPageProps {
  /** saveSearch, given by the route, draws the control that saves the search (saved searches). */
  saveSearch?: (request: SearchRequest) => ReactNode;
}

export function SearchPage({ saveSearch }: SearchPageProps = {}) {
  const [params, setParams] = useSearchParams();
  const state = parseSearchParams(params);
  // As the server names the page (internal/web/seo.go): after the city searched for.
  usePageTitle(state.city ? `Properties in ${state.city}` : "Find Properties");
  // Clear starts the rent and area boxes afresh, whatever was typed in them and not applied.
  const [clears, setClears] = useState(0);

  // The current entry's mark, set at once by a write (before the router shows its entry) and
  // read again from each entry shown (Back, a link).
  const location = useLocation();
  const mark = useRef<unknown>(location.state);
  useEffect(() => {
    mark.current = location.state;
  }, [location.key, location.state]);

  /** write puts a new state into the URL, into history as `how` says. */
  const write = useCallback(
    (next: (prev: SearchState) => SearchState, how: Write) => {
      const replace = how === "replace" || (how === "typed" && mark.current === TYPED);
      const state = replace ? mark.current : how === "typed" ? TYPED : null;
      mark.current = state;
      setParams((prev) => toSearchParams(next(parseSearchParams(prev))), { replace, state, preventScrollReset: true });
    },
    [setParams],
  );
  /** update writes a new state into the URL (a new history entry unless `replace`). */
  const update: UpdateSearch = useCallback((next, replace = false) => write(next, replace ? "replace" : "push"), [write]);

  // The text box runs ahead of the URL while the user types.
  const urlText = searchText(state);
  const [text, setText] = useState(urlText);
  const [seenText, setSeenText] = useState(urlText);
  // The text the box last wrote into the URL, until the URL shows it: keys pressed meanwhile (a
  // busy phone renders the new URL late) are newer than it and stay in the box.
  const [written, setWritten] = useState<string | null>(null);
  if (urlText !== seenText) {
    // The URL changed (back button, Clear, a link, the box's own search): show its text unless it
    // is the box's own or just the trimmed form of what is being typed.
    setSeenText(urlText);
    setWritten(null);
    if (urlText !== written && text.trim() !== urlText) setText(urlText);
  }

  /** applyTextToUrl writes the search text into the URL (unless it is what the URL has). */
  const applyTextToUrl = useCallback(
    (value: string, how: Write) => {
      const own = searchText(applyText(DEFAULT_SEARCH, value));
      if (own !== urlText) setWritten(own);
      write((prev) => (value.trim() === searchText(prev) ? prev : applyText(prev, value)), how);
    },
    [write, urlText],
  );
  const typing = useDebouncedCallback((value: string) => {
    if (value.trim() !== urlText) applyTextToUrl(value, "typed");
  }, TEXT_DEBOUNCE_MS);

  /**
   * commitText applies the text at once, dropping a search still waiting for typing to pause. The
   * entry typing made becomes the search's own (unmarked: more typing starts a new one).
   */
  const commitText = (value: string) => {
    typing.cancel();
    const typed = mark.current === TYPED;
    if (typed) mark.current = null;
    applyTextToUrl(value, typed ? "replace" : "push");
  };

  // The filters follow how the server read the typed line ("London flats": London, apartments),
  // once the box has caught up with the URL.
  const followTo = useCallback((next: SearchState) => update(() => next, true), [update]);
  useFollowReading(state, followTo, text.trim() !== urlText);

  // While the box is typed in, a postcode searched as it is typed stays here, so the typing is not
  // cut off; Search, Enter or leaving the box opens its location page.
  const [typingNow, setTyping] = useState(false);
  const onTextChange = (value: string) => {
    setText(value);
    setTyping(true);
    if (typedEnough(value)) typing.schedule(value);
    else typing.cancel();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTyping(false);
    commitText(text);
  };

  const filterCount = activeFilterCount(state);
  const clearAll = () => {
    typing.cancel();
    setText("");
    setClears((n) => n + 1);
    update(clearFilters);
  };

  const hrefFor = (page: number) => `?${toSearchParams({ ...state, page }).toString()}`;

  // A postal code, typed alone, read in a line ("sw1a1aa flats") or in an old link's zipCode, opens
  // its location page with the other filters and the sort (issue 32).
  if (state.zipCode && !typingNow) return <Navigate replace to={locationPath(state)} />;

  return (
    <>
      <PageHeader title="Find Properties">
        <p>Search rentals by city, neighborhood, ZIP or postal code, and read their reviews, the verified ones labelled.</p>
      </PageHeader>

      <div className="container section search-page">
        <form role="search" aria-label="Search properties" className="search-toolbar" onSubmit={onSubmit}>
          <SearchTextBox
            value={text}
            onChange={onTextChange}
            onBlur={() => setTyping(false)}
            onClear={() => {
              setText("");
              commitText("");
            }}
          />

          <FilterPanel state={state} update={update} count={filterCount} onClear={clearAll} clears={clears} />
        </form>

        <SearchResults
          state={state}
          onClearFilters={clearAll}
          hrefFor={hrefFor}
          onSearchArea={(area) => {
            typing.cancel();
            update((prev) => searchArea(prev, area));
          }}
          viewToggle={
            <>
              {/* A saved search needs a place: a typed city, neighbourhood or postcode, or the map's area. */}
              {saveSearch && (searchText(state) || state.mapArea) ? saveSearch(searchRequest(state)) : null}
              <ViewToggle view={state.view} onChange={(view) => update((prev) => switchView(prev, view), true)} />
            </>
          }
        />
      </div>
    </>
  );
}
