"use client";

/**
 * Sends a page view on every App Router navigation. useSearchParams needs a
 * Suspense boundary around this component (see app/providers.tsx).
 */
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { capturePageView } from "@/lib/observability/analytics";

export function PageViewTracker() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = searchParams.toString();

  useEffect(() => {
    if (!pathname) return;
    capturePageView(`${window.location.origin}${pathname}${search ? `?${search}` : ""}`);
  }, [pathname, search]);

  return null;
}
