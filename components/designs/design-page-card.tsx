"use client";

import { useId } from "react";
import { ChevronRight, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import {
  changeLayout,
  hasPictureSlot,
  pictureOf,
  sceneSummary,
  setSlotText,
  textOf,
  textSlotsOf,
  type DraftScene,
  type LayoutOption,
} from "@/components/video/editor/editor-model";
import { SceneImagePanel, type ImagePick } from "@/components/video/editor/scene-image-panel";
import type { RenderScene } from "@/lib/engine/composition/render-props";
import type { ScenePicturePrice } from "@/lib/creation/video/contract";
import { cn } from "@/lib/platform/utils";

interface DesignPageCardProps {
  scene: DraftScene;
  index: number;
  count: number;
  selected: boolean;
  drawn: RenderScene | null;
  layouts: readonly LayoutOption[];
  readOnly: boolean;
  onSelect(): void;
  onChange(change: (scene: DraftScene) => DraftScene): void;
  onRemove(): void;
  onImage(pick: ImagePick): Promise<unknown>;
  /** What a generated picture costs (the options endpoint); null while loading. */
  picturePrice?: ScenePicturePrice | null;
}

/** One page of a design: its layout, its texts and its picture (the storyboard's scene fields without narration and length). */
export function DesignPageCard(props: DesignPageCardProps) {
  const { scene, index, selected, drawn, readOnly } = props;
  const id = useId();
  const n = index + 1;
  const layout = props.layouts.find((l) => l.id === scene.layout_id) ?? null;
  const slots = textSlotsOf(scene, drawn, layout);
  return (
    <li
      aria-labelledby={`${id}-head`}
      className={cn("rounded-xl border bg-card shadow-xs", selected && "border-primary ring-1 ring-primary")}
    >
      <div className="flex items-center gap-1 p-2">
        <button
          id={`${id}-head`}
          type="button"
          aria-expanded={selected}
          aria-controls={`${id}-body`}
          onClick={props.onSelect}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronRight
            aria-hidden="true"
            className={cn("size-4 shrink-0 transition-transform", selected && "rotate-90")}
          />
          <span className="shrink-0 text-sm font-semibold">Page {n}</span>
          <span className="min-w-0 truncate text-sm text-muted-foreground">
            {sceneSummary(scene) || layout?.name || scene.layout_id}
          </span>
        </button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove page ${n}`}
          disabled={readOnly || props.count <= 1}
          onClick={props.onRemove}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 />
        </Button>
      </div>
      <div id={`${id}-body`} hidden={!selected} className="space-y-4 border-t p-4">
        {selected ? (
          <>
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
                  props.onChange((s) => changeLayout(s, next));
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
            {slots.length > 0 ? (
              <fieldset className="space-y-3">
                <legend className="mb-1 text-xs font-medium text-muted-foreground">Text</legend>
                {slots.map((slot) => {
                  const fieldId = `${id}-slot-${slot.id}`;
                  const change = (text: string) => props.onChange((s) => setSlotText(s, slot.id, text));
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
                          value={textOf(scene, slot.id)}
                          readOnly={readOnly}
                          onChange={(e) => change(e.target.value)}
                        />
                      ) : (
                        <Input
                          id={fieldId}
                          maxLength={slot.maxChars ?? 2000}
                          value={textOf(scene, slot.id)}
                          readOnly={readOnly}
                          onChange={(e) => change(e.target.value)}
                        />
                      )}
                    </div>
                  );
                })}
              </fieldset>
            ) : (
              <p className="text-xs text-muted-foreground">This layout has no text: its picture fills the page.</p>
            )}
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
          </>
        ) : null}
      </div>
    </li>
  );
}
