/**
 * Where a generated picture's subject can be seen: the part of the picture
 * that shows through its layout's image slot (the slot crops the picture with
 * a centred `cover`) and that no text or shape drawn above it hides. The
 * full-bleed layout's dark band covers the lower 45% of a 9:16 frame; the
 * split layout shows the middle half of a 9:16 picture. A subject drawn in
 * the middle of the whole picture was half hidden in both.
 *
 * Fractions of the picture, which is made at the composition's ratio (as the
 * render worker makes it). Browser-safe, pure.
 */
import type { Box, LayoutBody } from "./layout-schema";
import { ratioValue, type CompositionRatio } from "./ratios";

type Rect = { left: number; top: number; right: number; bottom: number };

const area = (r: Rect) => Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);
const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The clear part of the picture in the layout's image slot at `ratio`, or null when the whole picture shows (or the
 * layout has no picture). Each cover above the picture takes the larger side of what is left beside it.
 */
export function pictureClearArea(layout: Pick<LayoutBody, "slots" | "boxes">, ratio: CompositionRatio): Box | null {
  const boxes = layout.boxes[ratio];
  const image = layout.slots.find((s) => s.kind === "image");
  const box = image && boxes?.[image.id];
  if (!image || !box) return null;
  // Canvas units: height 1, width = the ratio. The picture has the canvas's ratio, scaled to cover the box, centred.
  const W = ratioValue(ratio);
  const bw = box.w * W;
  const bh = box.h;
  const scale = Math.max(bw / W, bh / 1);
  const pic = { left: box.x * W + (bw - W * scale) / 2, top: box.y + (bh - scale) / 2, w: W * scale, h: scale };
  // What shows: the box, on the canvas.
  let clear: Rect = {
    left: Math.max(box.x * W, 0),
    top: Math.max(box.y, 0),
    right: Math.min((box.x + box.w) * W, W),
    bottom: Math.min(box.y + box.h, 1),
  };
  const covers = layout.slots
    .filter((s) => s.id !== image.id && s.z > image.z && (s.kind === "text" || s.kind === "shape") && boxes[s.id])
    .map((s) => {
      const b = boxes[s.id]!;
      return { left: b.x * W, top: b.y, right: (b.x + b.w) * W, bottom: b.y + b.h };
    });
  for (const c of covers) {
    if (!overlaps(clear, c)) continue;
    const sides: Rect[] = [
      { ...clear, bottom: c.top },
      { ...clear, top: c.bottom },
      { ...clear, right: c.left },
      { ...clear, left: c.right },
    ];
    clear = sides.reduce((best, r) => (area(r) > area(best) ? r : best));
  }
  if (area(clear) <= 0) return null;
  const out = {
    x: (clear.left - pic.left) / pic.w,
    y: (clear.top - pic.top) / pic.h,
    w: (clear.right - clear.left) / pic.w,
    h: (clear.bottom - clear.top) / pic.h,
  };
  const round = (n: number) => Math.round(n * 1000) / 1000;
  // The whole picture shows: nothing to say.
  if (out.x <= 0.005 && out.y <= 0.005 && out.w >= 0.99 && out.h >= 0.99) return null;
  return { x: round(out.x), y: round(out.y), w: round(out.w), h: round(out.h) };
}
