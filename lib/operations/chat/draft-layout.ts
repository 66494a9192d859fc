/**
 * Turns the chat's draft_layout arguments (a name, a brief, slots by role)
 * into a layout body: a picture slot takes the top half (the left half on
 * 16:9) and the text slots stack in the rest, each sized by its role. The
 * result is validated with layoutBodySchema like any layout; staff refine it
 * in the studio after review.
 */
import type { z } from "zod";
import { layoutBodySchema, type LayoutBody, type SlotRole } from "@/lib/engine/composition/layout-schema";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import type { draftLayoutInput } from "./tool-schemas";

type DraftInput = z.output<typeof draftLayoutInput>;

const TEXT_SIZES: Partial<
  Record<SlotRole, { maxChars: number; min: number; max: number; weight: number; share: number }>
> = {
  headline: { maxChars: 60, min: 48, max: 120, weight: 800, share: 3 },
  subhead: { maxChars: 90, min: 32, max: 64, weight: 600, share: 2 },
  body: { maxChars: 220, min: 26, max: 44, weight: 400, share: 3 },
  price: { maxChars: 16, min: 48, max: 110, weight: 800, share: 2 },
  cta: { maxChars: 28, min: 30, max: 56, weight: 700, share: 1.5 },
  badge: { maxChars: 20, min: 24, max: 40, weight: 700, share: 1 },
  quote: { maxChars: 160, min: 34, max: 70, weight: 500, share: 3 },
  stat: { maxChars: 12, min: 80, max: 200, weight: 800, share: 2.5 },
};

export function draftLayoutBody(input: DraftInput): LayoutBody {
  const used = new Map<string, number>();
  const slots = input.slots.map((s, i) => {
    const n = (used.get(s.role) ?? 0) + 1;
    used.set(s.role, n);
    const id = n === 1 ? s.role : `${s.role}-${n}`;
    const kind = s.role === "media" ? ("image" as const) : s.role === "logo" ? ("logo" as const) : ("text" as const);
    const size = TEXT_SIZES[s.role] ?? { maxChars: 40, min: 24, max: 60, weight: 500, share: 1 };
    return {
      id,
      kind,
      role: s.role,
      label: s.label ?? `${s.role[0]!.toUpperCase()}${s.role.slice(1)}`,
      required: i === 0 || s.role === "headline",
      fit: {
        maxChars: kind === "text" ? size.maxChars : 1,
        minFontPx: size.min,
        maxFontPx: size.max,
        lineHeight: 1.15,
        align: "center" as const,
        weight: size.weight,
        uppercase: s.role === "badge" || s.role === "cta",
        objectFit: kind === "logo" ? ("contain" as const) : ("cover" as const),
        valign: "middle" as const,
      },
      z: kind === "image" ? 0 : 10 + i,
      enter: {
        type: kind === "image" ? ("fade" as const) : ("slide-up" as const),
        durationMs: 500,
        delayMs: 150 * i,
        easing: "ease-out" as const,
      },
      exit: null,
      tone: "text" as const,
      surface: s.role === "cta" || s.role === "badge" ? ("accent" as const) : ("none" as const),
      opacity: 1,
    };
  });
  const boxes = Object.fromEntries(COMPOSITION_RATIOS.map((r) => [r, boxesFor(r, slots)])) as LayoutBody["boxes"];
  return layoutBodySchema.parse({ name: input.name, description: input.brief.slice(0, 500), slots, boxes });
}

function boxesFor(ratio: CompositionRatio, slots: { id: string; kind: string; role: string }[]) {
  const out: Record<string, { x: number; y: number; w: number; h: number }> = {};
  const media = slots.filter((s) => s.kind === "image");
  const rest = slots.filter((s) => s.kind !== "image");
  const wide = ratio === "16:9";
  // The area left for text and logos: all of it without a picture.
  let area = { x: 0.08, y: 0.08, w: 0.84, h: 0.84 };
  if (media.length > 0) {
    media.forEach((m, i) => {
      const share = 1 / media.length;
      out[m.id] = wide ? { x: 0, y: i * share, w: 0.5, h: share } : { x: i * share, y: 0, w: share, h: 0.5 };
    });
    area = wide ? { x: 0.55, y: 0.08, w: 0.4, h: 0.84 } : { x: 0.08, y: 0.54, w: 0.84, h: 0.4 };
  }
  const weights = rest.map((s) => TEXT_SIZES[s.role as SlotRole]?.share ?? 1);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const gap = rest.length > 1 ? 0.02 : 0;
  const usable = area.h - gap * (rest.length - 1);
  let y = area.y;
  rest.forEach((s, i) => {
    const h = (usable * weights[i]!) / total;
    out[s.id] = { x: area.x, y: round(y), w: area.w, h: round(h) };
    y += h + gap;
  });
  return out;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** A layout id from its name: a slug plus a short random suffix. */
export function draftLayoutId(name: string, suffix: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${slug || "layout"}-${suffix}`.replace(/^-/, "");
}
