/**
 * The slot editor's edits as pure functions over a layout body: moving and
 * resizing a box with snapping (to the canvas edges and centre and to the
 * other slots' edges and centres, with the guide lines to draw), adding and
 * removing slots, z-order. Boxes are fractions of the canvas. Browser-safe.
 */
import type { Box, LayoutBody, LayoutSlot, SlotKind } from "@/lib/engine/composition/layout-schema";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";

/** Snapping distance, as a fraction of the canvas. */
export const SNAP = 0.012;
/** The smallest box the editor makes. */
export const MIN_SIZE = 0.02;

export interface Guides {
  x: number[];
  y: number[];
}

const r4 = (n: number) => Math.round(n * 10000) / 10000;
export const roundBox = (b: Box): Box => ({ x: r4(b.x), y: r4(b.y), w: r4(b.w), h: r4(b.h) });

/** Lines a box edge can snap to: the canvas edges and centre, every other box's edges and centre. */
export function snapLines(others: readonly Box[]): Guides {
  const x = [0, 0.5, 1];
  const y = [0, 0.5, 1];
  for (const o of others) {
    x.push(o.x, o.x + o.w / 2, o.x + o.w);
    y.push(o.y, o.y + o.h / 2, o.y + o.h);
  }
  return { x, y };
}

/** The nearest line to any of `points` within `threshold`: the shift to apply and the line, or null. */
function nearest(
  points: readonly number[],
  lines: readonly number[],
  threshold: number,
): { shift: number; line: number } | null {
  let best: { shift: number; line: number } | null = null;
  for (const p of points) {
    for (const l of lines) {
      const d = l - p;
      if (Math.abs(d) <= threshold && (!best || Math.abs(d) < Math.abs(best.shift))) best = { shift: d, line: l };
    }
  }
  return best;
}

/** A box moved by (dx, dy), its left/centre/right and top/middle/bottom snapped to the nearest line. */
export function moveWithSnap(
  start: Box,
  dx: number,
  dy: number,
  others: readonly Box[],
  threshold = SNAP,
): { box: Box; guides: Guides } {
  const b = { ...start, x: start.x + dx, y: start.y + dy };
  const lines = snapLines(others);
  const sx = nearest([b.x, b.x + b.w / 2, b.x + b.w], lines.x, threshold);
  const sy = nearest([b.y, b.y + b.h / 2, b.y + b.h], lines.y, threshold);
  if (sx) b.x += sx.shift;
  if (sy) b.y += sy.shift;
  return { box: roundBox(b), guides: { x: sx ? [sx.line] : [], y: sy ? [sy.line] : [] } };
}

/** A box resized from its bottom-right corner by (dw, dh), that corner snapped. */
export function resizeWithSnap(
  start: Box,
  dw: number,
  dh: number,
  others: readonly Box[],
  threshold = SNAP,
): { box: Box; guides: Guides } {
  const b = { ...start, w: Math.max(MIN_SIZE, start.w + dw), h: Math.max(MIN_SIZE, start.h + dh) };
  const lines = snapLines(others);
  const sx = nearest([b.x + b.w], lines.x, threshold);
  const sy = nearest([b.y + b.h], lines.y, threshold);
  if (sx && b.w + sx.shift >= MIN_SIZE) b.w += sx.shift;
  if (sy && b.h + sy.shift >= MIN_SIZE) b.h += sy.shift;
  return { box: roundBox(b), guides: { x: sx ? [sx.line] : [], y: sy ? [sy.line] : [] } };
}

/** Keyboard nudging: move by (dx, dy), or with `resize` grow/shrink the box; no snapping. */
export function nudge(b: Box, dx: number, dy: number, resize: boolean): Box {
  return roundBox(
    resize
      ? { ...b, w: Math.max(MIN_SIZE, b.w + dx), h: Math.max(MIN_SIZE, b.h + dy) }
      : { ...b, x: b.x + dx, y: b.y + dy },
  );
}

export function setBox(body: LayoutBody, ratio: CompositionRatio, slotId: string, box: Box): LayoutBody {
  return { ...body, boxes: { ...body.boxes, [ratio]: { ...body.boxes[ratio], [slotId]: box } } };
}

export function updateSlot(body: LayoutBody, slotId: string, patch: (s: LayoutSlot) => LayoutSlot): LayoutBody {
  return { ...body, slots: body.slots.map((s) => (s.id === slotId ? patch(s) : s)) };
}

const FITS: Record<SlotKind, LayoutSlot["fit"]> = {
  text: {
    maxChars: 60,
    minFontPx: 28,
    maxFontPx: 64,
    lineHeight: 1.2,
    align: "left",
    weight: 600,
    uppercase: false,
    objectFit: "cover",
    valign: "middle",
  },
  image: {
    maxChars: 1,
    minFontPx: 10,
    maxFontPx: 10,
    lineHeight: 1,
    align: "center",
    weight: 400,
    uppercase: false,
    objectFit: "cover",
    valign: "middle",
  },
  logo: {
    maxChars: 1,
    minFontPx: 10,
    maxFontPx: 10,
    lineHeight: 1,
    align: "center",
    weight: 400,
    uppercase: false,
    objectFit: "contain",
    valign: "middle",
  },
  shape: {
    maxChars: 1,
    minFontPx: 10,
    maxFontPx: 10,
    lineHeight: 1,
    align: "center",
    weight: 400,
    uppercase: false,
    objectFit: "cover",
    valign: "middle",
  },
};
const ROLE: Record<SlotKind, LayoutSlot["role"]> = { text: "body", image: "media", logo: "logo", shape: "decoration" };
const LABEL: Record<SlotKind, string> = { text: "Text", image: "Image", logo: "Logo", shape: "Shape" };

/** A new slot of the kind, boxed in the middle of every ratio, drawn on top. Returns the body and the new id. */
export function addSlot(body: LayoutBody, kind: SlotKind): { body: LayoutBody; id: string } {
  let n = 1;
  while (body.slots.some((s) => s.id === `${kind}-${n}`)) n++;
  const id = `${kind}-${n}`;
  const top = Math.min(100, Math.max(0, ...body.slots.map((s) => s.z)) + 1);
  const slot: LayoutSlot = {
    id,
    kind,
    role: ROLE[kind],
    label: `${LABEL[kind]} ${n}`,
    required: false,
    fit: { ...FITS[kind] },
    z: top,
    enter: { type: "fade", durationMs: 400, delayMs: 0, easing: "ease-out" },
    exit: null,
    tone: "text",
    surface: kind === "shape" ? "accent" : "none",
    opacity: 1,
  };
  const box: Box = kind === "text" ? { x: 0.2, y: 0.4, w: 0.6, h: 0.12 } : { x: 0.35, y: 0.35, w: 0.3, h: 0.3 };
  const boxes = Object.fromEntries(
    COMPOSITION_RATIOS.map((r) => [r, { ...body.boxes[r], [id]: box }]),
  ) as LayoutBody["boxes"];
  return { body: { ...body, slots: [...body.slots, slot], boxes }, id };
}

export function removeSlot(body: LayoutBody, slotId: string): LayoutBody {
  const boxes = Object.fromEntries(
    COMPOSITION_RATIOS.map((r) => [
      r,
      Object.fromEntries(Object.entries(body.boxes[r] ?? {}).filter(([k]) => k !== slotId)),
    ]),
  ) as LayoutBody["boxes"];
  return { ...body, slots: body.slots.filter((s) => s.id !== slotId), boxes };
}

/** One step up (just over the nearest slot drawn at or above it) or down (just under the nearest at or below it). */
export function moveZ(body: LayoutBody, slotId: string, dir: "up" | "down"): LayoutBody {
  const me = body.slots.find((s) => s.id === slotId);
  if (!me) return body;
  const others = body.slots.filter((s) => s.id !== slotId).map((s) => s.z);
  let z = me.z;
  if (dir === "up") {
    const above = others.filter((o) => o >= me.z);
    if (above.length) z = Math.min(100, Math.min(...above) + 1);
  } else {
    const below = others.filter((o) => o <= me.z);
    if (below.length) z = Math.max(0, Math.max(...below) - 1);
  }
  return updateSlot(body, slotId, (s) => ({ ...s, z }));
}
