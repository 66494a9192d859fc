import type { ReactNode } from "react";

import { cn } from "@/lib/platform/utils";

/**
 * A box in the video's own shape: as wide as its column allows, but never
 * taller than `maxHeightVh` of the viewport, so a 9:16 video plays in a 9:16
 * box (narrower, centred) instead of a wide black box with bars beside it.
 * Server-safe (no hooks): the public pages use it without JavaScript.
 */
export function VideoFrame({
  width,
  height,
  maxHeightVh,
  className,
  children,
}: {
  width: number;
  height: number;
  maxHeightVh: number;
  className?: string;
  children: ReactNode;
}) {
  const w = width > 0 ? width : 16;
  const h = height > 0 ? height : 9;
  return (
    <div
      data-testid="video-frame"
      className={cn("mx-auto overflow-hidden rounded-xl bg-black", className)}
      style={{ aspectRatio: `${w} / ${h}`, width: `min(100%, calc(${maxHeightVh}vh * ${w} / ${h}))` }}
    >
      {children}
    </div>
  );
}
