/**
 * How a slot's text is fitted under a template's style: which font and
 * weight, the size range scaled to the canvas, and the room the slot's
 * surface padding and the headline treatment take. Shared by resolve.ts
 * (what is drawn) and layout-validation.ts (capacity checks), so the check
 * and the drawing can never disagree. Pure, browser-safe.
 */
import { fitText, type FitTextResult } from "./fit-text";
import { nearestWeight, type FontId } from "./fonts";
import type { LayoutSlot, SlotRole } from "./layout-schema";
import type { FontSpec, MeasureFn } from "./measure";
import type { PxBox } from "./render-props";
import type { TemplateStyle, TextTreatment } from "./template-schema";

export const HEADING_ROLES: ReadonlySet<SlotRole> = new Set(["headline", "quote", "stat", "price"]);

export interface SlotTextFit {
  fitted: FitTextResult;
  fontId: FontId;
  font: FontSpec;
  treatment: TextTreatment;
  /** Inner padding (slots with a surface or a box treatment), px. */
  paddingPx: number;
}

type StyleForText = Pick<
  TemplateStyle,
  "fonts" | "typeScale" | "spacing" | "textTreatment" | "letterSpacing" | "headingWeight"
>;

export function slotPadding(style: Pick<TemplateStyle, "spacing">, scale: number, box: PxBox): number {
  return Math.min(style.spacing * scale, box.w * 0.2, box.h * 0.25);
}

export function fitSlotText(input: {
  slot: LayoutSlot;
  box: PxBox;
  text: string;
  style: StyleForText;
  scale: number;
  measure: MeasureFn;
}): SlotTextFit {
  const { slot, box, style, scale } = input;
  const heading = HEADING_ROLES.has(slot.role);
  const fontId = heading ? style.fonts.heading : style.fonts.body;
  const weight = nearestWeight(fontId, heading && style.headingWeight ? style.headingWeight : slot.fit.weight);
  const letterSpacingEm = heading ? style.letterSpacing.heading : style.letterSpacing.body;
  const font: FontSpec = { id: fontId, weight, letterSpacingEm, uppercase: slot.fit.uppercase };
  const treatment: TextTreatment = slot.role === "headline" ? style.textTreatment : "none";
  const k = scale * style.typeScale;
  const minFontPx = Math.max(1, slot.fit.minFontPx * k);
  const maxFontPx = Math.max(minFontPx, slot.fit.maxFontPx * k);
  const paddingPx = slot.surface !== "none" || treatment === "box" ? slotPadding(style, scale, box) : 0;
  // Treatments take room: a highlight pads each line's ends, an underline sits under the block.
  const highlightPad = treatment === "highlight" ? 0.2 * maxFontPx : 0;
  const underline = treatment === "underline" ? 0.2 * maxFontPx : 0;
  const fitted = fitText({
    text: input.text,
    box: {
      width: Math.max(1, box.w - 2 * paddingPx - 2 * highlightPad),
      height: Math.max(1, box.h - 2 * paddingPx - underline),
    },
    minFontPx,
    maxFontPx,
    lineHeight: slot.fit.lineHeight,
    measure: input.measure,
    font,
    maxLines: slot.fit.maxLines,
    paragraphPrefix: slot.role === "bullets" ? "• " : undefined,
  });
  return { fitted, fontId, font, treatment, paddingPx };
}
