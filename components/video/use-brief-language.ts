"use client";

import { useCallback, useEffect, useState } from "react";

import { findLanguage, languageLabel } from "@/lib/engine/language/languages";

/** The person's last language, for briefs too short to tell (kept in this browser only). */
const LAST_LANGUAGE_KEY = "promptframe.video-language";

function lastLanguage(): string | null {
  try {
    return findLanguage(localStorage.getItem(LAST_LANGUAGE_KEY))?.tag ?? null;
  } catch {
    return null;
  }
}

/**
 * The brief's language as it is written: detected (lib/engine/language/detect.ts,
 * loaded on first use: the detector's tables are large) until the person picks one,
 * with a line saying which.
 */
export function useBriefLanguage(brief: string) {
  const [picked, setPicked] = useState<string | null>(null);
  // The form renders on the client only (its options load there), so localStorage is there to read.
  const [previous] = useState<string | null>(lastLanguage);
  const [found, setDetected] = useState<{ tag: string; by: string } | null>(null);
  const detected = brief.trim() ? found : null;

  useEffect(() => {
    if (!brief.trim()) return;
    let live = true;
    const timer = setTimeout(() => {
      void import("@/lib/engine/language/detect").then(({ detectLanguage }) => {
        if (live) setDetected(detectLanguage(brief, previous));
      });
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [brief, previous]);

  const tag = picked ?? detected?.tag ?? previous ?? "en";
  const hint = picked
    ? "You picked this language: the writer and the voices use it."
    : !detected
      ? "Detected from your brief as you write it."
      : detected.by === "fallback"
        ? "The brief is too short to tell the language; pick it if it is not this one."
        : `Detected from your brief: ${languageLabel(detected.tag)}.`;

  const remember = useCallback(() => {
    try {
      localStorage.setItem(LAST_LANGUAGE_KEY, tag);
    } catch {
      /* private mode: nothing to remember */
    }
  }, [tag]);

  return { tag, hint, pick: setPicked, remember };
}
