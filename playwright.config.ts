import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// A spec's own world (its app and database, started inside the test worker) runs on the
// PostgreSQL CI provides: an embedded database there would share the worker's event loop with
// the browser it drives (three journey specs: 4.3 min → 3.7 min, a third less CPU). The shared
// demo server stays on the embedded database the README's start command uses.
if (process.env.TEST_DATABASE_URL) process.env.TEST_DB_KIND ??= "postgres";

// Debian's Chromium, launched with the flags this sandboxed machine needs.
const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-quic",
    "--no-first-run",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // A journey with two browsers and a server on two shared cores runs about three times slower
  // than alone (the admin two-factor journey: 17 s alone, over 60 s in CI's first minute).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // DOM snapshots only: the screencast cost a tenth of the run's CPU, on every passing test.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions },
      // Hailing happens out and about: the client hails and the creators accept on phones, and
      // a creator's device gets the push. Those journeys run at phone size only.
      testIgnore: ["hail.spec.ts", "push.spec.ts"],
      grepInvert: /@phone-only/,
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions },
      // Every screen is checked at phone size (navigation, content) and the journeys whose phone
      // screens differ run again here. The other journeys run once, each party at the size
      // people use it: clients on phones (delivery, reviews), creators and staff at desks.
      testIgnore: [
        "admin-decisions.spec.ts",
        "back-office.spec.ts",
        "bookings.spec.ts",
        "calendars.spec.ts",
        "creator-pipeline.spec.ts",
        "delivery.spec.ts",
        "notifications.spec.ts",
        "payouts.spec.ts",
        "presence.spec.ts",
        "reviews.spec.ts",
        "schedule.spec.ts",
        "staff-sign-in.spec.ts",
      ],
      // Single journeys of the files that run at both sizes, tagged (e2e/support/sizes.ts).
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
