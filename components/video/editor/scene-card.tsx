"use client";

import { useId } from "react";
import { ArrowDown, ArrowUp, ChevronRight, CopyPlus, LayoutTemplate, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { RenderScene } from "@/lib/engine/composition/render-props";
import type { ScenePicturePrice } from "@/lib/creation/video/contract";
import { cn } from "@/lib/platform/utils";
import {
  changeLayout,
  durationFromInput,
  durationToInput,
  hasPictureSlot,
  pictureOf,
  sceneSummary,
  setSlotText,
  textOf,
  textSlotsOf,
  type DraftScene,
  type LayoutOption,
} from "./editor-model";
import { SceneImagePanel, type ImagePick } from "./scene-image-panel";

const MAX_NARRATION = 2000;

interface SceneCardProps {
  scene: DraftScene;
  index: number;
  count: number;
  selected: boolean;
  /** The scene as the preview draws it (slots, picture), when loaded. */
  drawn: RenderScene | null;
  /** Frames per second of the preview, to show a scene's automatic length. */
  fps: number;
  layouts: readonly LayoutOption[];
  readOnly: boolean;
  canAdd: boolean;
  onSelect(): void;
  onChange(change: (scene: DraftScene) => DraftScene, field: string): void;
  onMove(by: -1 | 1): void;
  onAdd(): void;
  onRemove(): void;
  onImage(pick: ImagePick): Promise<unknown>;
  /** What a generated picture costs (the options endpoint). */
  picturePrice?: ScenePicturePrice | null;
  /** "Make a post from this scene": a design with this scene's values (absent: no button). */
  onMakePost?(): void;
  makingPost?: boolean;
}

/** One scene of the storyboard: a header to select and move it, and, when selected, every field of it. */
export function SceneCard(props: SceneCardProps) {
  const { scene, index, count, selected, drawn, readOnly } = props;
  const id = useId();
  const n = index + 1;
  const summary = sceneSummary(scene);
  const layout = props.layouts.find((l) => l.id === scene.layout_id) ?? null;
  const layoutName = layout?.name ?? scene.layout_id;
  const slots = textSlotsOf(scene, drawn, layout);
  const seconds = drawn ? (drawn.durationInFrames / props.fps).toFixed(1) : null;

  return (
    <li
      aria-labelledby={`${id}-head`}
      className={cn(
        "rounded-xl border bg-card shadow-xs transition-shadow",
        selected && "border-primary ring-1 ring-primary",
      )}
    >
      <div className="flex items-center gap-1 p-2">
        <button
          id={`${id}-head`}
          type="button"
          data-scene-head={scene.id}
          aria-expanded={selected}
          aria-controls={`${id}-body`}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          onClick={props.onSelect}
          onKeyDown={(e) => {
            if (!e.altKey || readOnly) return;
            if (e.key === "ArrowUp" && index > 0) {
              e.preventDefault();
              props.onMove(-1);
            } else if (e.key === "ArrowDown" && index < count - 1) {
              e.preventDefault();
              props.onMove(1);
            }
          }}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronRight
            aria-hidden="true"
            className={cn("size-4 shrink-0 transition-transform", selected && "rotate-90")}
          />
          <span className="shrink-0 text-sm font-semibold">Scene {n}</span>
          <span className="min-w-0 truncate text-sm text-muted-foreground">{summary || layoutName}</span>
        </button>
        <div className="flex shrink-0 items-center" role="group" aria-label={`Scene ${n} order`}>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move scene ${n} up`}
            disabled={readOnly || index === 0}
            onClick={() => props.onMove(-1)}
          >
            <ArrowUp />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move scene ${n} down`}
            disabled={readOnly || index === count - 1}
            onClick={() => props.onMove(1)}
          >
            <ArrowDown />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove scene ${n}`}
            disabled={readOnly || count <= 1}
            onClick={props.onRemove}
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2 />
          </Button>
        </div>
      </div>

      <div id={`${id}-body`} hidden={!selected} className="space-y-4 border-t p-4">
        {selected ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <label htmlFor={`${id}-layout`} className="text-xs font-medium">
                  Layout
                </label>
                <select
                  id={`${id}-layout`}
                  value={scene.layout_id}
                  disabled={readOnly}
                  onChange={(e) => {
                    const next = props.layouts.find((l) => l.id === e.target.value) ?? {
                      id: e.target.value,
                      name: e.target.value,
                    };
                    props.onChange((s) => changeLayout(s, next), "layout");
                  }}
                  className="flex h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs disabled:opacity-50"
                >
                  {props.layouts.some((l) => l.id === scene.layout_id) ? null : (
                    <option value={scene.layout_id}>{scene.layout_id}</option>
                  )}
                  {props.layouts.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="space-y-1.5">
                <label htmlFor={`${id}-duration`} className="text-xs font-medium">
                  Length in seconds
                </label>
                <Input
                  id={`${id}-duration`}
                  type="number"
                  inputMode="decimal"
                  min={0.5}
                  max={120}
                  step={0.5}
                  placeholder={seconds ? `Auto (${seconds})` : "Auto"}
                  aria-describedby={`${id}-duration-hint`}
                  disabled={readOnly}
                  defaultValue={durationToInput(scene.duration_ms)}
                  key={`${scene.id}-${scene.duration_ms}`}
                  onBlur={(e) => {
                    const ms = durationFromInput(e.target.value);
                    if (ms !== scene.duration_ms) props.onChange((s) => ({ ...s, duration_ms: ms }), "duration");
                  }}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") (e.target as HTMLInputElement).blur();
                  }}
                />
                <p id={`${id}-duration-hint`} className="text-xs text-muted-foreground">
                  Empty: as long as the narration needs.
                </p>
              </div>
            </div>

            {slots.length > 0 ? (
              <fieldset className="space-y-3">
                <legend className="mb-1 text-xs font-medium text-muted-foreground">On-screen text</legend>
                {slots.map((slot) => {
                  const fieldId = `${id}-slot-${slot.id}`;
                  const value = textOf(scene, slot.id);
                  const change = (text: string) =>
                    props.onChange((s) => setSlotText(s, slot.id, text), `text:${scene.id}:${slot.id}`);
                  return (
                    <div key={slot.id} className="space-y-1">
                      <label htmlFor={fieldId} className="text-xs font-medium">
                        {slot.label}
                      </label>
                      {slot.multiline ? (
                        <Textarea
                          id={fieldId}
                          rows={3}
                          maxLength={slot.maxChars ?? 2000}
                          value={value}
                          readOnly={readOnly}
                          onChange={(e) => change(e.target.value)}
                        />
                      ) : (
                        <Input
                          id={fieldId}
                          maxLength={slot.maxChars ?? 2000}
                          value={value}
                          readOnly={readOnly}
                          onChange={(e) => change(e.target.value)}
                        />
                      )}
                    </div>
                  );
                })}
              </fieldset>
            ) : (
              <p className="text-xs text-muted-foreground">This layout has no text: its picture fills the scene.</p>
            )}

            <div className="space-y-1">
              <label htmlFor={`${id}-narration`} className="text-xs font-medium">
                Narration
              </label>
              <Textarea
                id={`${id}-narration`}
                rows={3}
                maxLength={MAX_NARRATION}
                value={scene.narration}
                readOnly={readOnly}
                aria-describedby={`${id}-narration-count`}
                placeholder="What the voice-over says during this scene"
                onChange={(e) => props.onChange((s) => ({ ...s, narration: e.target.value }), `narration:${scene.id}`)}
              />
              <p id={`${id}-narration-count`} className="text-right text-xs text-muted-foreground tabular-nums">
                {scene.narration.length}/{MAX_NARRATION}
              </p>
            </div>

            {hasPictureSlot(scene, drawn) ? (
              <SceneImagePanel
                key={scene.id}
                sceneNumber={n}
                current={pictureOf(drawn)}
                prompt={scene.image_prompt ?? ""}
                disabled={readOnly}
                price={props.picturePrice}
                onPick={props.onImage}
              />
            ) : null}

            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={readOnly || !props.canAdd}
                onClick={props.onAdd}
              >
                <CopyPlus />
                Add a scene after this one
              </Button>
              {props.onMakePost ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={props.makingPost}
                  aria-busy={props.makingPost || undefined}
                  onClick={props.onMakePost}
                >
                  <LayoutTemplate />
                  Make a post from this scene
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
      </div>
    </li>
  );
}
