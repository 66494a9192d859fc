/**
 * Every blob key a composition's render (or Player preview) will fetch, so
 * the caller can sign them all up front: resolveRenderProps takes a
 * synchronous key -> URL function. Pure, browser-safe.
 */
import type { CompositionBody } from "./composition-schema";
import type { TemplateVersionBody } from "./template-schema";

export function collectMediaKeys(
  composition: CompositionBody,
  templateVersion?: Pick<TemplateVersionBody, "style">,
): string[] {
  const keys = new Set<string>();
  for (const scene of composition.scenes) {
    for (const v of Object.values(scene.values))
      if (v.type === "media") {
        keys.add(v.key);
        if (v.poster_key) keys.add(v.poster_key);
      }
    if (scene.voice) keys.add(scene.voice.key);
  }
  const brand = composition.brand?.apply ? composition.brand : null;
  if (brand?.logo_key) keys.add(brand.logo_key);
  for (const f of [brand?.fonts?.heading, brand?.fonts?.body]) if (f?.kind === "asset") keys.add(f.key);
  const bg = templateVersion?.style.background;
  if (bg?.kind === "image" && bg.image_key) keys.add(bg.image_key);
  // The template's uploaded fonts, unless the brand's own fonts replace them.
  const files = templateVersion?.style.fontFiles;
  if (files?.heading && brand?.fonts?.heading?.kind !== "asset") keys.add(files.heading.key);
  if (files?.body && brand?.fonts?.body?.kind !== "asset") keys.add(files.body.key);
  return [...keys];
}

/** A blob key the composition itself holds, with the path of the field that holds it (as an API issue names it). */
export interface CompositionMediaRef {
  key: string;
  path: string;
  /** The scene's index for scene values and narration; null for the brand. */
  scene: number | null;
}

/**
 * Every blob key stored in the composition (scene pictures and clips, scene
 * narration, the brand's logo and font files, applied or not), one entry per
 * field. The template's own media is not here: it belongs to the template.
 */
export function compositionMediaRefs(composition: Pick<CompositionBody, "scenes" | "brand">): CompositionMediaRef[] {
  const out: CompositionMediaRef[] = [];
  composition.scenes.forEach((scene, i) => {
    for (const [slot, v] of Object.entries(scene.values))
      if (v.type === "media") {
        out.push({ key: v.key, path: `scenes.${i}.values.${slot}`, scene: i });
        if (v.poster_key) out.push({ key: v.poster_key, path: `scenes.${i}.values.${slot}.poster_key`, scene: i });
      }
    if (scene.voice) out.push({ key: scene.voice.key, path: `scenes.${i}.voice.key`, scene: i });
  });
  const brand = composition.brand;
  if (brand?.logo_key) out.push({ key: brand.logo_key, path: "brand.logo_key", scene: null });
  for (const role of ["heading", "body"] as const) {
    const f = brand?.fonts?.[role];
    if (f?.kind === "asset") out.push({ key: f.key, path: `brand.fonts.${role}.key`, scene: null });
  }
  return out;
}

/** The blob keys a template version brings itself: its background picture and its uploaded font files. */
export function templateMediaKeys(templateVersion: Pick<TemplateVersionBody, "style">): string[] {
  const keys: string[] = [];
  const bg = templateVersion.style.background;
  if (bg.kind === "image" && bg.image_key) keys.push(bg.image_key);
  const files = templateVersion.style.fontFiles;
  if (files?.heading) keys.push(files.heading.key);
  if (files?.body) keys.push(files.body.key);
  return keys;
}
