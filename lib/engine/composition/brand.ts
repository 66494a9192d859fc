/**
 * Applying a composition's brand snapshot to its template's look: palette,
 * background colours, bundled fonts, and the CSS family and file of a font
 * asset. Only when `brand.apply` is on. Used by resolve.ts (what is drawn)
 * and lib/engine/render/prepare.ts (the pre-rendered background). Pure, browser-safe.
 */
import type { BrandFont, CompositionBody } from "./composition-schema";
import { FONTS } from "./fonts";
import type { TemplateVersionBody } from "./template-schema";

const WHITE = "#ffffff";

/** Relative luminance contrast pick: black or white text on `hex`. */
export function readableOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return l > 0.4 ? "#111111" : WHITE;
}

/** `a` moved towards `b` by `t` (0..1), per channel. */
export function mix(a: string, b: string, t: number): string {
  const ch = (h: string, i: number) => parseInt(h.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(ch(a, i) + (ch(b, i) - ch(a, i)) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function activeBrand(composition: Pick<CompositionBody, "brand">) {
  return composition.brand?.apply ? composition.brand : null;
}

/** The template version as this composition draws it: brand colours and bundled fonts applied. */
export function brandedTemplate(
  tv: TemplateVersionBody,
  composition: Pick<CompositionBody, "brand">,
): TemplateVersionBody {
  const brand = activeBrand(composition);
  if (!brand) return tv;
  const palette = { ...tv.style.palette };
  let background = tv.style.background;
  let captions = tv.captions;
  if (brand.palette) {
    const p = brand.palette;
    Object.assign(palette, {
      accent: p.primary,
      accentText: readableOn(p.primary),
      surface: p.secondary,
      text: p.text,
      background: p.background,
      muted: mix(p.text, p.background, 0.4),
    });
    captions = { ...captions, highlightColor: p.accent, highlightTextColor: readableOn(p.accent) };
    if (background.kind === "solid") background = { ...background, colors: [p.background] };
    else if (background.kind === "pattern")
      background = { ...background, colors: [p.background, ...background.colors.slice(1)] };
    else if (background.kind === "gradient")
      background = { ...background, colors: [p.background, mix(p.background, p.secondary, 0.6)] };
  } else if (brand.colors?.length) {
    if (brand.colors[0]) Object.assign(palette, { accent: brand.colors[0], accentText: readableOn(brand.colors[0]) });
    if (brand.colors[1]) palette.surface = brand.colors[1];
  }
  if (brand.caption_style) {
    const c = brand.caption_style;
    captions = {
      ...captions,
      textColor: c.text_color,
      highlightColor: c.highlight_color,
      highlightTextColor: readableOn(c.highlight_color),
      backgroundColor: c.background_color,
    };
  }
  const fonts = { ...tv.style.fonts };
  if (brand.fonts?.heading?.kind === "bundled") fonts.heading = brand.fonts.heading.id;
  if (brand.fonts?.body?.kind === "bundled") fonts.body = brand.fonts.body.id;
  return { ...tv, style: { ...tv.style, palette, background, fonts }, captions };
}

export interface AssetFontFace {
  /** CSS family the file is registered under: stable per asset, so a replaced file keeps its place. */
  family: string;
  key: string;
}

/** The brand's font assets for headings and body text (bundled ones are in the template already). */
export function brandAssetFonts(composition: Pick<CompositionBody, "brand">): {
  heading: AssetFontFace | null;
  body: AssetFontFace | null;
} {
  const brand = activeBrand(composition);
  const face = (f: BrandFont | undefined): AssetFontFace | null =>
    f?.kind === "asset" ? { family: `pf-font-${f.asset_id}`, key: f.key } : null;
  return { heading: face(brand?.fonts?.heading), body: face(brand?.fonts?.body) };
}

/** The template's uploaded font files as faces (the brand's font assets win over them: see resolve.ts). */
export function templateFontFaces(tv: Pick<TemplateVersionBody, "style">): {
  heading: AssetFontFace | null;
  body: AssetFontFace | null;
} {
  const face = (f: { key: string } | null | undefined): AssetFontFace | null =>
    f ? { family: `pf-tfont-${f.key.replace(/^.*\//, "").replace(/[^A-Za-z0-9_-]/g, "-")}`, key: f.key } : null;
  return { heading: face(tv.style.fontFiles?.heading), body: face(tv.style.fontFiles?.body) };
}

/** CSS font-family for a font asset, falling back to the template font it replaces (whose metrics fit the text). */
export function assetCssFamily(face: AssetFontFace, fallbackId: keyof typeof FONTS): string {
  return `"${face.family}", "${FONTS[fallbackId].family}", ${FONTS[fallbackId].fallback}`;
}
