/**
 * Product analytics (PostHog), started only with the person's consent.
 * Everything here is a no-op unless NEXT_PUBLIC_POSTHOG_KEY is set, so dev,
 * tests and CI send nothing and no page downloads the SDK. With a key, the
 * person is asked first (components/observability/consent-prompt.tsx); only
 * after "granted" (consent.ts) is `posthog-js` fetched as its own chunk, once
 * the page is idle (DeferredAnalytics). Calls made before that (identify
 * right after sign-in) are remembered and applied when PostHog starts; a
 * later "denied" opts PostHog out and clears its identity.
 */
import type { PostHog } from "posthog-js";
import type { Profile } from "@/lib/access/auth/types";
import { clientEnv } from "@/lib/platform/env-client";
import { analyticsConsent, type ConsentAnswer, type ConsentStore } from "./consent";

/** The slice of PostHog used here (tests pass a stand-in speaking the same calls). */
export type AnalyticsClient = Pick<
  PostHog,
  "init" | "capture" | "identify" | "reset" | "opt_in_capturing" | "opt_out_capturing"
>;

export interface AnalyticsOptions {
  key: string | null;
  host: string;
  consent: ConsentStore;
  /** Fetches the SDK (a dynamic import in the browser). */
  loadSdk: () => Promise<AnalyticsClient>;
  /** False during a server render. */
  inBrowser: () => boolean;
}

export function createAnalytics(o: AnalyticsOptions) {
  let client: Promise<AnalyticsClient | null> | null = null;
  let pendingIdentity: Profile | null = null;

  const configured = () => o.key !== null && o.inBrowser();
  const allowed = () => configured() && o.consent.read() === "granted";

  function identify(posthog: AnalyticsClient, profile: Profile) {
    posthog.identify(profile.user_id, {
      email: profile.email,
      name: profile.name,
      plan: profile.plan,
      is_staff: profile.is_staff,
    });
  }

  /** Loads and starts PostHog once consent is granted; null when analytics is off, not consented to, or failed to load. */
  function load(): Promise<AnalyticsClient | null> {
    if (!allowed()) return Promise.resolve(null);
    client ??= o
      .loadSdk()
      .then((posthog) => {
        posthog.init(o.key!, {
          api_host: o.host,
          // DeferredAnalytics sends page views on every App Router navigation.
          capture_pageview: false,
          capture_pageleave: true,
          person_profiles: "identified_only",
        });
        if (pendingIdentity) identify(posthog, pendingIdentity);
        return posthog;
      })
      .catch((error: unknown) => {
        console.warn("[analytics] PostHog failed to load; continuing without it", error);
        client = null;
        return null;
      });
    return client;
  }

  /** Resolves once the call was handed to PostHog (at once when analytics is off or not consented to). */
  function withClient(use: (posthog: AnalyticsClient) => void): Promise<void> {
    if (!allowed()) return Promise.resolve();
    return load().then((posthog) => {
      if (posthog && allowed()) use(posthog);
    });
  }

  return {
    /** PostHog is configured here: the person must be asked. */
    configured,
    /** Configured and not yet answered: show the prompt. */
    needsConsent: () => configured() && o.consent.read() === null,
    load,
    /** Records the answer; a "granted" starts PostHog, a "denied" stops one that runs and forgets who it was told about. */
    async setConsent(answer: ConsentAnswer): Promise<void> {
      o.consent.set(answer);
      if (!configured()) return;
      if (answer === "granted") {
        const posthog = await load();
        posthog?.opt_in_capturing();
        return;
      }
      const running = client ? await client : null;
      if (running) {
        running.opt_out_capturing();
        running.reset();
      }
    },
    capturePageView: (url: string) => withClient((posthog) => posthog.capture("$pageview", { $current_url: url })),
    identifyUser(profile: Profile): Promise<void> {
      pendingIdentity = profile;
      return withClient((posthog) => identify(posthog, profile));
    },
    resetAnalytics(): Promise<void> {
      pendingIdentity = null;
      return withClient((posthog) => posthog.reset());
    },
  };
}

const analytics = createAnalytics({
  key: clientEnv.posthogKey,
  host: clientEnv.posthogHost,
  consent: analyticsConsent,
  loadSdk: () => import("posthog-js").then((m) => m.default),
  inBrowser: () => typeof window !== "undefined",
});

export const analyticsConfigured = analytics.configured;
export const analyticsNeedsConsent = analytics.needsConsent;
export const setAnalyticsConsent = analytics.setConsent;
export const loadAnalytics = analytics.load;
export const capturePageView = analytics.capturePageView;
export const identifyUser = analytics.identifyUser;
export const resetAnalytics = analytics.resetAnalytics;
