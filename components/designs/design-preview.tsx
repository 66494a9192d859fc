"use client";

import { useEffect, useRef } from "react";
import type { PlayerRef } from "@remotion/player";

import { Skeleton } from "@/components/ui/skeleton";
import { LazyPlayer } from "@/components/common/lazy-player";
import { cssRatio } from "@/components/common/format";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";

interface DesignPreviewProps {
  props: RenderProps | null;
  ratio: CompositionRatio;
  /** The page to show, at its still frame (what the export renders). */
  sceneId: string | null;
  pageNumber: number;
  updating: boolean;
  error: string | null;
}

/** The selected page as the export will render it: the Player held at the page's still frame, at the design's real ratio. */
export function DesignPreview({ props, ratio, sceneId, pageNumber, updating, error }: DesignPreviewProps) {
  const player = useRef<PlayerRef | null>(null);
  const scene = props?.scenes.find((s) => s.id === sceneId) ?? props?.scenes[0] ?? null;
  const target = scene ? scene.from + Math.min(scene.stillFrame, scene.durationInFrames - 1) : 0;
  const shape = props ? `${props.width} / ${props.height}` : cssRatio(ratio);

  useEffect(() => {
    let tries = 0;
    let raf = 0;
    const seek = () => {
      if (player.current) {
        player.current.pause();
        player.current.seekTo(target);
      } else if (tries++ < 120) raf = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(raf);
  }, [target, props]);

  return (
    <section aria-labelledby="design-preview-title" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="design-preview-title" className="text-sm font-semibold">
          Page {pageNumber} <span className="font-normal text-muted-foreground">({ratio})</span>
        </h2>
        <p role="status" className="text-xs text-muted-foreground">
          {updating ? "Updating the preview…" : ""}
        </p>
      </div>
      <div
        className="mx-auto w-full overflow-hidden rounded-xl border bg-muted"
        style={{ aspectRatio: shape, maxWidth: `calc(65vh * ${shape})` }}
        data-testid="design-preview"
      >
        {props ? (
          <LazyPlayer
            props={props}
            label={`Preview of page ${pageNumber}`}
            muted
            playerRef={player}
            initialFrame={target}
            className="size-full"
            style={{ width: "100%", height: "100%" }}
          />
        ) : error ? (
          <p className="flex size-full items-center justify-center p-4 text-center text-sm text-muted-foreground">
            {error}
          </p>
        ) : (
          <Skeleton className="size-full rounded-none" />
        )}
      </div>
    </section>
  );
}
