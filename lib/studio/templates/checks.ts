/**
 * A template version's checks: every layout it offers, in every aspect
 * ratio, with short and long sample text, goes through the same resolve/fit
 * step the renderer uses; text cut short, text shrunk below what reads on a
 * phone, slots with no box in a ratio and layouts that do not resolve at
 * all are reported. Errors block publishing and going live; warnings are
 * worth a look. (The full MP4 render check is /remotion-test.) Pure,
 * browser-safe: the style editor re-runs them on unsaved edits.
 */
import { MIN_LEGIBLE_PX, MIN_READABLE_PX } from "@/lib/engine/composition/layout-validation";
import { COMPOSITION_RATIOS, DESIGN_SHORT_SIDE, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { ResolveError } from "@/lib/engine/composition/resolve";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";
import { SAMPLE_LENGTHS, sampleProps, type SampleLength } from "./sample";

export type CheckProblemCode = "overflow" | "too-small" | "missing-slot" | "unresolvable";

export interface CheckProblem {
  code: CheckProblemCode;
  severity: "error" | "warning";
  slotId?: string;
  message: string;
}

export interface CheckCell {
  layoutId: string;
  layoutName: string;
  ratio: CompositionRatio;
  sample: SampleLength;
  problems: CheckProblem[];
}

export interface CheckReport {
  /** No errors: publishing and going live are allowed. */
  passed: boolean;
  errors: number;
  warnings: number;
  /** Layouts × ratios × samples. */
  cells: CheckCell[];
}

/** Canvas width of the check: design units map 1:1 to pixels. */
function designWidth(ratio: CompositionRatio): number {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  return w >= h ? Math.round((DESIGN_SHORT_SIDE * w) / h) : DESIGN_SHORT_SIDE;
}

export function checkTemplateVersion(
  body: TemplateVersionBody,
  ids: { templateId: string; version: number } = { templateId: "check", version: 1 },
): CheckReport {
  const cells: CheckCell[] = [];
  for (const layout of body.layouts) {
    for (const ratio of COMPOSITION_RATIOS) {
      for (const sample of SAMPLE_LENGTHS) {
        const problems: CheckProblem[] = [];
        try {
          const width = designWidth(ratio);
          const { props, warnings } = sampleProps({
            ...ids,
            body,
            ratio,
            layoutIds: [layout.id],
            sample,
            width,
            mediaUrl: (k) => k,
          });
          for (const w of warnings) {
            if (w.code === "text-overflow")
              problems.push({ code: "overflow", severity: "error", slotId: w.slotId, message: w.message });
            else if (w.code === "missing-box")
              problems.push({ code: "missing-slot", severity: "error", slotId: w.slotId, message: w.message });
            else if (w.code === "missing-value")
              problems.push({ code: "missing-slot", severity: "warning", slotId: w.slotId, message: w.message });
          }
          const scale = Math.min(props.width, props.height) / DESIGN_SHORT_SIDE;
          for (const s of props.scenes[0]?.slots ?? []) {
            if (!s.text || s.text.overflow) continue;
            const px = s.text.fontPx / scale;
            const label = layout.slots.find((x) => x.id === s.id)?.label ?? s.id;
            if (px < MIN_LEGIBLE_PX)
              problems.push({
                code: "too-small",
                severity: "error",
                slotId: s.id,
                message: `"${label}" shrinks to ${px.toFixed(0)}px, which nobody can read`,
              });
            else if (px < MIN_READABLE_PX)
              problems.push({
                code: "too-small",
                severity: "warning",
                slotId: s.id,
                message: `"${label}" shrinks to ${px.toFixed(0)}px, hard to read on a phone`,
              });
          }
        } catch (e) {
          if (!(e instanceof ResolveError)) throw e;
          problems.push({ code: "unresolvable", severity: "error", message: e.message });
        }
        cells.push({ layoutId: layout.id, layoutName: layout.name, ratio, sample, problems });
      }
    }
  }
  const all = cells.flatMap((c) => c.problems);
  const errors = all.filter((p) => p.severity === "error").length;
  return { passed: errors === 0, errors, warnings: all.length - errors, cells };
}

/** One line per failing cell, for a 422's message. */
export function checkSummary(report: CheckReport, max = 3): string {
  const bad = report.cells.filter((c) => c.problems.some((p) => p.severity === "error"));
  const lines = bad
    .slice(0, max)
    .map(
      (c) =>
        `${c.layoutName} ${c.ratio} (${c.sample} text): ${c.problems.find((p) => p.severity === "error")!.message}`,
    );
  return lines.join("; ") + (bad.length > max ? `; and ${bad.length - max} more` : "");
}
