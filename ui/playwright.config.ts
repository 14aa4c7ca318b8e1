import { defineConfig, devices } from "@playwright/test";

// Browser tests run against the real server binary on a fresh database:
// `make test-e2e` (scripts/e2e.sh) builds everything, creates the database and sets
// E2E_DATABASE_URL, E2E_PORT and E2E_SERVER_BIN.
const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) {
  throw new Error("E2E_DATABASE_URL is not set: run `make test-e2e`");
}
const port = process.env.E2E_PORT ?? "8089";
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
  webServer: {
    command: process.env.E2E_SERVER_BIN ?? "../bin/rentproof",
    env: {
      DATABASE_URL: databaseUrl,
      ADDR: `127.0.0.1:${port}`,
      // Every test registers accounts and files reports from 127.0.0.1: lift the daily limits per network and account.
      LIMIT_REGISTRATIONS_PER_NETWORK: "10000",
      LIMIT_REPORTS_PER_ACCOUNT: "10000",
      LIMIT_REPORTS_PER_NETWORK: "10000",
    },
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The server logs every request; set E2E_SERVER_LOGS=1 to see them.
    stdout: process.env.E2E_SERVER_LOGS ? "pipe" : "ignore",
    stderr: process.env.E2E_SERVER_LOGS ? "pipe" : "ignore",
  },
});
