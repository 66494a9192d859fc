/**
 * The environment the local test stack runs with (the app server, the
 * emulator and the fixtures agree on it). Against a deployment (BASE_URL set)
 * none of this is used.
 */
export const TEST_APP_PORT = Number(process.env.TEST_APP_PORT ?? 3100);
export const TEST_EMULATOR_HOST = process.env.TEST_AUTH_EMULATOR_HOST ?? "127.0.0.1:9199";
export const TEST_PROJECT_ID = "demo-promptframe";
export const TEST_ALTERNATE_HOST = "images.localhost";
export const TEST_PREVIEW_PATH = "/p-e2e-preview-7f3a9c2e";

export const testAppEnv: Record<string, string> = {
  FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
  FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  COMPANY_EMAIL_DOMAINS: "promptframe.ai",
  IMAGE_GEN_HOSTS: TEST_ALTERNATE_HOST,
  PUBLIC_PREVIEW_PATH: TEST_PREVIEW_PATH,
  NEXT_DIST_DIR: process.env.TEST_NEXT_DIST_DIR ?? ".next-test",
  NEXT_SKIP_TYPECHECK: "1",
  NEXT_TELEMETRY_DISABLED: "1",
  DATA_DIR: process.env.TEST_DATA_DIR ?? ".data/test",
  PORT: String(TEST_APP_PORT),
  // Videos render at this width in the e2e suite (the real pipeline, a small canvas: 2 cores).
  RENDER_WIDTH: "240",
  // …and at 10 frames a second (same length, sound and captions; a third of the frames).
  RENDER_FPS: "10",
  // Two jobs of a kind at once (one per Playwright worker): one worker's render does not queue behind the
  // other's. Read by the one job runtime's in-app worker start (lib/platform/jobs).
  IN_APP_WORKER_CONCURRENCY: "2",
  // Idle in-app workers look for new jobs every 200 ms (1 s by default): jobs start sooner in the suite.
  WORKER_POLL_MS: "200",
  // The links e2e test serves its saved pages from 127.0.0.1 (private, so refused unless listed).
  URL_FETCH_ALLOW_HOSTS: "127.0.0.1",
  // Every request of the suite comes from 127.0.0.1 and most from the seed accounts: limits 100x the
  // production numbers (still finite); tests/api/rate-limits-api.test.ts checks the limits themselves.
  RATE_LIMIT_FACTOR: "100",
};
