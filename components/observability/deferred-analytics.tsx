"use client";

/**
 * Starts analytics once the page is idle and sends a page view on every App
 * Router navigation (navigations do not reload the page). Renders nothing; the
 * root layout mounts it only when NEXT_PUBLIC_POSTHOG_KEY is set.
 * useSearchParams needs the Suspense boundary the root layout puts around it.
 */
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { capturePageView, loadAnalytics } from "@/lib/observability/analytics";

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}

export function DeferredAnalytics() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const [ready, setReady] = useState(false);

  useEffect(
    () =>
      whenIdle(() => {
        void loadAnalytics().then(() => setReady(true));
      }),
    [],
  );

  useEffect(() => {
    if (!ready || !pathname) return;
    void capturePageView(`${window.location.origin}${pathname}${search ? `?${search}` : ""}`);
  }, [ready, pathname, search]);

  return null;
}
