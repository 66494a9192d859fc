/**
 * Product analytics (PostHog). Everything here is a no-op unless
 * NEXT_PUBLIC_POSTHOG_KEY is set, so dev, tests and CI send nothing and no
 * page downloads the SDK. With a key, `posthog-js` is its own chunk, fetched
 * when the first call needs it: `DeferredAnalytics` makes that call once the
 * page is idle, so analytics never delays a page becoming interactive. Calls
 * made before it has loaded (identify right after sign-in) wait for it.
 */
import type { PostHog } from "posthog-js";
import type { Profile } from "@/lib/auth/client/types";
import { clientEnv } from "@/lib/env-client";

let client: Promise<PostHog | null> | null = null;

export function analyticsEnabled(): boolean {
  return clientEnv.posthogKey !== null && typeof window !== "undefined";
}

/** Loads and starts PostHog once; resolves to null when analytics is off or failed to load. */
export function loadAnalytics(): Promise<PostHog | null> {
  if (!analyticsEnabled()) return Promise.resolve(null);
  client ??= import("posthog-js")
    .then(({ default: posthog }) => {
      posthog.init(clientEnv.posthogKey!, {
        api_host: clientEnv.posthogHost,
        // DeferredAnalytics sends page views on every App Router navigation.
        capture_pageview: false,
        capture_pageleave: true,
        person_profiles: "identified_only",
      });
      return posthog;
    })
    .catch((error: unknown) => {
      console.warn("[analytics] PostHog failed to load; continuing without it", error);
      return null;
    });
  return client;
}

/** Resolves once the call was handed to PostHog (at once when analytics is off). */
function withClient(use: (posthog: PostHog) => void): Promise<void> {
  if (!analyticsEnabled()) return Promise.resolve();
  return loadAnalytics().then((posthog) => {
    if (posthog) use(posthog);
  });
}

export function capturePageView(url: string): Promise<void> {
  return withClient((posthog) => posthog.capture("$pageview", { $current_url: url }));
}

export function identifyUser(profile: Profile): Promise<void> {
  return withClient((posthog) =>
    posthog.identify(profile.user_id, {
      email: profile.email,
      name: profile.name,
      plan: profile.plan,
      is_staff: profile.is_staff,
    }),
  );
}

export function resetAnalytics(): Promise<void> {
  return withClient((posthog) => posthog.reset());
}
