import { defineConfig, devices } from "@playwright/test";
import { TILES } from "./e2e/map-tiles";

// Browser tests run against the real server binary on a fresh database:
// `make test-e2e` (scripts/e2e.sh) builds everything, creates the database and sets
// E2E_DATABASE_URL, E2E_PORT, E2E_TILES_PORT, E2E_SERVER_BIN and E2E_OUTPUT_DIR (each run its own,
// so runs at once never clear each other's traces).
const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) {
  throw new Error("E2E_DATABASE_URL is not set: run `make test-e2e`");
}
const port = process.env.E2E_PORT ?? "8089";
const baseURL = `http://127.0.0.1:${port}`;

const serverEnv = {
  DATABASE_URL: databaseUrl,
  // Every test registers accounts and files reports from 127.0.0.1: lift the daily limits per network and account.
  LIMIT_REGISTRATIONS_PER_NETWORK: "10000",
  LIMIT_REPORTS_PER_ACCOUNT: "10000",
  LIMIT_REPORTS_PER_NETWORK: "10000",
  // Mail goes to the test Mailpit that scripts/e2e.sh started; the tests read it (e2e/mailpit.ts).
  ...(process.env.MAILPIT_SMTP_URL ? { SMTP_URL: process.env.MAILPIT_SMTP_URL } : {}),
};
const serverOutput = {
  // The server logs every request; set E2E_SERVER_LOGS=1 to see them.
  stdout: process.env.E2E_SERVER_LOGS ? "pipe" : "ignore",
  stderr: process.env.E2E_SERVER_LOGS ? "pipe" : "ignore",
} as const;

export default defineConfig({
  testDir: "./e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  // The list, then each failure in brief as the last lines (e2e/failure-summary.ts).
  reporter: [["list"], ["./e2e/failure-summary.ts"]],
  // A minute a test: on the 2-core machine of 2026-11-28, idle but for the suite, axe's analysis
  // alone took 25 s of an accessibility check and such checks ran 32–38 s (30 s failed them).
  timeout: 60_000,
  // 20 s for a page's data to show: in CI on 2026-11-28 three tests waited out 10 s for a page
  // that came later, while both workers and the server shared two slow cores.
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    // Debian's chromium; never `npx playwright install` (it downloads a browser).
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: process.env.E2E_SERVER_BIN ?? "../bin/rentproof",
      env: { ...serverEnv, ADDR: `127.0.0.1:${port}` },
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      ...serverOutput,
    },
    {
      // The street map's server (e2e/map-tiles.ts).
      command: process.env.E2E_SERVER_BIN ?? "../bin/rentproof",
      // The first server seeds the database before it answers /readyz; this one only reads it.
      env: {
        ...serverEnv,
        ADDR: TILES.baseURL.replace("http://", ""),
        SEED_DEMO: "false",
        MAP_TILE_URL: TILES.url,
        MAP_TILE_ATTRIBUTION: TILES.attribution,
      },
      url: `${TILES.baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      ...serverOutput,
    },
  ],
});
