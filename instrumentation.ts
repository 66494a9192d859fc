/**
 * Server error reporting for the Node and edge runtimes. Sentry starts only
 * when SENTRY_DSN is set; `onRequestError` is then how Next hands it the
 * errors of server components, route handlers and middleware. First, in
 * Node, the start-up check that emulator mode is served only locally.
 */
import * as Sentry from "@sentry/nextjs";
import { ERROR_TRACING_SAMPLE_RATE } from "@/lib/platform/constants";

export async function register(): Promise<void> {
  // Emulator mode trusts unsigned tokens: refuse to serve it to the network (lib/platform/security/emulator-bind.ts).
  if (process.env.NEXT_RUNTIME === "nodejs")
    (await import("@/lib/platform/security/emulator-guard")).guardEmulatorServing();
  // The store serves the app's registry of collections (lib/registry): the driver layer imports no domain.
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./lib/registry/register");
  // QUEUE_DRIVER=bullmq: the engine opened at start, so the jobs this process creates are announced even when it
  // runs no worker (IN_APP_WORKER=0). A no-op on the embedded driver.
  if (process.env.NEXT_RUNTIME === "nodejs") (await import("@/lib/platform/jobs/driver")).startQueueDriver();
  const dsn = process.env.SENTRY_DSN;
  if (!dsn) return;
  if (process.env.NEXT_RUNTIME === "nodejs" || process.env.NEXT_RUNTIME === "edge") {
    Sentry.init({ dsn, tracesSampleRate: ERROR_TRACING_SAMPLE_RATE });
  }
}

export const onRequestError = Sentry.captureRequestError;
