import { classifyPostalCode, normalizePostalCode } from "@/lib/postal-code";
import { isPropertyType, propertyTypeLabel } from "@/lib/property";
import { CURRENCIES, PROPERTY_TYPES } from "@/lib/vocab";

/** The sort orders of the search (SPEC §2 "Search"), first the default. */
export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "highestRated", label: "Highest Rated" },
  { value: "mostReviews", label: "Most Reviews" },
  { value: "newestListed", label: "Newest Listed" },
  // Issue 32: by monthly rent; across currencies the server groups them by code.
  { value: "priceLowHigh", label: "Price: Low to High" },
  { value: "priceHighLow", label: "Price: High to Low" },
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

/** The bedroom filter's choices: at least N (0 is any). */
export const BEDROOM_OPTIONS = [0, 1, 2, 3, 4, 5] as const;

/** The bathroom filter's choices: at least N (0 is any). */
export const BATHROOM_OPTIONS = [0, 1, 2, 3, 4] as const;

/** The currency the rent filter starts with. */
export const DEFAULT_RENT_CURRENCY = "USD";

/** AreaUnit is the unit of the area filter. */
export type AreaUnit = "sqft" | "sqm";

/** MAX_FILTER_NUMBER is the largest rent or area the filters take (the contract's int32). */
export const MAX_FILTER_NUMBER = 2_147_483_647;

/** The number of properties per page. */
export const PAGE_SIZE = 12;

/** The number of properties per page in the map view: the server's largest page, all on the map. */
export const MAP_PAGE_SIZE = 50;

/** SearchView is how results are laid out: cards in a grid or a list, or a list beside a map (issue 32). */
export type SearchView = "grid" | "list" | "map";

/** MapArea is a bounding box in degrees (the map's "Search this area"): west < east, south < north. */
export interface MapArea {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** SearchState is everything the search page shows, as held in its URL. */
export interface SearchState {
  city: string;
  zipCode: string;
  /** Free text: every word matches the title, street, neighbourhood, city or type (the home shortcuts). */
  query: string;
  /** "all" or a property type. */
  propertyType: string;
  verified: boolean;
  /** The currency of the rent bounds (a code of CURRENCIES); sent only with a bound. */
  currency: string;
  /** Monthly rent at least / at most, in currency; 0 leaves that end open. */
  minRent: number;
  maxRent: number;
  /** At least this many bedrooms / bathrooms; 0 is any. */
  minBedrooms: number;
  minBathrooms: number;
  petsAllowed: boolean;
  furnished: boolean;
  /** Listings with at least one verified review shown (issue 27's verified reviews). */
  verifiedReviews: boolean;
  /** Floor area at least this, in areaUnit; 0 is any. */
  minArea: number;
  areaUnit: AreaUnit;
  /** The map's searched area (URL `mapArea=w,s,e,n`), or null: it keeps the listings placed inside it. */
  mapArea: MapArea | null;
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
  currency: DEFAULT_RENT_CURRENCY,
  minRent: 0,
  maxRent: 0,
  minBedrooms: 0,
  minBathrooms: 0,
  petsAllowed: false,
  furnished: false,
  verifiedReviews: false,
  minArea: 0,
  areaUnit: "sqft",
  mapArea: null,
  sortBy: "featured",
  page: 1,
  view: "grid",
};

const MAX_PAGE = 10_000;

/**
 * urlNumber reads a rent or area bound: a whole number from 0 to MAX_FILTER_NUMBER, or
 * undefined for anything else.
 */
function urlNumber(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_FILTER_NUMBER ? n : undefined;
}

/** choice reads a number that must be one of the options, or 0. */
function choice(value: string | null, options: readonly number[]): number {
  const n = urlNumber(value);
  return n !== undefined && options.includes(n) ? n : 0;
}

/**
 * parseSearchParams reads the search page's URL: city, zipCode, query, propertyType,
 * verified=true, currency, minRent, maxRent, beds, baths, pets=true, furnished=true, verifiedReviews=true, minArea,
 * areaUnit=sqm, mapArea=w,s,e,n, sortBy, page and view. Unknown or malformed values fall back to the defaults; so
 * does a rent range whose minimum exceeds its maximum (both ends).
 */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const type = params.get("propertyType") ?? "";
  const sort = params.get("sortBy") ?? "";
  const page = Number(params.get("page"));
  const currency = (params.get("currency") ?? "").trim().toUpperCase();
  let minRent = urlNumber(params.get("minRent")) ?? 0;
  let maxRent = urlNumber(params.get("maxRent")) ?? 0;
  if (minRent > 0 && maxRent > 0 && minRent > maxRent) {
    minRent = 0;
    maxRent = 0;
  }
  return {
    city: (params.get("city") ?? "").trim(),
    zipCode: (params.get("zipCode") ?? "").trim(),
    query: (params.get("query") ?? "").trim(),
    propertyType: isPropertyType(type) ? type : "all",
    verified: params.get("verified") === "true",
    currency: CURRENCIES.has(currency) ? currency : DEFAULT_RENT_CURRENCY,
    minRent,
    maxRent,
    minBedrooms: choice(params.get("beds"), BEDROOM_OPTIONS),
    minBathrooms: choice(params.get("baths"), BATHROOM_OPTIONS),
    petsAllowed: params.get("pets") === "true",
    furnished: params.get("furnished") === "true",
    verifiedReviews: params.get("verifiedReviews") === "true",
    minArea: urlNumber(params.get("minArea")) ?? 0,
    areaUnit: params.get("areaUnit") === "sqm" ? "sqm" : "sqft",
    mapArea: parseMapArea(params.get("mapArea")),
    sortBy: SORT_OPTIONS.find((o) => o.value === sort)?.value ?? "featured",
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    view: parseView(params.get("view")),
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
  if (state.currency !== DEFAULT_RENT_CURRENCY) p.set("currency", state.currency);
  if (state.minRent > 0) p.set("minRent", String(state.minRent));
  if (state.maxRent > 0) p.set("maxRent", String(state.maxRent));
  if (state.minBedrooms > 0) p.set("beds", String(state.minBedrooms));
  if (state.minBathrooms > 0) p.set("baths", String(state.minBathrooms));
  if (state.petsAllowed) p.set("pets", "true");
  if (state.furnished) p.set("furnished", "true");
  if (state.verifiedReviews) p.set("verifiedReviews", "true");
  if (state.minArea > 0) p.set("minArea", String(state.minArea));
  if (state.areaUnit !== "sqft") p.set("areaUnit", state.areaUnit);
  if (state.mapArea) p.set("mapArea", formatMapArea(state.mapArea));
  if (state.sortBy !== "featured") p.set("sortBy", state.sortBy);
  if (state.page > 1) p.set("page", String(state.page));
  if (state.view !== "grid") p.set("view", state.view);
  return p;
}

/** hasRentRange tells whether the rent filter has a bound (then the currency goes with it). */
export function hasRentRange(s: SearchState): boolean {
  return s.minRent > 0 || s.maxRent > 0;
}

/**
 * activeFilters lists whether each filter narrows the results: the text, the type, verified,
 * the rent range (one filter, however many ends), bedrooms, bathrooms, pets, furnished, verified
 * reviews and area. Sort and view are not filters, nor are a currency or an area unit without a bound.
 */
function activeFilters(s: SearchState): boolean[] {
  return [
    // The place: typed, or the map's area.
    Boolean(s.city || s.zipCode || s.query || s.mapArea),
    s.propertyType !== "all",
    s.verified,
    hasRentRange(s),
    s.minBedrooms > 0,
    s.minBathrooms > 0,
    s.petsAllowed,
    s.furnished,
    s.verifiedReviews,
    s.minArea > 0,
  ];
}

/** hasActiveFilters tells whether any filter narrows the results (sort and view are not filters). */
export function hasActiveFilters(s: SearchState): boolean {
  return activeFilters(s).some(Boolean);
}

/** activeFilterCount counts the filters that narrow the results. */
export function activeFilterCount(s: SearchState): number {
  return activeFilters(s).filter(Boolean).length;
}

/** clearFilters removes every filter (the currency and the area unit back to theirs), keeping the sort order and the layout. */
export function clearFilters(s: SearchState): SearchState {
  return { ...DEFAULT_SEARCH, sortBy: s.sortBy, view: s.view };
}

/**
 * applyText applies the search page's text box: a US, Canadian or UK postal code (the
 * classification of SPEC §5, which the home box uses too) becomes the zipCode, which the page
 * opens as /location/{code} (locationPath); anything else names a city or neighbourhood (the
 * server reads a postcode among other words: followReading); it replaces any free-text query.
 */
export function applyText(s: SearchState, text: string): SearchState {
  const value = text.trim();
  const postal = classifyPostalCode(value) !== null;
  // A typed place replaces the map's area (issue 32).
  return { ...s, city: postal ? "" : value, zipCode: postal ? normalizePostalCode(value) : "", query: "", mapArea: null, page: 1 };
}

/** MIN_SEARCH_WORD is the fewest characters of a line's longest word the server searches for (property.MinSearchWord). */
export const MIN_SEARCH_WORD = 3;

/**
 * typedEnough says whether a line being typed is worth searching before Enter: empty, or with a
 * word the server can look for ("Lo" is not yet; Enter still sends it, and the server's answer
 * says why a line of short words alone is refused).
 */
export function typedEnough(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return text.trim() === "" || words.some((w) => [...w].length >= MIN_SEARCH_WORD);
}

/**
 * searchText is what the text box shows for a state: its postal code, place and free text, as one
 * line (a line the server read into a place and text shows both).
 */
export function searchText(s: SearchState): string {
  return [s.zipCode, s.city, s.query].filter(Boolean).join(" ");
}

/** searchRequest is the SearchProperties request for a state. */
export function searchRequest(s: SearchState) {
  return {
    city: s.city,
    zipCode: s.zipCode,
    query: s.query,
    propertyType: s.propertyType === "all" ? "" : s.propertyType,
    verifiedOnly: s.verified,
    // The currency goes with a rent bound only: alone it would hide every listing in another one.
    currency: hasRentRange(s) ? s.currency : "",
    minRent: s.minRent,
    maxRent: s.maxRent,
    minBedrooms: s.minBedrooms,
    minBathrooms: s.minBathrooms,
    petsAllowed: s.petsAllowed,
    verifiedReviewsOnly: s.verifiedReviews,
    furnished: s.furnished,
    minArea: s.minArea,
    areaUnit: s.minArea > 0 ? s.areaUnit : "",
    sortBy: s.sortBy,
    page: s.page,
    pageSize: pageSizeOf(s),
    // The map's area applies in every view (it is in the URL); the map view asks what it cannot show.
    ...(s.mapArea ? { mapArea: s.mapArea } : {}),
    ...(s.view === "map" ? { countUnplaced: true } : {}),
  };
}

/** The messages of the rent and area inputs, which mirror the server's checks. */
export const FILTER_MESSAGES = {
  notWhole: "Enter a whole number, 0 or more",
  tooLarge: "Enter a smaller number",
  rentRange: "Minimum rent must not exceed the maximum",
} as const;

/** FilterNumberInput is what a typed rent or area reads as: a number (0 leaves it open), or why not. */
export type FilterNumberInput = { value: number; error?: undefined } | { value?: undefined; error: string };

/**
 * readFilterNumber reads a typed rent or area: empty is 0 (open); otherwise a whole number, 0 or
 * more, with optional thousands commas ("3,000"), up to MAX_FILTER_NUMBER.
 */
export function readFilterNumber(text: string): FilterNumberInput {
  let t = text.trim();
  if (t === "") return { value: 0 };
  if (/^\d{1,3}(,\d{3})+$/.test(t)) t = t.replaceAll(",", "");
  if (!/^\d+$/.test(t)) return { error: FILTER_MESSAGES.notWhole };
  const value = Number(t);
  return value <= MAX_FILTER_NUMBER ? { value } : { error: FILTER_MESSAGES.tooLarge };
}

/** rentRangeError is the message for a minimum rent above the maximum (an open end never is). */
export function rentRangeError(minRent: number, maxRent: number): string | undefined {
  return minRent > 0 && maxRent > 0 && minRent > maxRent ? FILTER_MESSAGES.rentRange : undefined;
}

/** parseView reads the layout: grid (the default), list or map. */
function parseView(value: string | null): SearchView {
  return value === "list" || value === "map" ? value : "grid";
}

/** pageSizeOf is the page size of a state's layout: the map view shows the server's largest page. */
export function pageSizeOf(s: SearchState): number {
  return s.view === "map" ? MAP_PAGE_SIZE : PAGE_SIZE;
}

/** MAP_AREA_DECIMALS is how many decimals the URL keeps of the map's area (about 11 m). */
const MAP_AREA_DECIMALS = 4;

/**
 * roundMapArea rounds an area outward to MAP_AREA_DECIMALS, so the rounded area still holds all of
 * the one the map showed, clamped to the world (no area crosses the 180th meridian).
 */
export function roundMapArea(a: MapArea): MapArea {
  const f = 10 ** MAP_AREA_DECIMALS;
  const down = (v: number) => Math.floor(v * f + 1e-9) / f;
  const up = (v: number) => Math.ceil(v * f - 1e-9) / f;
  return {
    west: Math.max(-180, down(a.west)),
    south: Math.max(-90, down(a.south)),
    east: Math.min(180, up(a.east)),
    north: Math.min(90, up(a.north)),
  };
}

/** formatMapArea writes an area as the URL's `w,s,e,n`, each with at most MAP_AREA_DECIMALS decimals. */
export function formatMapArea(a: MapArea): string {
  const r = roundMapArea(a);
  return [r.west, r.south, r.east, r.north].map((v) => String(Number(v.toFixed(MAP_AREA_DECIMALS)))).join(",");
}

/**
 * parseMapArea reads the URL's `mapArea=w,s,e,n`: four numbers in degrees, longitudes within
 * ±180 and latitudes within ±90, west < east and south < north (the server's rule); null for
 * anything else.
 */
export function parseMapArea(value: string | null): MapArea | null {
  if (!value) return null;
  const parts = value.split(",");
  if (parts.length !== 4 || parts.some((p) => !/^-?\d+(\.\d+)?$/.test(p.trim()))) return null;
  const [west, south, east, north] = parts.map(Number);
  const lon = (v: number) => v >= -180 && v <= 180;
  const lat = (v: number) => v >= -90 && v <= 90;
  if (!lon(west) || !lon(east) || !lat(south) || !lat(north) || west >= east || south >= north) return null;
  return { west, south, east, north };
}

/**
 * searchArea is "Search this area": the map's area becomes the place, replacing a typed city,
 * postcode or text (they would contradict it), the other filters kept, from the first page.
 */
export function searchArea(s: SearchState, area: MapArea): SearchState {
  return { ...s, city: "", zipCode: "", query: "", mapArea: roundMapArea(area), page: 1 };
}

/** switchView changes the layout; to or from the map the page size changes, so back to the first page. */
export function switchView(s: SearchState, view: SearchView): SearchState {
  const resize = (s.view === "map") !== (view === "map");
  return { ...s, view, page: resize ? 1 : s.page };
}

/** LineReading is how the server read a typed line (SearchReading: README § Search). */
export interface LineReading {
  place: string;
  zipCode: string;
  propertyType: string;
  query: string;
}

/**
 * keepCase finds text (lower-cased by the server) in the line it came from and returns it as
 * typed ("Downtown Apartments", "downtown" → "Downtown"); the text itself when it is not there.
 */
function keepCase(line: string, text: string): string {
  const lower = line.toLowerCase();
  const at = lower.length === line.length ? lower.indexOf(text) : -1;
  return at >= 0 ? line.slice(at, at + text.length) : text;
}

/**
 * followReading is the state that shows how the server read the typed line (issue 32), so the
 * filters say what was searched: the place read becomes the city ("New York" for "new york"), a
 * postal code the zipCode (normalised), a type word the property type, the rest the free text; the
 * other filters, the sort, the page and the layout are kept. When the place was found by its
 * spelling or an abbreviation (matchedCity), the line stays as typed in the city, so the notice
 * names what was typed; only a type word goes to the type. Without a reading (no line, or a
 * listed city named outright), or one that found only free text, the state is s. Following a
 * state's own reading gives it back.
 */
export function followReading(s: SearchState, reading: LineReading | undefined, matchedCity = ""): SearchState {
  // A line read as free text alone stays where it was typed: a city with no listings yet is
  // still the city a member can save a search for and wait on.
  if (!reading || (!reading.place && !reading.zipCode && !reading.propertyType)) return s;
  const line = [s.city, s.query].filter(Boolean).join(" ");
  const next = { ...s };
  if (reading.propertyType) next.propertyType = reading.propertyType;
  if (matchedCity) return { ...next, city: line, query: "" };
  next.city = reading.place;
  next.query = reading.query ? keepCase(line, reading.query) : "";
  if (reading.zipCode) next.zipCode = normalizePostalCode(reading.zipCode);
  return next;
}

/** LOCATION_PAGE_SIZE is the location page's page of listings (the server's first load asks for it). */
export const LOCATION_PAGE_SIZE = 50;

/**
 * locationState is a location page's state (/location/{code}?beds=2&sortBy=…): its URL's filters,
 * words (city, query: the rest of a typed line that held the postcode), sort and page as on Find
 * Properties, the postal code fixed from the path, no map area, and cards in a grid.
 */
export function locationState(params: URLSearchParams, code: string): SearchState {
  return { ...parseSearchParams(params), zipCode: code, mapArea: null, view: "grid" };
}

/**
 * locationPath is where a search with a postal code goes (issue 32): /location/{code}, the other
 * filters, words and sort in its query string (the map area and the layout are Find Properties').
 */
export function locationPath(s: SearchState): string {
  const query = toLocationParams({ ...s, mapArea: null }).toString();
  return `/location/${encodeURIComponent(s.zipCode)}${query ? `?${query}` : ""}`;
}

/** toLocationParams writes a location page's state as its URL's parameters (the code is in the path). */
export function toLocationParams(s: SearchState): URLSearchParams {
  return toSearchParams({ ...s, zipCode: "", view: "grid" });
}

/** locationRequest is the SearchProperties request of a location page's state. */
export function locationRequest(s: SearchState) {
  return { ...searchRequest(s), pageSize: LOCATION_PAGE_SIZE, countUnplaced: false };
}
