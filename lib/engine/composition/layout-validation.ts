/**
 * Checks on layouts and template versions, pure and reusable (the staff
 * studio shows them while editing; seeding and tests require none of the
 * errors). Errors make a layout unusable; warnings are worth a look.
 * Browser-safe.
 */
import { captionZone, zoneProblems } from "./caption-zone";
import type { Box, LayoutBody, LayoutSlot } from "./layout-schema";
import { metricsMeasure, type MeasureFn } from "./measure";
import { CANVAS_SIZES, COMPOSITION_RATIOS, designScale, type CompositionRatio } from "./ratios";
import { fitSlotText } from "./slot-text";
import type { TemplateVersionBody } from "./template-schema";

export type LayoutIssueCode =
  | "duplicate-slot"
  | "missing-box"
  | "unknown-slot"
  | "off-canvas"
  | "text-overlap"
  | "text-too-small"
  | "box-too-small"
  | "text-capacity"
  | "caption-zone"
  | "unknown-layout";

export interface LayoutIssue {
  code: LayoutIssueCode;
  severity: "error" | "warning";
  message: string;
  ratio?: CompositionRatio;
  slotId?: string;
  otherSlotId?: string;
  layoutId?: string;
}

/** Smallest minimum font size (design units) that reads on a phone; below it is an error. */
export const MIN_READABLE_PX = 18;
export const MIN_LEGIBLE_PX = 12;
const EPS = 0.001;

const onCanvas = (b: Box) => b.x >= -EPS && b.y >= -EPS && b.x + b.w <= 1 + EPS && b.y + b.h <= 1 + EPS;
const fullyOff = (b: Box) => b.x >= 1 || b.y >= 1 || b.x + b.w <= 0 || b.y + b.h <= 0;

/** Overlap of two boxes as a fraction of the smaller one's area (0 = apart). */
export function overlapFraction(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min(a.w * a.h, b.w * b.h);
}

export function validateLayout(layout: LayoutBody): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const ids = new Set<string>();
  for (const s of layout.slots) {
    if (ids.has(s.id))
      issues.push({
        code: "duplicate-slot",
        severity: "error",
        slotId: s.id,
        message: `two slots are called "${s.id}"`,
      });
    ids.add(s.id);
    if (s.kind === "text" && s.fit.minFontPx < MIN_LEGIBLE_PX) {
      issues.push({
        code: "text-too-small",
        severity: "error",
        slotId: s.id,
        message: `"${s.label}" may shrink to ${s.fit.minFontPx}px, which nobody can read`,
      });
    } else if (s.kind === "text" && s.fit.minFontPx < MIN_READABLE_PX) {
      issues.push({
        code: "text-too-small",
        severity: "warning",
        slotId: s.id,
        message: `"${s.label}" may shrink to ${s.fit.minFontPx}px, hard to read on a phone`,
      });
    }
  }
  const textSlots = layout.slots.filter((s) => s.kind === "text");
  for (const ratio of COMPOSITION_RATIOS) {
    const boxes = layout.boxes[ratio] ?? {};
    for (const id of Object.keys(boxes)) {
      if (!ids.has(id))
        issues.push({
          code: "unknown-slot",
          severity: "error",
          ratio,
          slotId: id,
          message: `the ${ratio} boxes name a slot "${id}" the layout does not have`,
        });
    }
    for (const s of layout.slots) {
      const b = boxes[s.id];
      if (!b) {
        issues.push({
          code: "missing-box",
          severity: "error",
          ratio,
          slotId: s.id,
          message: `"${s.label}" has no box in ${ratio}`,
        });
        continue;
      }
      if (s.kind === "image") {
        if (fullyOff(b))
          issues.push({
            code: "off-canvas",
            severity: "error",
            ratio,
            slotId: s.id,
            message: `"${s.label}" is entirely off the ${ratio} canvas`,
          });
      } else if (!onCanvas(b)) {
        issues.push({
          code: "off-canvas",
          severity: s.kind === "shape" ? "warning" : "error",
          ratio,
          slotId: s.id,
          message: `"${s.label}" runs off the ${ratio} canvas`,
        });
      }
      if (s.kind === "text") {
        const size = CANVAS_SIZES["1080p"][ratio];
        const minPx = s.fit.minFontPx * designScale(size) * s.fit.lineHeight;
        if (b.h * size.height < minPx || b.w * size.width < s.fit.minFontPx) {
          issues.push({
            code: "box-too-small",
            severity: "error",
            ratio,
            slotId: s.id,
            message: `"${s.label}" in ${ratio} is too small for one line of its smallest text`,
          });
        }
      }
    }
    const declared = layout.caption_zones?.[ratio];
    if (declared) {
      for (const problem of zoneProblems(layout, ratio, declared))
        issues.push({
          code: "caption-zone",
          severity: "error",
          ratio,
          message:
            problem === "covers-text"
              ? `the caption zone in ${ratio} covers text: captions would sit on the scene's words`
              : `the caption zone in ${ratio} leaves the safe area: the platforms' buttons would cover captions`,
        });
    } else if (!captionZone(layout, ratio).clear) {
      issues.push({
        code: "caption-zone",
        severity: "warning",
        ratio,
        message: `no room for captions in ${ratio}: leave a band free of text inside the safe area, or captions cover text`,
      });
    }
    for (let i = 0; i < textSlots.length; i++) {
      for (let j = i + 1; j < textSlots.length; j++) {
        const a = textSlots[i]!;
        const c = textSlots[j]!;
        const ba = boxes[a.id];
        const bc = boxes[c.id];
        if (ba && bc && overlapFraction(ba, bc) > 0.01) {
          issues.push({
            code: "text-overlap",
            severity: "error",
            ratio,
            slotId: a.id,
            otherSlotId: c.id,
            message: `"${a.label}" and "${c.label}" overlap in ${ratio}`,
          });
        }
      }
    }
  }
  return issues;
}

const FILLER =
  "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua ut enim ad minim veniam quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore";

/** Ordinary text of about `n` characters (words of varied length), for capacity checks. */
export function fillerText(n: number): string {
  let s = "";
  while (s.length < n) s += (s ? " " : "") + FILLER;
  const cut = s.slice(0, n + 1);
  return (cut.lastIndexOf(" ") > 0 ? cut.slice(0, cut.lastIndexOf(" ")) : s.slice(0, n)).trim();
}

/**
 * Can each text slot hold `maxChars` of ordinary text (or the given text) at
 * its smallest size in this style, in every ratio? Fitted exactly as the
 * renderer fits it (slot-text.ts). A "no" means users will see shortened text.
 */
export function checkTextCapacity(input: {
  layout: LayoutBody;
  style: Parameters<typeof fitSlotText>[0]["style"];
  measure?: MeasureFn;
  text?: (slot: LayoutSlot) => string;
}): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const measure = input.measure ?? metricsMeasure;
  for (const ratio of COMPOSITION_RATIOS) {
    const size = CANVAS_SIZES["1080p"][ratio];
    for (const s of input.layout.slots) {
      const b = input.layout.boxes[ratio]?.[s.id];
      if (s.kind !== "text" || !b) continue;
      const box = { x: b.x * size.width, y: b.y * size.height, w: b.w * size.width, h: b.h * size.height };
      const text = input.text ? input.text(s) : fillerText(s.fit.maxChars);
      const { fitted } = fitSlotText({ slot: s, box, text, style: input.style, scale: designScale(size), measure });
      if (fitted.overflow)
        issues.push({
          code: "text-capacity",
          severity: "warning",
          ratio,
          slotId: s.id,
          message: `"${s.label}" cannot hold ${s.fit.maxChars} characters in ${ratio} at its smallest size`,
        });
    }
  }
  return issues;
}

/** Every layout a template version offers, checked on its own and with the version's fonts. */
export function validateTemplateVersion(tv: TemplateVersionBody): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const seen = new Set<string>();
  for (const l of tv.layouts) {
    if (seen.has(l.id))
      issues.push({
        code: "duplicate-slot",
        severity: "error",
        layoutId: l.id,
        message: `layout ${l.id} is offered twice`,
      });
    seen.add(l.id);
    for (const i of [...validateLayout(l), ...checkTextCapacity({ layout: l, style: tv.style })])
      issues.push({ ...i, layoutId: l.id });
  }
  return issues;
}

export const hasErrors = (issues: readonly LayoutIssue[]) => issues.some((i) => i.severity === "error");
