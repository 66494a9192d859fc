/**
 * Every blob key a composition's render (or Player preview) will fetch, so
 * the caller can sign them all up front: resolveRenderProps takes a
 * synchronous key -> URL function. Pure, browser-safe.
 */
import type { CompositionBody } from "./composition-schema";
import type { TemplateVersionBody } from "./template-schema";

export function collectMediaKeys(composition: CompositionBody, templateVersion?: Pick<TemplateVersionBody, "style">): string[] {
  const keys = new Set<string>();
  for (const scene of composition.scenes) {
    for (const v of Object.values(scene.values)) if (v.type === "media") keys.add(v.key);
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
