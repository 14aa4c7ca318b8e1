import { Building2, Globe2, PenLine, Search } from "lucide-react";
import { useCallback, useState, type FormEvent, type ReactNode } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { PropertyCard, PropertyCardsLoading } from "@/components/property-card/property-card";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
import { useInviteToList } from "@/components/use-invite-to-list";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatCount } from "@/lib/count";
import {
  classifyPostalCode,
  detectCountry,
  isPlausiblePostalCode,
  normalizePostalCode,
  type LocationCountry,
} from "@/lib/postal-code";
import { pluralize } from "@/lib/rating";
import { usePageTitle } from "@/lib/use-page-title";
import { usePropertiesByZip } from "../api/use-search-properties";
import {
  LOCATION_PAGE_SIZE,
  activeFilterCount,
  clearFilters,
  locationPath,
  locationRequest,
  locationState,
  searchText,
  toLocationParams,
  toSearchParams,
  type SearchState,
} from "../search-params";
import { FilterPanel, type UpdateSearch } from "./search-filters";
import { otherCurrencyText } from "./search-results";
import { Pagination } from "./pagination";
import type { SearchRequest } from "./search-page";
import { SearchTextBox } from "./search-text-box";
import "../properties.css";

const CODE_NAMES: Record<LocationCountry, string> = {
  "United States": "ZIP code",
  Canada: "postal code",
  "United Kingdom": "postcode",
  Global: "postal code",
};

/** LocationInfo is what the page knows of a place (SPEC §3 "Location derived on the client"). */
export interface LocationInfo {
  name: string;
  country: LocationCountry;
  exists: boolean;
}

/** locationInfo derives a place from its code and the properties found there. */
export function locationInfo(code: string, properties: Property[]): LocationInfo {
  const first = properties[0];
  const name = first ? [first.locality, first.city].filter(Boolean).join(", ") : code;
  return { name, country: detectCountry(code), exists: isPlausiblePostalCode(code) };
}

/** EAGER_CARDS is how many cards load their picture at once: the first row on a wide screen. */
const EAGER_CARDS = 3;

/**
 * locationCountText is the count line: "3 properties in SW1A 1AA" for a list that fits on one
 * page, the page's range past that: "Showing 51–100 of 120 properties in 10001".
 */
export function locationCountText(code: string, total: number, page: number, shown: number): string {
  const n = formatCount;
  if (page === 1 && shown === total) return `${pluralize(total, "property", "properties")} in ${code}`;
  const first = (page - 1) * LOCATION_PAGE_SIZE + 1;
  return `Showing ${n(first)}–${n(first + shown - 1)} of ${n(total)} properties in ${code}`;
}

/**
 * lineTarget is where a location page's text box goes for a line: a postal code alone to its
 * location page, anything else to Find Properties as a typed line (which reads a postcode among
 * other words and comes back to its location page); the filters and the sort go along, from page 1.
 */
export function lineTarget(s: SearchState, text: string): string {
  const line = text.trim();
  const next = { ...s, city: "", query: "", page: 1 };
  if (classifyPostalCode(line)) return locationPath({ ...next, zipCode: normalizePostalCode(line) });
  const query = toSearchParams({ ...next, zipCode: "", city: line }).toString();
  return query ? `/find-properties?${query}` : "/find-properties";
}

interface LocationPageProps {
  /** saveSearch, given by the route, draws the control that saves the search (saved searches). */
  saveSearch?: (request: SearchRequest) => ReactNode;
}

/**
 * LocationPage is /location/{zipcode} (SPEC §2 "Location page"): the properties of
 * one postal code, the country told from the code's format, SEO copy and calls to
 * action. A code that cannot be a postal code is "Location Not Found".
 */
export function LocationPage({ saveSearch }: LocationPageProps = {}) {
  const { zipcode = "" } = useParams();
  const { search } = useLocation();
  const code = zipcode.trim();
  const valid = isPlausiblePostalCode(code);
  const [params, setParams] = useSearchParams();
  const state = locationState(params, code);
  // A code recognised in another spacing or case ("sw1a1aa") is shown in its usual form.
  const canonical = classifyPostalCode(code) ? normalizePostalCode(code) : code;
  const result = usePropertiesByZip(state, valid && canonical === code);
  // A signed-in tenant cannot list: the page offers what they can do instead.
  const inviteToList = useInviteToList();
  const properties = result.data?.properties ?? [];
  const info = locationInfo(code, properties);
  const kind = CODE_NAMES[info.country];
  usePageTitle(valid ? `Properties in ${code}` : "Location Not Found");
  // Clear starts the rent and area boxes afresh, whatever was typed in them and not applied.
  const [clears, setClears] = useState(0);
  const navigate = useNavigate();
  // The text box: the code and any words searched with it; Search goes where the line says.
  const urlText = searchText(state);
  const [text, setText] = useState(urlText);
  const [seenText, setSeenText] = useState(urlText);
  if (urlText !== seenText) {
    setSeenText(urlText);
    setText(urlText);
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== urlText) navigate(lineTarget(state, text));
  };

  /** update writes a new state into the URL's query (a new history entry unless `replace`). */
  const update: UpdateSearch = useCallback(
    (next: (prev: SearchState) => SearchState, replace = false) => {
      setParams((prev) => toLocationParams(next(locationState(prev, code))), { replace, preventScrollReset: true });
    },
    [setParams, code],
  );

  // The postal code is the page's place, not a filter (words typed with it are).
  const filterCount = activeFilterCount({ ...state, zipCode: "" });
  const clearAll = () => {
    setClears((n) => n + 1);
    update(clearFilters);
  };
  const hrefFor = (page: number) => `?${toLocationParams({ ...state, page }).toString()}`;

  if (valid && canonical !== code) {
    return <Navigate replace to={`/location/${encodeURIComponent(canonical)}${search}`} />;
  }

  const crumbs = [
    { label: "Home", to: "/" },
    { label: "Find Properties", to: "/find-properties" },
    { label: valid ? code : "Location Not Found" },
  ];

  if (!info.exists) {
    return (
      <>
        <PageHeader title="Location Not Found" breadcrumb={crumbs} />
        <div className="container section">
          <EmptyState
            type="search"
            title="We don't know this location"
            message={`“${code}” is not a postal code we can look up. Search by city or ZIP code instead.`}
            action={
              <Link to="/find-properties" className={buttonClass("primary")}>
                Search All Properties
              </Link>
            }
          />
        </div>
      </>
    );
  }

  // With filters, nothing found is the search's empty state (the place has listings, just not these).
  const empty: ReactNode =
    filterCount > 0 ? (
      <EmptyState
        type="properties"
        title="No properties found"
        message="Try adjusting your search or filters to find what you're looking for."
        action={
          <Button variant="outline" onClick={clearAll}>
            Clear Filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        type="properties"
        title={`No properties listed in ${code} yet`}
        message={
          inviteToList
            ? "Own or manage a rental here? Be the first to list it and help tenants find verified homes in this area."
            : "Search nearby places, or come back later: landlords add new homes every day."
        }
        action={
          inviteToList ? (
            <Link to="/add-property" className={buttonClass("primary")}>
              <Building2 aria-hidden="true" size={16} /> Add a Property
            </Link>
          ) : (
            <Link to="/find-properties" className={buttonClass("primary")}>
              <Search aria-hidden="true" size={16} /> Search All Properties
            </Link>
          )
        }
      />
    );

  const body = (
    <QueryState
      query={result}
      loading={<PropertyCardsLoading label="Loading properties" count={EAGER_CARDS} firstPictureSlot />}
      error={{
        title: "Failed to fetch properties",
        message: `We couldn't load the properties in ${code}. Reload the page to try again.`,
        onRetry: () => window.location.reload(),
      }}
      isEmpty={(data) => data.properties.length === 0 && !(data.totalCount > 0 && state.page > 1)}
      empty={empty}
    >
      {(data) => {
        const busy = result.isPlaceholderData && result.isFetching;
        const otherCurrencies = otherCurrencyText(data.otherCurrencyCount);
        if (data.properties.length === 0) {
          return (
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
          );
        }
        return (
          <div aria-busy={busy} className={busy ? "search-results search-results--busy" : "search-results"}>
            <p className="results-count" aria-live="polite">
              {busy ? "Searching…" : locationCountText(code, data.totalCount, state.page, data.properties.length)}
            </p>
            {otherCurrencies ? <p className="results-note">{otherCurrencies}</p> : null}
            <ul className="property-grid" aria-label={`Properties in ${code}`}>
              {data.properties.map((p, i) => (
                <li key={p.id}>
                  <PropertyCard property={p} headingLevel={2} eagerImage={i < EAGER_CARDS} />
                </li>
              ))}
            </ul>
            <Pagination
              page={state.page}
              pageCount={Math.max(1, Math.ceil(data.totalCount / LOCATION_PAGE_SIZE))}
              more={data.totalCapped && data.properties.length === LOCATION_PAGE_SIZE}
              hrefFor={hrefFor}
            />
          </div>
        );
      }}
    </QueryState>
  );

  return (
    <>
      <PageHeader title={`Properties in ${code}`} breadcrumb={crumbs}>
        <div className="location-page__meta">
          <span className="badge badge--category">
            <Globe2 aria-hidden="true" size={14} /> {info.country}
          </span>
          {info.name !== code ? <span>{info.name}</span> : null}
          {/* Saved even with nothing listed yet: its alerts tell of the first listing. */}
          {saveSearch ? saveSearch(locationRequest(state)) : null}
        </div>
      </PageHeader>
      <div className="container section location-page">
        {/* A form, so the page as prerendered keeps its controls inert until the app runs (src/prerender.tsx). */}
        <form
          role="search"
          aria-label={`Filter properties in ${code}`}
          className="search-toolbar"
          onSubmit={onSubmit}
        >
          <SearchTextBox value={text} onChange={setText} onClear={() => setText("")} />
          <FilterPanel state={state} update={update} count={filterCount} onClear={clearAll} clears={clears} />
        </form>
        {body}

        <section className="location-page__seo" aria-labelledby="location-about-title">
          <h2 id="location-about-title">Renting in {code}</h2>
          <p>
            Looking for a rental in the {kind} {code}
            {info.country === "Global" ? "" : ` (${info.country})`}? RentProof lists homes with ratings and reviews
            written by the people who lived in them, so you can compare apartments, houses and condos in {info.name}{" "}
            before you visit.
          </p>
          <p>
            Verified listings carry a badge once their details have been confirmed, and every rating shows how many
            tenants would recommend the place. Read what neighbours say about repairs, noise and the landlord, then
            shortlist the homes that suit you.
          </p>
        </section>

        <section className="cta-banner location-page__cta" aria-labelledby="location-cta-title">
          <div>
            <h2 id="location-cta-title">Know this area?</h2>
            <p>
              {inviteToList
                ? "List a property here, search other places, or join RentProof to review where you have lived."
                : "Search other places, or review a home you have rented here from its property page."}
            </p>
          </div>
          <div className="location-page__actions">
            {inviteToList ? (
              <Link to="/add-property" className={buttonClass("primary")}>
                <Building2 aria-hidden="true" size={16} /> Add Your Property
              </Link>
            ) : null}
            <Link to="/find-properties" className={buttonClass("outline")}>
              <Search aria-hidden="true" size={16} /> Search All Properties
            </Link>
            <Link to="/auth" className={buttonClass("outline")}>
              <PenLine aria-hidden="true" size={16} /> Sign Up to Write Reviews
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
