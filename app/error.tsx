"use client";

import { useEffect } from "react";

import { ErrorScreen } from "@/components/error-screen";
import { reportError } from "@/lib/client/observability/report-error";

/**
 * Errors below the root layout. "Refresh Page" reloads fully (the spec's
 * recovery, which also re-fetches code chunks that failed to load) rather than
 * using Next's segment retry.
 */
export default function ErrorPage({ error }: { error: unknown; retry: () => void; reset: () => void }) {
  useEffect(() => {
    reportError(error);
  }, [error]);

  return <ErrorScreen />;
}
