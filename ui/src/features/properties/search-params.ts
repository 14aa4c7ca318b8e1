import { classifyPostalCode, normalizePostalCode } from "@/lib/postal-code";
import { isPropertyType, propertyTypeLabel } from "@/lib/property";
import { PROPERTY_TYPES } from "@/lib/vocab";

/** The sort orders of the search (SPEC §2 "Search"), first the default. */
export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "highestRated", label: "Highest Rated" },
  { value: "mostReviews", label: "Most Reviews" },
  { value: "newestListed", label: "Newest Listed" },
] as const;

/** SortBy is one of the sort orders. */
export type SortBy = (typeof SORT_OPTIONS)[number]["value"];

/**
 * The property type filter's options: "all", then every type a listing can have, in the contract's
 * order (issue 32; SPEC §2 offers four, and a villa could be listed but not searched for).
 */
export const TYPE_OPTIONS: { value: string; label: string }[] = [
  { value: "all", label: "All Types" },
  ...PROPERTY_TYPES.values.map((value) => ({ value, label: propertyTypeLabel(value) })),
];


/** The number of properties per page. */
export const PAGE_SIZE = 12;

/** SearchView is how results are laid out. */
export type SearchView = "grid" | "list";

/** SearchState is everything the search page shows, as held in its URL. */
export interface SearchState {
  city: string;
  zipCode: string;
  /** Free text: every word matches the title, street, neighbourhood, city or type (the home shortcuts). */
  query: string;
  /** "all" or a property type. */
  propertyType: string;
  verified: boolean;
  sortBy: SortBy;
  /** 1-based. */
  page: number;
  view: SearchView;
}

/** DEFAULT_SEARCH is the state of /find-properties without parameters. */
export const DEFAULT_SEARCH: SearchState = {
  city: "",
  zipCode: "",
  query: "",
  propertyType: "all",
  verified: false,
  sortBy: "featured",
  page: 1,
  view: "grid",
};

const MAX_PAGE = 10_000;

/**
 * parseSearchParams reads the search page's URL: city, zipCode, query, propertyType,
 * verified=true, sortBy, page and view. Unknown or malformed values fall back to
 * the defaults.
 */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const type = params.get("propertyType") ?? "";
  const sort = params.get("sortBy") ?? "";
  const page = Number(params.get("page"));
  return {
    city: (params.get("city") ?? "").trim(),
    zipCode: (params.get("zipCode") ?? "").trim(),
    query: (params.get("query") ?? "").trim(),
    propertyType: isPropertyType(type) ? type : "all",
    verified: params.get("verified") === "true",
    sortBy: SORT_OPTIONS.find((o) => o.value === sort)?.value ?? "featured",
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    view: params.get("view") === "list" ? "list" : "grid",
  };
}

/** toSearchParams writes a state as URL parameters, leaving out defaults, in a fixed order. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.city) p.set("city", state.city);
  if (state.zipCode) p.set("zipCode", state.zipCode);
  if (state.query) p.set("query", state.query);
  if (state.propertyType !== "all") p.set("propertyType", state.propertyType);
  if (state.verified) p.set("verified", "true");
  if (state.sortBy !== "featured") p.set("sortBy", state.sortBy);
  if (state.page > 1) p.set("page", String(state.page));
  if (state.view !== "grid") p.set("view", state.view);
  return p;
}

/** hasActiveFilters tells whether any filter narrows the results (sort and view are not filters). */
export function hasActiveFilters(s: SearchState): boolean {
  return Boolean(s.city || s.zipCode || s.query || s.propertyType !== "all" || s.verified);
}

/** activeFilterCount counts the filters that narrow the results. */
export function activeFilterCount(s: SearchState): number {
  return [s.city || s.zipCode || s.query, s.propertyType !== "all", s.verified].filter(Boolean).length;
}

/** clearFilters removes every filter, keeping the sort order and the layout. */
export function clearFilters(s: SearchState): SearchState {
  return { ...DEFAULT_SEARCH, sortBy: s.sortBy, view: s.view };
}

/**
 * applyText applies the search page's text box: a US, Canadian or UK postal code (the
 * classification of SPEC §5, which the home box uses too) filters by that code, anything
 * else names a city or neighbourhood; it replaces any free-text query.
 */
export function applyText(s: SearchState, text: string): SearchState {
  const value = text.trim();
  const postal = classifyPostalCode(value) !== null;
  return { ...s, city: postal ? "" : value, zipCode: postal ? normalizePostalCode(value) : "", query: "", page: 1 };
}

/** searchText is what the text box shows for a state. */
export function searchText(s: SearchState): string {
  return s.zipCode || s.city || s.query;
}

/** searchRequest is the SearchProperties request for a state. */
export function searchRequest(s: SearchState) {
  return {
    city: s.city,
    zipCode: s.zipCode,
    query: s.query,
    propertyType: s.propertyType === "all" ? "" : s.propertyType,
    verifiedOnly: s.verified,
    sortBy: s.sortBy,
    page: s.page,
    pageSize: PAGE_SIZE,
  };
}
