/**
 * One way to report an unexpected error: always to the console, and to
 * Sentry when a DSN is configured. The Sentry SDK is its own chunk, loaded
 * only then (instrumentation-client.ts starts it), so pages without a DSN
 * never download it.
 */
import { clientEnv } from "@/lib/platform/env-client";

export function reportError(error: unknown, context?: string): void {
  console.error(`[${context ?? "error"}]`, error);
  if (!clientEnv.sentryDsn) return;
  void import("@sentry/nextjs")
    .then((Sentry) => {
      if (Sentry.isEnabled()) Sentry.captureException(error, context ? { tags: { context } } : undefined);
    })
    .catch(() => {
      /* reporting must never throw; the console already has it */
    });
}
