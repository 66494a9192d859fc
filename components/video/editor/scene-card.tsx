"use client";

import { useId } from "react";
import { CopyPlus, LayoutTemplate, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { RenderScene } from "@/lib/engine/composition/render-props";
import type { ScenePicturePrice } from "@/lib/creation/video/contract";
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
import { ClipStartField, clipOf, withClipStart } from "./clip-mark";
import { pictureAssetId } from "./scene-candidates";

const MAX_NARRATION = 2000;

interface SceneFieldsProps {
  scene: DraftScene;
  index: number;
  count: number;
  /** The scene as the preview draws it (slots, picture), when loaded. */
  drawn: RenderScene | null;
  /** Frames per second of the preview, to show a scene's automatic length. */
  fps: number;
  layouts: readonly LayoutOption[];
  readOnly: boolean;
  canAdd: boolean;
  onChange(change: (scene: DraftScene) => DraftScene, field: string): void;
  onAdd(): void;
  onRemove(): void;
  onImage(pick: ImagePick): Promise<unknown>;
  /** The video's id: the picture panel offers candidates for the scene. */
  videoId?: string;
  /** What a generated picture costs (the options endpoint). */
  picturePrice?: ScenePicturePrice | null;
  /** "Make a post from this scene": a design with this scene's values (absent: no button). */
  onMakePost?(): void;
  makingPost?: boolean;
}

/** The selected scene's fields: layout, length, on-screen text, narration, picture, and its commands. */
export function SceneFields(props: SceneFieldsProps) {
  const { scene, index, count, drawn, readOnly } = props;
  const id = useId();
  const n = index + 1;
  const summary = sceneSummary(scene);
  const layout = props.layouts.find((l) => l.id === scene.layout_id) ?? null;
  const slots = textSlotsOf(scene, drawn, layout);
  const seconds = drawn ? (drawn.durationInFrames / props.fps).toFixed(1) : null;
  const clip = clipOf(scene);

  return (
    <section
      aria-labelledby={`${id}-head`}
      className="min-w-0 rounded-xl border bg-card shadow-xs"
      data-scene-fields={scene.id}
    >
      <div className="flex items-start gap-2 border-b p-3">
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-head`} className="text-sm font-semibold">
            Scene {n} <span className="font-normal text-muted-foreground">of {count}</span>
          </h2>
          {summary ? <p className="text-xs break-words text-muted-foreground">{summary}</p> : null}
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove scene ${n}`}
          disabled={readOnly || count <= 1}
          onClick={props.onRemove}
          className="shrink-0 text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 />
        </Button>
      </div>

      <div className="space-y-4 p-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="min-w-0 space-y-1.5">
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
          <div className="min-w-0 space-y-1.5">
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
            candidates={props.videoId ? { videoId: props.videoId, sceneId: scene.id } : undefined}
            currentAssetId={pictureAssetId(scene.values)}
            onPick={props.onImage}
          />
        ) : null}
        {clip ? (
          <ClipStartField
            id={`${id}-clip-start`}
            value={clip.value}
            disabled={readOnly}
            onChange={(ms) => props.onChange((s) => withClipStart(s, clip.slotId, ms), `clip-start:${scene.id}`)}
          />
        ) : null}

        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={readOnly || !props.canAdd} onClick={props.onAdd}>
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
      </div>
    </section>
  );
}
