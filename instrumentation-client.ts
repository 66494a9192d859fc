/**
 * Browser error reporting. Sentry starts only when NEXT_PUBLIC_SENTRY_DSN is
 * set; without it nothing is sent and `reportError` only logs.
 */
import * as Sentry from "@sentry/nextjs";
import { ERROR_TRACING_SAMPLE_RATE } from "@/lib/constants";
import { clientEnv } from "@/lib/env-client";

if (clientEnv.sentryDsn) {
  Sentry.init({
    dsn: clientEnv.sentryDsn,
    tracesSampleRate: ERROR_TRACING_SAMPLE_RATE,
  });
}

export const onRouterTransitionStart = Sentry.captureRouterTransitionStart;
