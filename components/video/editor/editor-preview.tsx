"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { PlayerRef } from "@remotion/player";

import { Skeleton } from "@/components/ui/skeleton";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { cssRatio } from "@/components/common/format";
import { LazyPlayer } from "@/components/common/lazy-player";
import { cn } from "@/lib/platform/utils";
import type { TextSlot } from "./editor-model";

interface EditorPreviewProps {
  props: RenderProps | null;
  ratio: CompositionRatio;
  /** The scene to show: the preview seeks to it when it changes. */
  sceneId: string | null;
  /** The preview is behind the draft (a save or its refetch is under way). */
  updating: boolean;
  error: string | null;
  /** The selected scene's text slots, editable in place on the preview. */
  textSlots?: readonly TextSlot[];
  /** A slot's text in the draft (what the editor starts from). */
  textOf?(slotId: string): string;
  onEditText?(slotId: string, text: string): void;
  readOnly?: boolean;
}

interface Spot {
  slot: TextSlot;
  /** Percent of the canvas. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The height of the Player's control bar, kept free of the text buttons. */
const CONTROLS_PX = 48;

/** Where an empty text (not drawn) is edited: a band across the middle. */
const FALLBACK = { left: 8, top: 40, width: 84, height: 20 };

/** The box the text is edited in over the preview: the slot's box, at least big enough to type in. */
function InPlaceEditor({ spot, initial, onDone }: { spot: Spot; initial: string; onDone(text: string | null): void }) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const finish = (text: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(text);
  };
  const common = {
    value,
    "aria-label": `${spot.slot.label} (Enter saves, Escape cancels)`,
    maxLength: spot.slot.maxChars ?? 2000,
    autoFocus: true,
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
    onBlur: () => finish(value),
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        finish(null);
      } else if (e.key === "Enter" && !(spot.slot.multiline && e.shiftKey)) {
        e.preventDefault();
        finish(value);
      }
    },
    className:
      "absolute z-20 min-h-10 min-w-32 resize-none rounded-md border-2 border-primary bg-background/95 p-1.5 text-sm text-foreground shadow-lg outline-none",
    style: {
      left: `${Math.min(spot.left, 60)}%`,
      top: `${Math.min(spot.top, 80)}%`,
      width: `${spot.width}%`,
      height: `${spot.height}%`,
      maxWidth: `${100 - Math.min(spot.left, 60)}%`,
    },
  };
  return spot.slot.multiline ? <textarea {...common} /> : <input type="text" {...common} />;
}

/** The live preview: the saved storyboard in the Remotion Player, held at the selected scene. */
export function EditorPreview({
  props,
  ratio,
  sceneId,
  updating,
  error,
  textSlots = [],
  textOf,
  onEditText,
  readOnly = false,
}: EditorPreviewProps) {
  const player = useRef<PlayerRef | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [frame, setFrame] = useState<number | null>(null);
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

  // Follow the Player: the texts are editable on the preview while it is paused on the selected scene.
  const hasPlayer = props !== null;
  useEffect(() => {
    if (!hasPlayer) return;
    let raf = 0;
    let tries = 0;
    let detach = () => {};
    const attach = () => {
      const p = player.current;
      if (!p) {
        if (tries++ < 240) raf = requestAnimationFrame(attach);
        return;
      }
      const onPlay = () => setPlaying(true);
      const onPause = () => setPlaying(false);
      const onFrame = (e: { detail: { frame: number } }) => setFrame(e.detail.frame);
      p.addEventListener("play", onPlay);
      p.addEventListener("pause", onPause);
      p.addEventListener("ended", onPause);
      p.addEventListener("frameupdate", onFrame);
      p.addEventListener("seeked", onFrame);
      setPlaying(p.isPlaying());
      setFrame(p.getCurrentFrame());
      detach = () => {
        p.removeEventListener("play", onPlay);
        p.removeEventListener("pause", onPause);
        p.removeEventListener("ended", onPause);
        p.removeEventListener("frameupdate", onFrame);
        p.removeEventListener("seeked", onFrame);
      };
    };
    attach();
    return () => {
      cancelAnimationFrame(raf);
      detach();
    };
  }, [hasPlayer]);

  const onScene =
    scene !== null &&
    !playing &&
    (frame === null || (frame >= scene.from && frame < scene.from + scene.durationInFrames));
  const spots: Spot[] = props
    ? textSlots.map((slot) => {
        const drawnSlot = scene?.slots.find((s) => s.id === slot.id && s.kind === "text" && s.text);
        if (!drawnSlot) return { slot, ...FALLBACK };
        const b = drawnSlot.box;
        return {
          slot,
          left: (b.x / props.width) * 100,
          top: (b.y / props.height) * 100,
          width: (b.w / props.width) * 100,
          height: (b.h / props.height) * 100,
        };
      })
    : [];
  const editingSpot = spots.find((s) => s.slot.id === editing) ?? null;
  const canEdit = Boolean(onEditText && textOf) && !readOnly && onScene;

  const focusSpot = useCallback((slotId: string) => {
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-edit-slot="${CSS.escape(slotId)}"]`)?.focus(),
    );
  }, []);

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
        className="relative mx-auto w-full overflow-hidden rounded-xl border bg-black"
        // Tall videos keep their shape and stay within the screen's height.
        style={{ aspectRatio: shape, maxWidth: `calc(70vh * ${shape})` }}
      >
        {props ? (
          <>
            <LazyPlayer
              props={props}
              label="Preview of the storyboard"
              controls
              playerRef={player}
              initialFrame={target ?? 0}
              className="size-full"
              style={{ width: "100%", height: "100%" }}
            />
            {canEdit
              ? spots
                  .filter((s) => s.slot.id !== editing)
                  .map((s) => (
                    <button
                      key={s.slot.id}
                      type="button"
                      data-edit-slot={s.slot.id}
                      aria-label={`Edit ${s.slot.label.toLowerCase()}`}
                      title={`Edit ${s.slot.label.toLowerCase()}`}
                      onClick={() => setEditing(s.slot.id)}
                      className={cn(
                        "absolute z-10 cursor-text rounded-sm outline-offset-0 hover:outline-2 hover:outline-dashed hover:outline-white/80 focus-visible:outline-2 focus-visible:outline-primary focus-visible:outline-solid",
                      )}
                      // Clear of the Player's control bar at the bottom, so play and seek stay reachable.
                      style={{
                        left: `${s.left}%`,
                        top: `${s.top}%`,
                        width: `${s.width}%`,
                        height: `max(12px, min(${s.height}%, calc(100% - ${s.top}% - ${CONTROLS_PX}px)))`,
                      }}
                    />
                  ))
              : null}
            {canEdit && editingSpot && textOf ? (
              <InPlaceEditor
                key={`${sceneId}-${editingSpot.slot.id}`}
                spot={editingSpot}
                initial={textOf(editingSpot.slot.id)}
                onDone={(text) => {
                  const slotId = editingSpot.slot.id;
                  setEditing(null);
                  if (text !== null && text !== textOf(slotId)) onEditText?.(slotId, text);
                  focusSpot(slotId);
                }}
              />
            ) : null}
          </>
        ) : error ? (
          <p className="flex size-full items-center justify-center p-4 text-center text-sm text-white/80">{error}</p>
        ) : (
          <Skeleton className="size-full rounded-none" />
        )}
      </div>
      {canEdit && spots.length > 0 ? (
        <p className="text-xs text-muted-foreground">Click a text on the preview to edit it there.</p>
      ) : null}
    </section>
  );
}
