"use client";

import { useEffect, useRef } from "react";

/**
 * Calls `onReach` when the returned sentinel scrolls near the viewport, for
 * infinite lists. A "Load more" button stays beside it for keyboard users.
 */
export function useInfiniteTrigger(input: { enabled: boolean; onReach: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onReach = useRef(input.onReach);
  // The latest value for callbacks, kept after each commit (not written during render).
  useEffect(() => {
    onReach.current = input.onReach;
  });

  useEffect(() => {
    const node = ref.current;
    if (!node || !input.enabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onReach.current();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [input.enabled]);

  return ref;
}
