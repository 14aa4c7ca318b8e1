import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { MapArea } from "../search-params";
import {
  DEFAULT_SEARCH,
  MAP_PAGE_SIZE,
  activeFilterCount,
  applyText,
  clearFilters,
  formatMapArea,
  parseMapArea,
  parseSearchParams,
  searchArea,
  searchRequest,
  switchView,
  toSearchParams,
} from "../search-params";
import { AppProviders, createQueryClient } from "@/app/providers";
import { makeProperty } from "@/test/properties";
import { fakeTransport } from "@/test/render";
import { placedListings, unplacedText } from "./placed-listings";
import type { SearchMapProps } from "./search-map";
import { SEARCH_MAP_LABEL, SearchMapView } from "./search-map-view";

// Leaflet is left out: the lazily loaded map is replaced by one that shows what it was given and
// lets a test hover a marker or move the map.
const mapCalls: { props: SearchMapProps | null } = { props: null };
vi.mock("./search-map", () => ({
  default: (props: SearchMapProps) => {
    mapCalls.props = props;
    return (
      <div role="region" aria-label={props.label} data-highlighted={props.highlighted ?? ""}>
        {props.properties.map((p) => (
          <button key={p.id} type="button" onMouseEnter={() => props.onHighlight(p.id)} onMouseLeave={() => props.onHighlight(null)}>
            marker {p.title}
          </button>
        ))}
      </div>
    );
  },
}));

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));

describe("the map area in the URL", () => {
  it("round-trips mapArea=w,s,e,n with the map view, kept on reload", () => {
    const state = parse("view=map&mapArea=-74.1,40.6,-73.8,40.9");
    expect(state.view).toBe("map");
    expect(state.mapArea).toEqual({ west: -74.1, south: 40.6, east: -73.8, north: 40.9 });
    const qs = toSearchParams(state);
    expect(qs.get("mapArea")).toBe("-74.1,40.6,-73.8,40.9");
    expect(qs.get("view")).toBe("map");
    expect(parse(qs.toString())).toEqual(state);
  });

  it("keeps about 4 decimals, rounded outward so the area still holds what the map showed", () => {
    const area: MapArea = { west: -0.2391234, south: 51.4612345, east: -0.0398761, north: 51.5487651 };
    expect(formatMapArea(area)).toBe("-0.2392,51.4612,-0.0398,51.5488");
    const state = searchArea(parse("view=map"), area);
    expect(toSearchParams(state).get("mapArea")).toBe("-0.2392,51.4612,-0.0398,51.5488");
    expect(parse(toSearchParams(state).toString()).mapArea).toEqual({ west: -0.2392, south: 51.4612, east: -0.0398, north: 51.5488 });
  });

  it("ignores a malformed or impossible area", () => {
    for (const bad of ["", "1,2,3", "a,b,c,d", "10,0,5,1", "0,10,1,5", "-190,0,10,1", "0,-91,1,1", "1,2,3,4,5", "1e3,0,2,1"]) {
      expect(parseMapArea(bad), bad).toBeNull();
    }
    expect(parse("mapArea=10,0,5,1").mapArea).toBeNull();
  });

  it("searching the area replaces the typed place; a typed place clears the area", () => {
    const area: MapArea = { west: -88, south: 41.8, east: -87.5, north: 42 };
    const typed = parse("city=Austin&beds=2&page=3&view=map");
    const searched = searchArea(typed, area);
    expect(searched).toMatchObject({ city: "", zipCode: "", query: "", minBedrooms: 2, page: 1, view: "map", mapArea: area });
    expect(applyText(searched, "Chicago").mapArea).toBeNull();
    expect(applyText(searched, "SW1A 1AA").mapArea).toBeNull();
    // The area is a place filter: counted, and cleared with the others.
    expect(activeFilterCount(searched)).toBe(2);
    expect(clearFilters(searched)).toEqual({ ...DEFAULT_SEARCH, view: "map" });
  });

  it("asks for 50 listings and the unplaced count in the map view, and sends the area in every view", () => {
    const map = searchRequest(parse("view=map&mapArea=-1,50,1,52"));
    expect(map).toMatchObject({ pageSize: MAP_PAGE_SIZE, countUnplaced: true, mapArea: { west: -1, south: 50, east: 1, north: 52 } });
    const grid = searchRequest(parse("mapArea=-1,50,1,52"));
    expect(grid).toMatchObject({ pageSize: 12, mapArea: { west: -1, south: 50, east: 1, north: 52 } });
    expect(grid).not.toHaveProperty("countUnplaced");
    expect(searchRequest(parse("city=Austin"))).not.toHaveProperty("mapArea");
  });

  it("goes back to the first page when the page size changes with the view", () => {
    expect(switchView(parse("page=3"), "map")).toMatchObject({ view: "map", page: 1 });
    expect(switchView(parse("page=3&view=map"), "grid")).toMatchObject({ view: "grid", page: 1 });
    expect(switchView(parse("page=3"), "list")).toMatchObject({ view: "list", page: 3 });
  });
});

describe("listings without a position", () => {
  it("are counted in one line, singular or plural, 1,000 and more as 1,000+", () => {
    expect(unplacedText(0)).toBe("");
    expect(unplacedText(1)).toBe("1 listing has no location and is not on the map");
    expect(unplacedText(7)).toBe("7 listings have no location and are not on the map");
    expect(unplacedText(1000)).toBe("1,000+ listings have no location and are not on the map");
  });

  it("are left off the map", () => {
    const placed = makeProperty({ id: 1, latitude: "40.7497", longitude: "-73.9973" });
    const unplaced = makeProperty({ id: 2, latitude: "", longitude: "" });
    const broken = makeProperty({ id: 3, latitude: "95", longitude: "10" });
    expect(placedListings([placed, unplaced, broken]).map((l) => l.id)).toEqual([1]);
  });
});

describe("SearchMapView", () => {
  const properties = [
    makeProperty({ id: 1, title: "Chelsea flat", latitude: "40.7497", longitude: "-73.9973" }),
    makeProperty({ id: 2, title: "Loop loft", latitude: "41.88", longitude: "-87.63" }),
  ];

  function setup(onSearchArea = vi.fn(), unplacedCount = 0) {
    render(
      <AppProviders transport={fakeTransport()} queryClient={createQueryClient()}>
        <MemoryRouter>
          <SearchMapView properties={properties} area={null} unplacedCount={unplacedCount} onSearchArea={onSearchArea} />
        </MemoryRouter>
      </AppProviders>,
    );
    return { onSearchArea, user: userEvent.setup() };
  }

  it("lists the results beside a named map, and says how many are not on it", async () => {
    setup(vi.fn(), 1);
    expect(await screen.findByRole("region", { name: SEARCH_MAP_LABEL })).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Properties" })).getAllByRole("article")).toHaveLength(2);
    expect(screen.getByText("1 listing has no location and is not on the map")).toBeInTheDocument();
  });

  it("highlights the marker of a hovered or focused card, and the card of a hovered marker", async () => {
    const { user } = setup();
    const map = await screen.findByRole("region", { name: SEARCH_MAP_LABEL });
    const cards = screen.getByRole("list", { name: "Properties" }).querySelectorAll(":scope > li");
    await user.hover(cards[1]);
    expect(map).toHaveAttribute("data-highlighted", "2");
    await user.unhover(cards[1]);
    expect(map).toHaveAttribute("data-highlighted", "");
    fireEvent.focus(within(cards[0] as HTMLElement).getAllByRole("link")[0]);
    expect(map).toHaveAttribute("data-highlighted", "1");
    fireEvent.blur(within(cards[0] as HTMLElement).getAllByRole("link")[0]);

    await user.hover(screen.getByRole("button", { name: "marker Loop loft" }));
    expect(cards[1]).toHaveClass("is-highlighted");
    expect(cards[0]).not.toHaveClass("is-highlighted");
  });

  it("offers Search this area once the map has shown an area, and sends it", async () => {
    const { onSearchArea, user } = setup();
    await screen.findByRole("region", { name: SEARCH_MAP_LABEL });
    expect(screen.queryByRole("button", { name: "Search this area" })).not.toBeInTheDocument();
    const area = { west: -88, south: 41.8, east: -87.5, north: 42 };
    act(() => mapCalls.props?.onMove(area));
    await user.click(screen.getByRole("button", { name: "Search this area" }));
    expect(onSearchArea).toHaveBeenCalledWith(area);
  });
});
