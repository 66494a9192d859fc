"use client";

import { useEffect, useRef } from "react";
import type { PlayerRef } from "@remotion/player";

import { Skeleton } from "@/components/ui/skeleton";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { cssRatio } from "@/components/common/format";
import { LazyPlayer } from "@/components/common/lazy-player";

interface EditorPreviewProps {
  props: RenderProps | null;
  ratio: CompositionRatio;
  /** The scene to show: the preview seeks to it when it changes. */
  sceneId: string | null;
  /** The preview is behind the draft (a save or its refetch is under way). */
  updating: boolean;
  error: string | null;
}

/** The live preview: the saved storyboard in the Remotion Player, held at the selected scene. */
export function EditorPreview({ props, ratio, sceneId, updating, error }: EditorPreviewProps) {
  const player = useRef<PlayerRef | null>(null);
  const scene = props?.scenes.find((s) => s.id === sceneId) ?? null;
  const shape = props ? `${props.width} / ${props.height}` : cssRatio(ratio);
  const target = scene ? scene.from + Math.min(scene.stillFrame, scene.durationInFrames - 1) : null;

  // Seek when the selection (or where that scene now starts) changes; the Player may still be loading, so try a few frames.
  useEffect(() => {
    if (target === null) return;
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
  }, [target]);

  return (
    <section aria-labelledby="preview-title" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="preview-title" className="text-sm font-semibold">
          Preview
        </h2>
        <p role="status" className="text-xs text-muted-foreground">
          {updating ? "Updating the preview…" : ""}
        </p>
      </div>
      <div
        className="mx-auto w-full overflow-hidden rounded-xl border bg-black"
        // Tall videos keep their shape and stay within the screen's height.
        style={{ aspectRatio: shape, maxWidth: `calc(70vh * ${shape})` }}
      >
        {props ? (
          <LazyPlayer
            props={props}
            label="Preview of the storyboard"
            controls
            playerRef={player}
            initialFrame={target ?? 0}
            className="size-full"
            style={{ width: "100%", height: "100%" }}
          />
        ) : error ? (
          <p className="flex size-full items-center justify-center p-4 text-center text-sm text-white/80">{error}</p>
        ) : (
          <Skeleton className="size-full rounded-none" />
        )}
      </div>
    </section>
  );
}
