/**
 * The four aspect ratios a composition can have and the canvas sizes each is
 * rendered at. Sizes are even (H.264 needs even dimensions). Browser-safe.
 *
 * Design units: layout font sizes and radii are given for a canvas whose
 * SHORT side is 1080 px (1080×1920, 1080×1080, 1080×1350, 1920×1080) and are
 * scaled by `designScale` to the canvas actually rendered, so a 720p or a
 * 256 px preview looks like a scaled-down 1080p frame.
 */
import { z } from "zod";

export const COMPOSITION_RATIOS = ["9:16", "1:1", "4:5", "16:9"] as const;
export type CompositionRatio = (typeof COMPOSITION_RATIOS)[number];
export const compositionRatioSchema = z.enum(COMPOSITION_RATIOS);

export const RENDER_QUALITIES = ["1080p", "720p"] as const;
export type RenderQuality = (typeof RENDER_QUALITIES)[number];

export interface CanvasSize {
  width: number;
  height: number;
}

export const CANVAS_SIZES: Record<RenderQuality, Record<CompositionRatio, CanvasSize>> = {
  "1080p": {
    "9:16": { width: 1080, height: 1920 },
    "1:1": { width: 1080, height: 1080 },
    "4:5": { width: 1080, height: 1350 },
    "16:9": { width: 1920, height: 1080 },
  },
  "720p": {
    "9:16": { width: 720, height: 1280 },
    "1:1": { width: 720, height: 720 },
    "4:5": { width: 720, height: 900 },
    "16:9": { width: 1280, height: 720 },
  },
};

/** Width ÷ height. */
export function ratioValue(ratio: CompositionRatio): number {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  return w / h;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** A canvas of the ratio with the given width (previews, tests): both sides even. */
export function sizeForWidth(ratio: CompositionRatio, width: number): CanvasSize {
  return { width: even(width), height: even(width / ratioValue(ratio)) };
}

/** The canvas for a quality, or for an explicit preview width. */
export function canvasSize(ratio: CompositionRatio, quality: RenderQuality | { width: number } = "1080p"): CanvasSize {
  return typeof quality === "string" ? CANVAS_SIZES[quality][ratio] : sizeForWidth(ratio, quality.width);
}

/** The base of design units: a canvas whose short side is 1080. */
export const DESIGN_SHORT_SIDE = 1080;

/** Multiply design units by this to get canvas pixels. */
export function designScale(size: CanvasSize): number {
  return Math.min(size.width, size.height) / DESIGN_SHORT_SIDE;
}

/** The ratio a canvas size belongs to (nearest), e.g. to check a size passed with a ratio. */
export function ratioOfSize(size: CanvasSize): CompositionRatio {
  const r = size.width / size.height;
  let best: CompositionRatio = "1:1";
  for (const c of COMPOSITION_RATIOS) if (Math.abs(ratioValue(c) - r) < Math.abs(ratioValue(best) - r)) best = c;
  return best;
}
