"use client";

import { useState } from "react";

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
  const [kept, setKept] = useState<T>(url);
  const samePath = !!url && !!kept && withoutQuery(url) === withoutQuery(kept);
  // Adjusting state while rendering (React's pattern for values derived from props): no effect, no extra paint.
  if (!samePath && kept !== url) setKept(url);
  return samePath ? kept : url;
}
