/** Display sizes for images whose file has not loaded yet, so grids do not jump. */
import { sizeForAspectRatio } from "@/lib/platform/ai/aspect-ratios";
import type { AspectRatio } from "@/lib/media/images/schema";

export function aspectStyle(ratio: AspectRatio | string): { aspectRatio: string } {
  const [w, h] = ratio.split(":");
  return { aspectRatio: `${Number(w) || 1} / ${Number(h) || 1}` };
}

/** The `width`/`height` attributes of an <img>: recorded pixels when known, else the ratio's standard size. */
export function imageBox(input: { aspectRatio: AspectRatio; width?: number | null; height?: number | null }): {
  width: number;
  height: number;
} {
  if (input.width && input.height) return { width: input.width, height: input.height };
  return sizeForAspectRatio(input.aspectRatio);
}
