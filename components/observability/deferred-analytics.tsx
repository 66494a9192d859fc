"use client";

/**
 * Analytics, only with consent: asks once (ConsentPrompt) when the person has
 * not answered, starts PostHog once the page is idle after "Allow", and sends
 * a page view on every App Router navigation (navigations do not reload the
 * page). The root layout mounts it only when NEXT_PUBLIC_POSTHOG_KEY is set.
 * useSearchParams needs the Suspense boundary the root layout puts around it.
 */
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { capturePageView, loadAnalytics, setAnalyticsConsent } from "@/lib/client/observability/analytics";
import { useAnalyticsConsent } from "@/lib/client/observability/use-consent";
import { ConsentPrompt } from "./consent-prompt";

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
  const consent = useAnalyticsConsent();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (consent !== "granted") {
      setReady(false);
      return;
    }
    return whenIdle(() => {
      void loadAnalytics().then((posthog) => setReady(posthog !== null));
    });
  }, [consent]);

  useEffect(() => {
    if (!ready || !pathname) return;
    void capturePageView(`${window.location.origin}${pathname}${search ? `?${search}` : ""}`);
  }, [ready, pathname, search]);

  return consent === null ? <ConsentPrompt onAnswer={(answer) => void setAnalyticsConsent(answer)} /> : null;
}
