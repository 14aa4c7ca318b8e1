/**
 * The street map's tile server in the browser tests. playwright.config.ts starts a second copy
 * of the server, on the same database, configured with it; the map's tests run against that
 * copy and answer the tile requests themselves (page.route), every other test against the
 * first copy, which draws the offline map.
 */
export const TILES = {
  baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "8089") + 1000}`,
  url: "https://tiles.rentproof.test/{z}/{x}/{y}.png",
  host: "https://tiles.rentproof.test",
  attribution: "Map tiles by RentProof test tiles",
};
