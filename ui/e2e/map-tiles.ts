import type { Page } from "@playwright/test";

/**
 * The street map's tile server in the browser tests. playwright.config.ts starts a second copy
 * of the server, on the same database, configured with it; the map's tests run against that
 * copy and answer the tile requests themselves (page.route), every other test against the
 * first copy, which draws the offline map.
 */
export const TILES = {
  baseURL: `http://127.0.0.1:${process.env.E2E_TILES_PORT ?? Number(process.env.E2E_PORT ?? "8089") + 1000}`,
  url: "https://tiles.rentproof.test/{z}/{x}/{y}.png",
  host: "https://tiles.rentproof.test",
  attribution: "Map tiles by RentProof test tiles",
};

/** A 1×1 PNG: every tile the fake tile server sends. */
const TILE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==",
  "base64",
);

/** serveTiles answers the page's tile requests, telling onTile each address. */
export function serveTiles(page: Page, onTile: (url: string) => void = () => {}) {
  return page.route(`${TILES.host}/**`, (route) => {
    onTile(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: TILE_PNG });
  });
}
