"use client";
/**
 * A template version's sample drawn in the browser: the props are resolved
 * here from the (possibly unsaved) version body, so every edit shows at once.
 * "still" holds each scene at its settled frame; "loop" plays muted while
 * `active`; "controls" is the full Player with its controls.
 */
import { useEffect, useMemo, useRef } from "react";
import type { PlayerRef } from "@remotion/player";

import { LazyPlayer } from "@/components/common/lazy-player";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";
import { sampleProps, type SampleLength } from "@/lib/studio/templates/sample";

export interface SamplePlayerProps {
  templateId: string;
  version: number;
  body: TemplateVersionBody;
  ratio: CompositionRatio;
  layoutIds?: readonly string[];
  sample?: SampleLength;
  /** Canvas width the props are resolved at (the Player scales it to its box). */
  width?: number;
  sampleMedia: Record<string, string>;
  mode: "still" | "loop" | "controls";
  /** For "loop": play while true. */
  active?: boolean;
  label: string;
  className?: string;
  /** Scene length in ms; null = timed from sample narration (and the template's pacing). */
  sceneMs?: number | null;
}

export function SamplePlayer({
  templateId,
  version,
  body,
  ratio,
  layoutIds,
  sample = "short",
  width = 360,
  sampleMedia,
  mode,
  active = false,
  label,
  className,
  sceneMs,
}: SamplePlayerProps) {
  const result = useMemo(() => {
    try {
      return {
        ok: true as const,
        ...sampleProps({
          templateId,
          version,
          body,
          ratio,
          layoutIds,
          sample,
          width,
          mediaUrl: (k) => sampleMedia[k] ?? "",
          ...(sceneMs === null ? { sceneMs: null, narration: true } : sceneMs ? { sceneMs } : {}),
        }),
      };
    } catch (e) {
      return { ok: false as const, message: e instanceof Error ? e.message : "This sample does not resolve." };
    }
  }, [templateId, version, body, ratio, layoutIds, sample, width, sampleMedia, sceneMs]);
  const player = useRef<PlayerRef | null>(null);
  const stillFrame = result.ok ? (result.props.scenes[0]?.from ?? 0) + (result.props.scenes[0]?.stillFrame ?? 0) : 0;
  useEffect(() => {
    const p = player.current;
    if (!p || mode !== "loop") return;
    if (active) p.play();
    else {
      p.pause();
      p.seekTo(stillFrame);
    }
  }, [active, mode, stillFrame]);
  if (!result.ok) {
    return (
      <p
        role="note"
        className="flex size-full items-center justify-center bg-destructive/10 p-2 text-center text-xs text-destructive"
      >
        {result.message}
      </p>
    );
  }
  return (
    <LazyPlayer
      props={result.props}
      label={label}
      controls={mode === "controls"}
      loop={mode !== "still"}
      muted
      autoPlay={mode === "controls"}
      playerRef={player}
      initialFrame={stillFrame}
      className={className}
    />
  );
}
