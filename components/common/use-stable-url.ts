"use client";

import { useRef } from "react";

function withoutQuery(url: string): string {
  const i = url.indexOf("?");
  return i === -1 ? url : url.slice(0, i);
}

/**
 * Signed media URLs change on every poll (a new signature each answer); the
 * file behind them does not. Keeps the first URL seen for the same path, so
 * posters and videos are not fetched again each second.
 */
export function useStableUrl<T extends string | null | undefined>(url: T): T {
  const kept = useRef<T>(url);
  if (!url || !kept.current || withoutQuery(url) !== withoutQuery(kept.current)) kept.current = url;
  return kept.current;
}
