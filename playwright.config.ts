import { defineConfig } from "@playwright/test";
import { TEST_APP_PORT, TEST_EMULATOR_HOST, testAppEnv } from "./tests/support/test-env";

/**
 * Two projects: `routes` (HTTP-level checks, one request context per role) and
 * `e2e` (Debian's Chromium). With BASE_URL set they run against that
 * deployment; otherwise they start the Auth emulator and a production build.
 */
const deployed = process.env.BASE_URL;
const baseURL = deployed ?? `http://localhost:${TEST_APP_PORT}`;

export default defineConfig({
  testDir: "tests",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries are needed. CI keeps one so that a new flake does not fail the whole run, but a test that passed
  // only on its retry is listed by name at the end of `npm test` (scripts/flaky-tests.mjs reads the JSON report).
  retries: process.env.CI ? 1 : 0,
  // Two workers, one per core (PLAYWRIGHT_WORKERS overrides): a third saturated this 2-core machine and made the
  // suite slower (1,095 s of tests against about 850 s), with render flows timing out. Each worker has its own seed
  // accounts (tests/support/accounts.ts) and the app runs a render per worker.
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: "test-results/results.json" }],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "routes", testDir: "tests/routes" },
    {
      name: "e2e",
      testDir: "tests/e2e",
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: deployed
    ? undefined
    : [
        {
          command: "npx firebase emulators:start --only auth --project demo-promptframe --config firebase.test.json",
          url: `http://${TEST_EMULATOR_HOST}/`,
          reuseExistingServer: true,
          timeout: 120_000,
          stdout: "ignore",
        },
        {
          command: "bash scripts/serve-test-app.sh",
          url: `${baseURL}/api/v1/health`,
          reuseExistingServer: !process.env.CI,
          timeout: 600_000,
          env: testAppEnv,
          stdout: "pipe",
        },
      ],
});
