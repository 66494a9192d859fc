"use client";
/**
 * /templates-pipeline/{id}/animation: scene transitions, pacing, easing,
 * how slots enter, image motion and the music mood of the draft, with the
 * whole sample video (every layout once) in the Player, updated as the
 * controls move.
 */
import { useState } from "react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { ANIMATION_TYPES, EASINGS } from "@/lib/engine/composition/layout-schema";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import {
  IMAGE_MOTIONS,
  MUSIC_MOODS,
  TRANSITIONS,
  type TemplateMotion,
  type TemplateMusic,
} from "@/lib/engine/composition/template-schema";
import { RangeField, SelectField, labelled } from "./fields";
import { RatioPicker } from "./ratio-picker";
import { SamplePlayer } from "./sample-player";
import { SaveBar } from "./save-bar";
import { TemplateNav } from "./template-nav";
import { useTemplateEdit } from "./use-template-edit";

export function AnimationEditor({ id }: { id: string }) {
  const e = useTemplateEdit(id);
  const [ratio, setRatio] = useState<CompositionRatio>("16:9");
  if (e.error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The template could not be loaded</AlertTitle>
        <AlertDescription>{e.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!e.data || !e.body) return <Skeleton aria-label="Loading the animation" className="h-96 w-full" />;
  const d = e.data;
  const { motion, music } = e.body;
  const setMotion = (c: Partial<TemplateMotion>) => e.edit((b) => ({ ...b, motion: { ...b.motion, ...c } }));
  const setMusic = (c: Partial<TemplateMusic>) => e.edit((b) => ({ ...b, music: { ...b.music, ...c } }));
  return (
    <div className="space-y-4">
      <TemplateNav id={id} current="/animation" />
      <SaveBar
        dirty={e.dirty}
        saving={e.saving}
        error={e.saveError}
        savedAt={e.savedAt}
        draftVersion={d.draft.version}
        onReset={e.reset}
        onSave={() => e.save((b) => ({ motion: b.motion, music: b.music }))}
      />
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <form className="space-y-6" aria-label="Animation" onSubmit={(ev) => ev.preventDefault()}>
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold">Scene transitions</legend>
            <SelectField
              label="Transition"
              value={motion.transition}
              options={labelled(TRANSITIONS)}
              onChange={(v) => setMotion({ transition: v })}
            />
            <RangeField
              label="Transition length"
              value={motion.transitionMs}
              min={0}
              max={2000}
              step={50}
              onChange={(v) => setMotion({ transitionMs: v })}
              format={(v) => `${v} ms`}
            />
            <SelectField
              label="Easing"
              value={motion.easing}
              options={labelled(EASINGS)}
              onChange={(v) => setMotion({ easing: v })}
            />
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold">Pacing</legend>
            <RangeField
              label="Pace"
              value={motion.pacing}
              min={0.5}
              max={2}
              step={0.05}
              onChange={(v) => setMotion({ pacing: v })}
              format={(v) =>
                v < 0.95 ? `brisk ×${v.toFixed(2)}` : v > 1.05 ? `leisurely ×${v.toFixed(2)}` : `×${v.toFixed(2)}`
              }
            />
            <SelectField
              label="Text slots enter with"
              value={motion.enter}
              options={[{ value: "layout", label: "Each layout's own animation" }, ...labelled(ANIMATION_TYPES)]}
              onChange={(v) => setMotion({ enter: v as TemplateMotion["enter"] })}
            />
            <RangeField
              label="Stagger between slots"
              value={motion.staggerMs}
              min={0}
              max={1000}
              step={10}
              onChange={(v) => setMotion({ staggerMs: v })}
              format={(v) => `${v} ms`}
            />
            <SelectField
              label="Image motion"
              value={motion.imageMotion}
              options={labelled(IMAGE_MOTIONS)}
              onChange={(v) => setMotion({ imageMotion: v })}
              hint="Moving pictures change every frame, so they cost render time."
            />
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold">Music</legend>
            <SelectField
              label="Music mood"
              value={music.mood}
              options={labelled(MUSIC_MOODS)}
              onChange={(v) => setMusic({ mood: v })}
            />
            <RangeField
              label="Music volume"
              value={music.volume}
              min={0}
              max={1}
              step={0.01}
              onChange={(v) => setMusic({ volume: v })}
              format={(v) => `${Math.round(v * 100)}%`}
            />
            <RangeField
              label="Volume under narration"
              value={music.duckedVolume}
              min={0}
              max={1}
              step={0.01}
              onChange={(v) => setMusic({ duckedVolume: v })}
              format={(v) => `${Math.round(v * 100)}%`}
            />
          </fieldset>
        </form>
        <section aria-labelledby="anim-preview" className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="anim-preview" className="text-base font-semibold">
              Sample video: every layout once ({e.body.layouts.length} scenes)
            </h2>
            <RatioPicker value={ratio} onChange={setRatio} label="Preview aspect ratio" />
          </div>
          <div className="mx-auto" style={{ maxWidth: ratio === "16:9" ? 720 : ratio === "1:1" ? 480 : 380 }}>
            <SamplePlayer
              templateId={id}
              version={d.draft.version}
              body={e.body}
              ratio={ratio}
              sampleMedia={d.sample_media}
              width={480}
              mode="controls"
              sceneMs={null}
              label={`Sample video of the draft in ${ratio}`}
            />
          </div>
          <p className="text-xs text-muted-foreground">
            Scenes are timed from sample narration with this pacing; the preview is silent (music is mixed in renders).
          </p>
        </section>
      </div>
    </div>
  );
}
