/**
 * Sample compositions of a template version (whatever is being edited, saved
 * or not): one scene per layout with the starter sample texts, short or as
 * long as each slot allows. Used by the checks, the live previews and
 * /remotion-test. Pure, browser-safe.
 */
import {
  COMPOSITION_SCHEMA_VERSION,
  DEFAULT_AUDIO,
  type CompositionBody,
} from "@/lib/engine/composition/composition-schema";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { resolveRenderPropsDetailed, type ResolveWarning } from "@/lib/engine/composition/resolve";
import { sampleNarration, sampleValues } from "@/lib/engine/composition/starter";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";

export const SAMPLE_LENGTHS = ["short", "long"] as const;
export type SampleLength = (typeof SAMPLE_LENGTHS)[number];

export interface SampleInput {
  templateId: string;
  version: number;
  body: TemplateVersionBody;
  ratio: CompositionRatio;
  /** The layouts to show, one scene each (default: every layout of the version). */
  layoutIds?: readonly string[];
  sample?: SampleLength;
  /** Scene length, ms (default 2400); null = timed from the narration (with `narration`). */
  sceneMs?: number | null;
  /** Adds a line of narration per scene (timing only: no audio is made). */
  narration?: boolean;
}

export function sampleComposition(input: SampleInput): CompositionBody {
  const ids = input.layoutIds && input.layoutIds.length > 0 ? input.layoutIds : input.body.layouts.map((l) => l.id);
  const long = input.sample === "long";
  const scenes = ids.map((id, i) => {
    const layout = input.body.layouts.find((l) => l.id === id);
    return {
      id: `s${i + 1}`,
      layout_id: id,
      values: layout ? sampleValues(layout, { long }) : {},
      narration: input.narration ? sampleNarration(i) : "",
      duration_ms: input.sceneMs === null ? null : (input.sceneMs ?? 2400),
    };
  });
  return {
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "system",
    kind: "video",
    title: "Sample",
    aspect_ratio: input.ratio,
    template: { id: input.templateId, version: input.version },
    scenes,
    audio: { ...DEFAULT_AUDIO, captions: false },
    brand: null,
    revision: 0,
  };
}

/** Player props of the sample (`mediaUrl` turns the sample pictures' blob keys into URLs the browser can load). */
export function sampleProps(input: SampleInput & { width: number; mediaUrl: (key: string) => string }): {
  props: RenderProps;
  warnings: ResolveWarning[];
} {
  const composition = sampleComposition(input);
  const height = Math.max(2, Math.round(input.width / ratioNumber(input.ratio) / 2) * 2);
  return resolveRenderPropsDetailed({
    composition,
    templateVersion: input.body,
    mediaUrl: input.mediaUrl,
    size: { width: Math.round(input.width / 2) * 2, height },
    estimateMissingNarration: !!input.narration,
  });
}

function ratioNumber(r: CompositionRatio): number {
  const [w, h] = r.split(":").map(Number) as [number, number];
  return w / h;
}
