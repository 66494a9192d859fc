/**
 * The brand kit on the account: a logo (an image or logo asset), five
 * colours and two fonts (a bundled font or a font asset). Templates apply it
 * only when the user asks ("Apply my brand kit" on a video), as a snapshot
 * stored on the composition. Browser-safe.
 *
 *   GET /api/v1/brand-kit -> BrandKitView    PUT /api/v1/brand-kit BrandKitInput -> BrandKitView
 *   PUT /api/v1/videos/{id}/brand { apply, revision } -> VideoView
 */
import { z } from "zod";
import { brandCaptionStyleSchema } from "@/lib/engine/composition/caption-presets";
import { FONT_IDS, fontIdSchema, type FontId } from "@/lib/engine/composition/fonts";
import { hexColorSchema } from "@/lib/engine/composition/template-schema";
import { DOC_ID } from "@/lib/platform/db/ids";

export const BRAND_COLOR_ROLES = ["primary", "secondary", "accent", "text", "background"] as const;
export type BrandColorRole = (typeof BRAND_COLOR_ROLES)[number];

export const brandColorsSchema = z.object({
  primary: hexColorSchema,
  secondary: hexColorSchema,
  accent: hexColorSchema,
  text: hexColorSchema,
  background: hexColorSchema,
});
export type BrandColors = z.infer<typeof brandColorsSchema>;

const assetId = z.string().regex(DOC_ID, "an asset id");

export const brandFontRefSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("bundled"), id: fontIdSchema }),
  z.object({ kind: z.literal("asset"), asset_id: assetId }),
]);
export type BrandFontRef = z.infer<typeof brandFontRefSchema>;

export const brandKitInputSchema = z
  .object({
    logo_asset_id: assetId.nullable(),
    colors: brandColorsSchema,
    fonts: z.object({ heading: brandFontRefSchema, body: brandFontRefSchema }),
    /** How captions look in videos that apply the kit: a preset and its colours; null or absent = each template's own. */
    caption_style: brandCaptionStyleSchema.nullable().optional(),
  })
  .strict();
export type BrandKitInput = z.infer<typeof brandKitInputSchema>;

export const DEFAULT_BRAND_KIT: BrandKitInput = {
  logo_asset_id: null,
  colors: { primary: "#4f46e5", secondary: "#e0e7ff", accent: "#f59e0b", text: "#111827", background: "#ffffff" },
  fonts: { heading: { kind: "bundled", id: "inter" }, body: { kind: "bundled", id: "inter" } },
};

export const brandKitViewSchema = brandKitInputSchema
  .extend({
    /** False until the user saves one (the values are then the defaults). */
    saved: z.boolean(),
    logo: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
    /** Font assets the kit names, with a URL to load them (FontFace) for previews. */
    font_assets: z.array(z.object({ id: z.string(), name: z.string(), family: z.string(), url: z.string() })),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "BrandKit" });
export type BrandKitView = z.infer<typeof brandKitViewSchema>;

export const applyBrandInputSchema = z.object({ apply: z.boolean(), revision: z.number().int().min(0) }).strict();

export const BUNDLED_FONT_IDS: readonly FontId[] = FONT_IDS;

/** WCAG 2 relative luminance and contrast ratio (1..21). */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** AA for body text is 4.5:1. */
export const WCAG_AA_TEXT = 4.5;
