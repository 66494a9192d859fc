"use client";
/**
 * The storyboard's scene strip: a thumbnail of every scene drawn in the
 * browser from the composition, its number and length, the selected one
 * highlighted. Scenes are reordered with dnd-kit: by mouse (drag a scene),
 * by touch (press and hold, then drag) and by keyboard (Space or Enter on a
 * scene's grip, the arrow keys, Space or Enter again; Escape cancels), with
 * what happens read out to screen readers. Each scene has a length handle
 * (shorter / longer by half a second).
 */
import dynamic from "next/dynamic";
import { Minus, Plus, GripVertical } from "lucide-react";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { RenderProps, RenderScene } from "@/lib/engine/composition/render-props";
import { cn } from "@/lib/platform/utils";
import {
  formatSeconds,
  MAX_SCENE_MS,
  MIN_SCENE_MS,
  sceneLengthMs,
  sceneSummary,
  type DraftScene,
} from "./editor-model";
import { ClipMark, clipLabel, clipLoops, clipOf } from "./clip-mark";

const SceneThumbnail = dynamic(() => import("./scene-thumbnail"), {
  ssr: false,
  loading: () => <Skeleton className="size-full rounded-none" />,
});

/** The thumbnail's box: at most 112 × 80 px, in the video's shape. */
function thumbBox(width: number, height: number): { width: number; height: number } {
  const maxW = 112;
  const maxH = 80;
  return width / height >= maxW / maxH
    ? { width: maxW, height: Math.round((maxW * height) / width) }
    : { width: Math.round((maxH * width) / height), height: maxH };
}

interface StripItemProps {
  scene: DraftScene;
  index: number;
  selected: boolean;
  drawn: RenderScene | null;
  props: RenderProps | null;
  box: { width: number; height: number };
  readOnly: boolean;
  onSelect(): void;
  onNudge(currentMs: number | null, steps: number): void;
}

function StripItem({ scene, index, selected, drawn, props, box, readOnly, onSelect, onNudge }: StripItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: scene.id,
    disabled: readOnly,
  });
  const n = index + 1;
  const fps = props?.fps ?? 30;
  const lengthMs = sceneLengthMs(scene, drawn, fps);
  const length = lengthMs === null ? "…" : formatSeconds(lengthMs);
  const summary = sceneSummary(scene);
  const clip = clipOf(scene);

  return (
    <li
      ref={setNodeRef}
      data-scene-item={scene.id}
      // The whole card drags with a mouse or a held touch; the keyboard uses the grip (the activator).
      {...listeners}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        "relative w-32 shrink-0 rounded-lg border bg-card p-1.5 shadow-xs",
        selected && "border-primary ring-2 ring-primary",
        isDragging && "z-10 opacity-80 shadow-lg",
      )}
    >
      <button
        type="button"
        data-scene-head={scene.id}
        aria-current={selected ? "true" : undefined}
        aria-label={`Scene ${n}, ${length}${clip ? `, ${clipLabel(clip.value, lengthMs)}` : ""}${summary ? `: ${summary}` : ""}`}
        onClick={onSelect}
        className="block w-full rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="relative flex h-20 items-center justify-center overflow-hidden rounded-md bg-muted">
          <span
            className="block overflow-hidden rounded-sm bg-black"
            style={box}
            data-scene-thumbnail={scene.id}
            aria-hidden="true"
          >
            {props && drawn ? (
              <SceneThumbnail
                props={props}
                frame={drawn.from + Math.min(drawn.stillFrame, drawn.durationInFrames - 1)}
              />
            ) : (
              <Skeleton className="size-full rounded-none" />
            )}
          </span>
          {clip ? (
            <ClipMark
              ms={clip.value.clip_duration_ms}
              loops={clipLoops(clip.value, lengthMs)}
              className="absolute bottom-1 left-1"
            />
          ) : null}
        </span>
        <span className="mt-1 flex items-center justify-between gap-1 px-0.5 text-xs" aria-hidden="true">
          <span className="font-semibold">{n}</span>
          <span className="tabular-nums text-muted-foreground" data-scene-length>
            {length}
          </span>
        </span>
      </button>
      <div className="mt-1 flex items-center justify-between">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          aria-label={`Move scene ${n}`}
          disabled={readOnly}
          className="flex size-7 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <div role="group" aria-label={`Scene ${n} length`} className="flex items-center">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Shorten scene ${n}`}
            title="Half a second shorter"
            disabled={readOnly || (lengthMs !== null && lengthMs <= MIN_SCENE_MS)}
            onClick={() => onNudge(lengthMs, -1)}
          >
            <Minus />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Lengthen scene ${n}`}
            title="Half a second longer"
            disabled={readOnly || (lengthMs !== null && lengthMs >= MAX_SCENE_MS)}
            onClick={() => onNudge(lengthMs, 1)}
          >
            <Plus />
          </Button>
        </div>
      </div>
    </li>
  );
}

interface SceneStripProps {
  scenes: readonly DraftScene[];
  selected: string | null;
  /** The saved storyboard as the preview draws it (thumbnails, automatic lengths). */
  props: RenderProps | null;
  readOnly: boolean;
  onSelect(sceneId: string): void;
  /** A scene dropped at a new position. */
  onMove(from: number, to: number): void;
  onNudge(sceneId: string, currentMs: number | null, steps: number): void;
}

export function SceneStrip({ scenes, selected, props, readOnly, onSelect, onMove, onNudge }: SceneStripProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = scenes.map((s) => s.id);
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const box = thumbBox(props?.width ?? 16, props?.height ?? 9);

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up scene ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Scene ${position(active.id)} is over position ${position(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Scene ${position(active.id)} dropped at position ${position(over.id)} of ${ids.length}.`
        : `Scene ${position(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving cancelled. Scene ${position(active.id)} stays where it was.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move a scene, press Space or Enter on its grip, use the left and right arrow keys, then press Space or Enter to drop it there, or Escape to cancel.",
        },
      }}
    >
      <SortableContext items={ids} strategy={horizontalListSortingStrategy}>
        <ol aria-label="Scenes" className="flex gap-2 overflow-x-auto px-1 pt-1 pb-2">
          {scenes.map((scene, index) => (
            <StripItem
              key={scene.id}
              scene={scene}
              index={index}
              selected={scene.id === selected}
              drawn={props?.scenes.find((s) => s.id === scene.id) ?? null}
              props={props}
              box={box}
              readOnly={readOnly}
              onSelect={() => onSelect(scene.id)}
              onNudge={(currentMs, steps) => onNudge(scene.id, currentMs, steps)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
