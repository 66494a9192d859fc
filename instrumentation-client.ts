/**
 * Browser error reporting. Sentry starts only when NEXT_PUBLIC_SENTRY_DSN is
 * set, and then from its own chunk after the page has loaded; without a DSN no
 * page downloads the SDK (this file is part of every page's bundle).
 */
import { ERROR_TRACING_SAMPLE_RATE } from "@/lib/platform/constants";
import { clientEnv } from "@/lib/platform/env-client";
import { disableZodEval } from "@/lib/platform/security/zod-no-eval";

// Before any page code builds a schema: no eval probe for the CSP to report.
disableZodEval();

type SentryModule = typeof import("@sentry/nextjs");
let sentry: SentryModule | null = null;

if (clientEnv.sentryDsn) {
  void import("@sentry/nextjs").then((Sentry) => {
    Sentry.init({ dsn: clientEnv.sentryDsn!, tracesSampleRate: ERROR_TRACING_SAMPLE_RATE });
    sentry = Sentry;
  });
}

export function onRouterTransitionStart(...args: Parameters<SentryModule["captureRouterTransitionStart"]>): void {
  sentry?.captureRouterTransitionStart(...args);
}
