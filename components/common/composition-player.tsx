"use client";
/**
 * A composition in @remotion/player. Heavy (the Player and the composition
 * code): load it through lazy-player.tsx, never import it directly, so the
 * screens' first bundle stays free of it.
 */
import type { CSSProperties, RefObject } from "react";
import { Player, type PlayerRef } from "@remotion/player";

import { VideoComposition, videoDurationInFrames, type RenderProps } from "@/remotion/player";

export interface CompositionPlayerProps {
  props: RenderProps;
  /** What the preview shows, for screen readers ("Preview of the Bold template"). */
  label: string;
  controls?: boolean;
  autoPlay?: boolean;
  loop?: boolean;
  /** Leaves narration and music out (silent previews). */
  muted?: boolean;
  initialFrame?: number;
  className?: string;
  style?: CSSProperties;
  /** The Player's handle (seek, play, pause); a prop because next/dynamic does not forward refs. */
  playerRef?: RefObject<PlayerRef | null>;
}

export default function CompositionPlayer({
  props,
  label,
  controls = false,
  autoPlay = false,
  loop = false,
  muted = false,
  initialFrame,
  className,
  style,
  playerRef,
}: CompositionPlayerProps) {
  const duration = videoDurationInFrames(props);
  return (
    <div role="group" aria-roledescription="video preview" aria-label={label} className={className}>
      <Player
        ref={playerRef}
        component={VideoComposition}
        inputProps={{ ...props, muted }}
        durationInFrames={duration}
        fps={props.fps}
        compositionWidth={props.width}
        compositionHeight={props.height}
        controls={controls}
        autoPlay={autoPlay}
        loop={loop}
        initiallyMuted={muted}
        initialFrame={initialFrame !== undefined ? Math.min(Math.max(0, initialFrame), duration - 1) : undefined}
        clickToPlay={controls}
        spaceKeyToPlayOrPause={controls}
        style={{ width: "100%", aspectRatio: `${props.width} / ${props.height}`, ...style }}
      />
    </div>
  );
}
