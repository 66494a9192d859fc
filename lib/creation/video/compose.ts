/**
 * From a plan to a composition, and the edits the editor makes to one:
 * scenes get stable ids, every slot of the layout a value (text from the
 * plan, "none" for pictures still to be made), lengths that add up to the
 * length asked for (a scene still lasts as long as its narration).
 * Browser-safe.
 */
import { randomId } from "./ids";
import {
  COMPOSITION_SCHEMA_VERSION,
  DEFAULT_AUDIO,
  type CompositionBody,
  type Scene,
  type SlotValue,
} from "@/lib/engine/composition/composition-schema";
import type { LayoutSnapshot } from "@/lib/engine/composition/layout-schema";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { Plan } from "./plan";

export function valuesFor(
  layout: LayoutSnapshot,
  texts: ReadonlyMap<string, string>,
  keep: Record<string, SlotValue> = {},
): Record<string, SlotValue> {
  const values: Record<string, SlotValue> = {};
  for (const slot of layout.slots) {
    if (slot.kind === "text") {
      const text =
        texts.get(slot.id) ?? (keep[slot.id]?.type === "text" ? (keep[slot.id] as { text: string }).text : "");
      values[slot.id] = { type: "text", text: text.slice(0, slot.fit.maxChars) };
    } else if (slot.kind === "image" || slot.kind === "logo") {
      const kept = keep[slot.id];
      values[slot.id] = kept?.type === "media" ? kept : { type: "none" };
    }
  }
  return values;
}

export interface ComposeInput {
  plan: Plan;
  ownerId: string;
  aspectRatio: CompositionRatio;
  lengthS: number;
  template: { id: string; version: number; layouts: readonly LayoutSnapshot[] };
  voiceId: string | null;
  captions: boolean;
  musicTrackId: string | null;
  musicVolume: number;
}

export function composeFromPlan(input: ComposeInput): CompositionBody {
  const perScene = Math.max(1500, Math.round((input.lengthS * 1000) / input.plan.scenes.length));
  const scenes: Scene[] = input.plan.scenes.map((s) => {
    const layout = input.template.layouts.find((l) => l.id === s.layout_id) ?? input.template.layouts[0]!;
    return {
      id: randomId(),
      layout_id: layout.id,
      values: valuesFor(layout, new Map(s.texts.map((t) => [t.slot, t.text]))),
      narration: s.narration,
      duration_ms: perScene,
      ...(s.image_prompt ? { image_prompt: s.image_prompt } : {}),
      ...(s.visual_query ? { visual_query: s.visual_query } : {}),
    };
  });
  return {
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: input.ownerId,
    kind: "video",
    title: input.plan.title,
    aspect_ratio: input.aspectRatio,
    template: { id: input.template.id, version: input.template.version },
    scenes,
    audio: {
      ...DEFAULT_AUDIO,
      voice_id: input.voiceId,
      captions: input.captions,
      music: { track_id: input.musicTrackId, volume: input.musicVolume },
    },
    brand: null,
    revision: 0,
  };
}

/**
 * Moves scenes onto another template version: a scene whose layout the new
 * template lacks takes the template's layout in the same position, keeping
 * the texts of slots with the same id and its pictures.
 */
export function retemplate(scenes: readonly Scene[], layouts: readonly LayoutSnapshot[]): Scene[] {
  return scenes.map((scene, i) => {
    const layout = layouts.find((l) => l.id === scene.layout_id) ?? layouts[i % layouts.length]!;
    const texts = new Map(
      Object.entries(scene.values).flatMap(([k, v]) => (v.type === "text" ? [[k, v.text] as const] : [])),
    );
    // Pictures follow to the new layout's picture slot when the ids differ.
    const media = Object.values(scene.values).find((v) => v.type === "media");
    const keep: Record<string, SlotValue> = { ...scene.values };
    const imageSlot = layout.slots.find((s) => s.kind === "image");
    if (media && imageSlot && keep[imageSlot.id]?.type !== "media") keep[imageSlot.id] = media;
    return { ...scene, layout_id: layout.id, values: valuesFor(layout, texts, keep) };
  });
}
