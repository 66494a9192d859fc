/**
 * Where a layout's burned-in captions go, per ratio: a band inside the
 * platforms' safe area (clear of TikTok/Reels/Shorts buttons on the right and
 * the description at the bottom of 9:16, and of the edges elsewhere) that
 * covers none of the layout's text slots. A layout may declare its zones
 * (`caption_zones`); otherwise the zone is derived from its boxes: the tallest
 * free band, nearest the bottom. Captions are laid out inside the zone
 * (resolve.ts), so they never sit on the scene's own words. Browser-safe.
 */
import type { Box, LayoutBody } from "./layout-schema";
import type { CompositionRatio } from "./ratios";

/**
 * The platforms' safe area per ratio, in canvas fractions. 9:16 keeps clear of
 * the right-hand action column (about 16%), the caption/description block at
 * the bottom (about 20%) and the top bar (10%).
 */
export const CAPTION_SAFE_AREA: Record<CompositionRatio, Box> = {
  "9:16": { x: 0.06, y: 0.1, w: 0.78, h: 0.7 },
  "4:5": { x: 0.06, y: 0.06, w: 0.88, h: 0.86 },
  "1:1": { x: 0.06, y: 0.06, w: 0.88, h: 0.86 },
  "16:9": { x: 0.06, y: 0.06, w: 0.88, h: 0.86 },
};

/** One line of captions at the usual size, as a fraction of the height: the least a zone may be. */
export const MIN_CAPTION_ZONE_H: Record<CompositionRatio, number> = {
  "9:16": 0.05,
  "4:5": 0.07,
  "1:1": 0.08,
  "16:9": 0.09,
};

/** Two lines at the usual size: a zone this tall is preferred to a wider or lower one that is not. */
const COMFORT_H: Record<CompositionRatio, number> = { "9:16": 0.1, "4:5": 0.12, "1:1": 0.15, "16:9": 0.16 };

/** The tallest band captions use: more room only spreads them away from the edge. */
const MAX_ZONE_H = 0.22;

/** The narrowest column captions go in, as a fraction of the safe width (beside a picture in a split layout). */
const MIN_COLUMN_W = 0.4;

export interface CaptionZone {
  box: Box;
  /** False when no band of the safe area is free of text: the zone is the least covered one. */
  clear: boolean;
}

/** Boxes that only touch do not overlap (a millionth of the canvas is rounding, not overlap). */
const E = 1e-6;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.w - E && b.x < a.x + a.w - E && a.y < b.y + b.h - E && b.y < a.y + a.h - E;

function textBoxes(layout: Pick<LayoutBody, "slots" | "boxes">, ratio: CompositionRatio): Box[] {
  const boxes = layout.boxes[ratio] ?? {};
  return layout.slots.flatMap((s) => (s.kind === "text" && boxes[s.id] ? [boxes[s.id]!] : []));
}

/** Whether a zone lies inside the ratio's safe area and covers none of the layout's text slots. */
export function zoneProblems(
  layout: Pick<LayoutBody, "slots" | "boxes">,
  ratio: CompositionRatio,
  zone: Box,
): ("outside-safe-area" | "covers-text")[] {
  const safe = CAPTION_SAFE_AREA[ratio];
  const e = 1e-6;
  const out: ("outside-safe-area" | "covers-text")[] = [];
  if (
    zone.x < safe.x - e ||
    zone.y < safe.y - e ||
    zone.x + zone.w > safe.x + safe.w + e ||
    zone.y + zone.h > safe.y + safe.h + e
  )
    out.push("outside-safe-area");
  if (textBoxes(layout, ratio).some((t) => overlaps(zone, t))) out.push("covers-text");
  return out;
}

/** The free vertical stretches of a column [x0, x1] of the safe area: what no text slot covers. */
function freeBands(safe: Box, x0: number, x1: number, texts: readonly Box[]): { y: number; h: number }[] {
  const taken = texts
    .filter((t) => t.x < x1 - E && x0 < t.x + t.w - E)
    .map((t) => [Math.max(safe.y, t.y), Math.min(safe.y + safe.h, t.y + t.h)] as const)
    .filter(([a, b]) => b > a)
    .sort((p, q) => p[0] - q[0]);
  const bands: { y: number; h: number }[] = [];
  let at = safe.y;
  for (const [a, b] of taken) {
    if (a > at) bands.push({ y: at, h: a - at });
    at = Math.max(at, b);
  }
  if (safe.y + safe.h > at) bands.push({ y: at, h: safe.y + safe.h - at });
  return bands;
}

/**
 * The zone derived from the layout's boxes. Candidates are free bands of the
 * full safe width and of the columns beside text (a split layout's picture
 * half); the best has room for two lines, then is widest, then lowest.
 */
export function deriveCaptionZone(layout: Pick<LayoutBody, "slots" | "boxes">, ratio: CompositionRatio): CaptionZone {
  const safe = CAPTION_SAFE_AREA[ratio];
  const texts = textBoxes(layout, ratio);
  const min = MIN_CAPTION_ZONE_H[ratio];
  const right = safe.x + safe.w;
  const edges = [
    ...new Set([safe.x, right, ...texts.flatMap((t) => [t.x, t.x + t.w]).filter((x) => x > safe.x && x < right)]),
  ].sort((a, b) => a - b);
  let best: { box: Box; score: [number, number, number] } | null = null;
  for (const x0 of edges) {
    for (const x1 of edges) {
      if (x1 - x0 < MIN_COLUMN_W * safe.w - 1e-9) continue;
      for (const band of freeBands(safe, x0, x1, texts)) {
        if (band.h < min - 1e-9) continue;
        const h = Math.min(band.h, MAX_ZONE_H);
        // A tall band keeps its captions at its lower end.
        const y = band.y + band.h - h;
        const score: [number, number, number] = [band.h >= COMFORT_H[ratio] - 1e-9 ? 1 : 0, x1 - x0, y + h];
        const better =
          !best ||
          score[0] > best.score[0] ||
          (score[0] === best.score[0] &&
            (score[1] > best.score[1] + 1e-9 ||
              (Math.abs(score[1] - best.score[1]) <= 1e-9 && score[2] > best.score[2])));
        if (better) best = { box: { x: x0, y, w: x1 - x0, h }, score };
      }
    }
  }
  if (best) return { box: best.box, clear: true };
  // No free band: the bottom of the safe area, one line tall, covering as little as possible.
  const candidates = [safe.y + safe.h - min, safe.y, safe.y + (safe.h - min) / 2];
  const cover = (y: number) =>
    texts.reduce((sum, t) => {
      const w = Math.min(right, t.x + t.w) - Math.max(safe.x, t.x);
      const v = Math.min(y + min, t.y + t.h) - Math.max(y, t.y);
      return sum + (w > 0 && v > 0 ? w * v : 0);
    }, 0);
  const y = candidates.reduce((a, b) => (cover(b) < cover(a) ? b : a));
  return { box: { x: safe.x, y, w: safe.w, h: min }, clear: false };
}

/** The layout's caption zone for a ratio: the declared one, else the derived one. */
export function captionZone(
  layout: Pick<LayoutBody, "slots" | "boxes" | "caption_zones">,
  ratio: CompositionRatio,
): CaptionZone {
  const declared = layout.caption_zones?.[ratio];
  if (declared) return { box: declared, clear: zoneProblems(layout, ratio, declared).length === 0 };
  return deriveCaptionZone(layout, ratio);
}
