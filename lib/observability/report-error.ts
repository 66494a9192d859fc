/**
 * One way to report an unexpected error: always to the console, and to
 * Sentry when it has been initialised (a DSN is configured).
 */
import * as Sentry from "@sentry/nextjs";

export function reportError(error: unknown, context?: string): void {
  console.error(`[${context ?? "error"}]`, error);
  if (Sentry.isEnabled()) {
    Sentry.captureException(error, context ? { tags: { context } } : undefined);
  }
}
