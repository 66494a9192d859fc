/**
 * Product analytics (PostHog). Everything here is a no-op unless
 * NEXT_PUBLIC_POSTHOG_KEY is set, so dev, tests and CI send nothing.
 * Page views are captured by `PageViewTracker` because App Router
 * navigations do not reload the page.
 */
import posthog from "posthog-js";
import type { Profile } from "@/lib/auth/client/types";
import { clientEnv } from "@/lib/env-client";

let initialised = false;

function enabled(): boolean {
  return initialised || initAnalytics();
}

/** Starts PostHog once, in the browser, when a key is configured. Returns whether it is on. */
export function initAnalytics(): boolean {
  if (initialised) return true;
  if (!clientEnv.posthogKey || typeof window === "undefined") return false;
  posthog.init(clientEnv.posthogKey, {
    api_host: clientEnv.posthogHost,
    // PageViewTracker sends page views on every App Router navigation.
    capture_pageview: false,
    capture_pageleave: true,
    person_profiles: "identified_only",
  });
  initialised = true;
  return true;
}

export function capturePageView(url: string): void {
  if (!enabled()) return;
  posthog.capture("$pageview", { $current_url: url });
}

export function identifyUser(profile: Profile): void {
  if (!enabled()) return;
  posthog.identify(profile.user_id, {
    email: profile.email,
    name: profile.name,
    plan: profile.plan,
    is_staff: profile.is_staff,
  });
}

export function resetAnalytics(): void {
  if (!enabled()) return;
  posthog.reset();
}
