/**
 * The starter library as data: layouts, templates and their version 1
 * bodies with full layout snapshots. Browser-safe; seeding is in
 * lib/engine/composition/library.ts.
 */
import { templateVersionBodySchema, type TemplateVersionBody } from "../template-schema";
import { STARTER_LAYOUTS, starterLayout } from "./layouts";
import { STARTER_TEMPLATES, type StarterTemplate } from "./templates";

export { STARTER_LAYOUTS, starterLayout, type StarterLayout } from "./layouts";
export { STARTER_TEMPLATES, type StarterTemplate } from "./templates";
export { SAMPLE_MEDIA, sampleNarration, sampleText, sampleValues, trimToChars } from "./samples";

export const STARTER_VERSION = 1;

/** A starter template's version 1: its style and motion plus snapshots of its layouts. */
export function starterTemplateVersion(t: StarterTemplate): TemplateVersionBody {
  const layouts = t.layoutIds.map((id) => {
    const l = starterLayout(id);
    if (!l) throw new Error(`starter template ${t.id} names unknown layout ${id}`);
    return { ...l, version: STARTER_VERSION };
  });
  return templateVersionBodySchema.parse({ ...t.version, layouts });
}

export function starterTemplate(id: string): StarterTemplate | undefined {
  return STARTER_TEMPLATES.find((t) => t.id === id);
}

export const STARTER_LAYOUT_IDS = STARTER_LAYOUTS.map((l) => l.id);
export const STARTER_TEMPLATE_IDS = STARTER_TEMPLATES.map((t) => t.id);
