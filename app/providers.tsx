"use client";

/** Browser-wide providers: the SWR cache, auth state and analytics. */
import { Suspense, useEffect, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { PageViewTracker } from "@/components/observability/page-view-tracker";
import { AuthProvider } from "@/lib/auth/client/auth-provider";
import { initAnalytics } from "@/lib/observability/analytics";
import { ApiClientError } from "@/lib/swr/fetcher";

/** A 4xx will answer the same again; only server and network failures are worth retrying. */
function shouldRetryOnError(error: Error): boolean {
  return !(error instanceof ApiClientError && error.status >= 400 && error.status < 500);
}

export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => {
    initAnalytics();
  }, []);

  return (
    <SWRConfig value={{ shouldRetryOnError }}>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <PageViewTracker />
        </Suspense>
      </AuthProvider>
    </SWRConfig>
  );
}
