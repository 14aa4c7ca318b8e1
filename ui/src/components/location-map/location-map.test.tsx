import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LocationMap } from "./location-map";
import { mapTiles } from "./map-tiles";

/** configure writes the meta tags the server adds when a tile server is configured. */
function configure(url: string, attribution: string) {
  for (const [name, content] of [
    ["map-tile-url", url],
    ["map-tile-attribution", attribution],
  ]) {
    const meta = document.createElement("meta");
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
  }
}

afterEach(() => {
  document.head.querySelectorAll('meta[name^="map-tile-"]').forEach((m) => m.remove());
});

const ADDRESS = "347 West 29th Street, Apt 5C, Chelsea, New York, NY 10001, United States";

describe("LocationMap", () => {
  it("draws the world map with a pin when no tile server is configured", () => {
    render(<LocationMap latitude="40.7497" longitude="-73.9973" address={ADDRESS} />);
    expect(screen.getByRole("img", { name: "World map with a pin at 40.7497° N, 73.9973° W" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /Street map/ })).not.toBeInTheDocument();
    expect(screen.getByText(ADDRESS)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=40.7497&mlon=-73.9973#map=16/40.7497/-73.9973",
    );
  });

  it("keeps the drawing, without a pin, when the position is unknown even with tiles", () => {
    configure("https://tiles.example.com/{z}/{x}/{y}.png", "Example");
    render(<LocationMap latitude="" longitude="200" address={ADDRESS} />);
    expect(screen.getByRole("img", { name: "World map; the exact position is not given" })).toBeInTheDocument();
    expect(screen.getByText("The exact position has not been given for this property.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
      "href",
      `https://www.openstreetmap.org/search?query=${encodeURIComponent(ADDRESS)}`,
    );
  });

  it("shows a street map in place of the drawing when tiles are configured and the position known", async () => {
    configure("https://tiles.example.com/{z}/{x}/{y}.png", "&copy; Example Maps");
    render(<LocationMap latitude="40.7497" longitude="-73.9973" address={ADDRESS} />);
    expect(await screen.findByRole("region", { name: `Street map of ${ADDRESS}` })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /World map/ })).not.toBeInTheDocument();
  });
});

describe("mapTiles", () => {
  it("reads the server's settings, or none", () => {
    expect(mapTiles()).toBeNull();
    configure("https://{s}.tiles.example.com/{z}/{x}/{y}.png", '&copy; <a href="https://example.com">Example</a>');
    expect(mapTiles()).toEqual({
      url: "https://{s}.tiles.example.com/{z}/{x}/{y}.png",
      attribution: '&copy; <a href="https://example.com">Example</a>',
    });
  });
});
