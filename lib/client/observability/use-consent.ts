"use client";
/** The analytics consent as React state: re-renders on a change in this tab or another. */
import { useSyncExternalStore } from "react";
import { analyticsConsent, type Consent } from "./consent";

/** The stored answer; `undefined` during the server render and hydration (not known there). */
export function useAnalyticsConsent(): Consent | undefined {
  return useSyncExternalStore(analyticsConsent.subscribe, analyticsConsent.read, () => undefined);
}
