/**
 * Render props for previewing a layout as it really renders: the layout
 * offered by a one-layout copy of a starter template's version, one scene
 * filled with the sample content (short or long texts, the sample
 * pictures), resolved by the renderer's own resolveRenderProps. The
 * library's thumbnails, the editor's canvas and the animation Player all
 * draw from it. Browser-safe.
 */
import {
  COMPOSITION_SCHEMA_VERSION,
  type CompositionBody,
  type SlotValue,
} from "@/lib/engine/composition/composition-schema";
import type { LayoutBody } from "@/lib/engine/composition/layout-schema";
import { sizeForWidth, type CompositionRatio } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { resolveRenderProps } from "@/lib/engine/composition/resolve";
import {
  SAMPLE_MEDIA,
  STARTER_TEMPLATES,
  sampleValues,
  starterTemplateVersion,
} from "@/lib/engine/composition/starter";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";

export const PREVIEW_LAYOUT_ID = "layout-preview";
export const PREVIEW_STYLES = STARTER_TEMPLATES.map((t) => ({ id: t.id, name: t.name }));
export const DEFAULT_PREVIEW_STYLE = "starter-corporate";

export interface LayoutPreviewInput {
  layout: LayoutBody;
  ratio: CompositionRatio;
  /** Long sample texts (as long as each slot allows) instead of short ones. */
  long?: boolean;
  /** Signed URLs of the sample pictures; without them picture slots stay empty. */
  media?: { photo: string; product: string; logo: string } | null;
  width: number;
  /** The starter template whose style and motion dress the layout. */
  styleId?: string;
  /** How long the scene lasts (the animation preview). */
  durationMs?: number;
  fps?: number;
}

const versions = new Map<string, TemplateVersionBody>();
function styleVersion(id: string): TemplateVersionBody {
  const t = STARTER_TEMPLATES.find((x) => x.id === id) ?? STARTER_TEMPLATES[0]!;
  let v = versions.get(t.id);
  if (!v) versions.set(t.id, (v = starterTemplateVersion(t)));
  return v;
}

export function layoutPreviewProps(input: LayoutPreviewInput): RenderProps {
  const base = styleVersion(input.styleId ?? DEFAULT_PREVIEW_STYLE);
  // The layout's own animations at their own timing: the template's text entrance, stagger and pacing stay out of it.
  const motion = { ...base.motion, enter: "layout" as const, staggerMs: 0, pacing: 1 };
  const templateVersion: TemplateVersionBody = {
    ...base,
    motion,
    layouts: [{ ...input.layout, id: PREVIEW_LAYOUT_ID, version: 1 }],
  };
  const urls: Record<string, string> = input.media
    ? {
        [SAMPLE_MEDIA.photo]: input.media.photo,
        [SAMPLE_MEDIA.product]: input.media.product,
        [SAMPLE_MEDIA.logo]: input.media.logo,
      }
    : {};
  const values: Record<string, SlotValue> = Object.fromEntries(
    Object.entries(sampleValues(input.layout, { long: input.long })).map(([k, v]) => [
      k,
      v.type === "media" && !urls[v.key] ? ({ type: "none" } as const) : v,
    ]),
  );
  const composition: CompositionBody = {
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "studio",
    kind: input.durationMs ? "video" : "design",
    title: input.layout.name,
    aspect_ratio: input.ratio,
    template: { id: "starter-bold", version: 1 },
    scenes: [{ id: "s1", layout_id: PREVIEW_LAYOUT_ID, values, narration: "", duration_ms: input.durationMs ?? 3000 }],
    audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0 } },
    brand: null,
    revision: 0,
  };
  return resolveRenderProps({
    composition,
    templateVersion,
    mediaUrl: (k) => urls[k] ?? "",
    size: sizeForWidth(input.ratio, input.width),
    fps: input.fps,
    estimateMissingNarration: false,
  });
}
