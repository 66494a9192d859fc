/**
 * Props for the Studio and for the compositions' defaults: three scenes of
 * the first starter template with sample text (no pictures: they live in a
 * blob store the Studio cannot reach).
 */
import type { CompositionBody, SlotValue } from "@/lib/engine/composition/composition-schema";
import { COMPOSITION_SCHEMA_VERSION } from "@/lib/engine/composition/composition-schema";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { resolveRenderProps } from "@/lib/engine/composition/resolve";
import { STARTER_TEMPLATES, sampleValues, starterTemplateVersion } from "@/lib/engine/composition/starter";

export function sampleRenderProps(): RenderProps {
  const t = STARTER_TEMPLATES[0]!;
  const tv = starterTemplateVersion(t);
  const textOnly = (v: Record<string, SlotValue>) =>
    Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.type === "text" ? x : ({ type: "none" } as const)]));
  const composition: CompositionBody = {
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "sample",
    kind: "video",
    title: "Sample",
    aspect_ratio: "16:9",
    template: { id: t.id, version: 1 },
    scenes: tv.layouts.slice(1, 4).map((l, i) => ({
      id: `s${i + 1}`,
      layout_id: l.id,
      values: textOnly(sampleValues(l)),
      narration: "",
      duration_ms: 3000,
    })),
    audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.35 } },
    brand: null,
    revision: 0,
  };
  return resolveRenderProps({ composition, templateVersion: tv, mediaUrl: (k) => k, size: "720p" });
}
