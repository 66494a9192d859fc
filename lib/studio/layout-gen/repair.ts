/**
 * The repair step between a model's layout and the store: whatever came back
 * (schema-valid or not) is either repaired into a layout that passes the
 * layout schema and has no validation errors, with a readable list of what
 * was changed, or refused with the reason. Nothing broken is ever saved.
 *
 * Repairs are the mechanical ones a designer would make without thinking:
 * boxes clamped onto the canvas, min/max font sizes swapped, a missing
 * aspect ratio filled from the nearest one, duplicate slot ids renamed,
 * unknown kinds/roles mapped, missing fit rules filled from the role's
 * defaults. What needs judgement (overlapping text, no slots at all) is
 * reported, not guessed. Browser-safe, pure.
 */
import {
  ANIMATION_TYPES,
  animationSchema,
  EASINGS,
  layoutBodySchema,
  PALETTE_ROLES,
  SLOT_KINDS,
  SLOT_ROLES,
  type Box,
  type LayoutBody,
  type LayoutSlot,
  type SlotKind,
  type SlotRole,
} from "@/lib/engine/composition/layout-schema";
import { hasErrors, MIN_READABLE_PX, validateLayout } from "@/lib/engine/composition/layout-validation";
import { COMPOSITION_RATIOS, ratioValue, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { defaultFit } from "./local-layouts";

export type RepairResult =
  | { ok: true; layout: LayoutBody; repairs: string[] }
  | { ok: false; reason: string; repairs: string[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v)
    ? v
    : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))
      ? Number(v)
      : null;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const round = (n: number) => Math.round(n * 10000) / 10000;

const ROLE_KIND: Partial<Record<SlotRole, SlotKind>> = { media: "image", logo: "logo", decoration: "shape" };

/** "Call To Action!" → "call-to-action"; never empty. */
export function slugifySlotId(raw: unknown, fallback: string): string {
  const s = String(raw ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^[^a-z]+/, "")
    .replace(/-+$/, "")
    .slice(0, 32)
    .replace(/-+$/, "");
  return s || fallback;
}

/** The option `v` names (any case), in the option's own spelling. */
function pickEnum<T extends string>(v: unknown, options: readonly T[]): T | null {
  if (typeof v !== "string") return null;
  const want = v.trim().toLowerCase();
  return options.find((o) => o.toLowerCase() === want) ?? null;
}

function repairAnimation(v: unknown): LayoutSlot["enter"] {
  if (!isRecord(v)) return null;
  const type = pickEnum(v.type, ANIMATION_TYPES);
  if (!type) return null;
  const parsed = animationSchema.safeParse({
    type,
    durationMs: Math.round(clamp(num(v.durationMs) ?? 500, 0, 5000)),
    delayMs: Math.round(clamp(num(v.delayMs) ?? 0, 0, 10000)),
    easing: pickEnum(v.easing, EASINGS) ?? "ease-out",
  });
  return parsed.success ? parsed.data : null;
}

function repairSlot(raw: Record<string, unknown>, index: number, repairs: string[]): LayoutSlot | null {
  let role = pickEnum(raw.role, SLOT_ROLES);
  let kind = pickEnum(raw.kind, SLOT_KINDS);
  const id0 = slugifySlotId(raw.id ?? raw.label, `slot-${index + 1}`);
  if (!kind && !role) {
    repairs.push(`slot ${index + 1} ("${String(raw.id ?? "?")}") has no known kind or role and was left out`);
    return null;
  }
  if (!kind) {
    kind = role ? (ROLE_KIND[role] ?? "text") : "text";
    repairs.push(`"${id0}" had no valid kind; set to ${kind}`);
  }
  if (!role) {
    role = kind === "image" ? "media" : kind === "logo" ? "logo" : kind === "shape" ? "decoration" : "body";
    repairs.push(`"${id0}" had no valid role; set to ${role}`);
  }
  const base = defaultFit(kind === "text" ? role : "media");
  const f = isRecord(raw.fit) ? raw.fit : {};
  if (!isRecord(raw.fit)) repairs.push(`"${id0}" had no fit rules; used the ${role} defaults`);
  let minFontPx = clamp(num(f.minFontPx) ?? base.minFontPx, 4, 400);
  let maxFontPx = clamp(num(f.maxFontPx) ?? base.maxFontPx, 4, 600);
  if (minFontPx > maxFontPx) {
    [minFontPx, maxFontPx] = [Math.min(maxFontPx, 400), Math.max(minFontPx, 4)];
    repairs.push(`"${id0}": minimum font size was larger than the maximum; swapped`);
  }
  if (kind === "text" && minFontPx < MIN_READABLE_PX) {
    minFontPx = MIN_READABLE_PX;
    maxFontPx = Math.max(maxFontPx, minFontPx);
    repairs.push(`"${id0}": minimum font size raised to ${MIN_READABLE_PX}px so it stays readable`);
  }
  const maxLines = num(f.maxLines);
  const label =
    typeof raw.label === "string" && raw.label.trim() ? raw.label.trim().slice(0, 80) : id0.replace(/-/g, " ");
  return {
    id: id0,
    kind,
    role,
    label,
    required: typeof raw.required === "boolean" ? raw.required : false,
    fit: {
      maxChars: Math.round(clamp(num(f.maxChars) ?? base.maxChars, 1, 2000)),
      minFontPx,
      maxFontPx,
      lineHeight: clamp(num(f.lineHeight) ?? base.lineHeight, 0.7, 3),
      align: pickEnum(f.align, ["left", "center", "right"] as const) ?? base.align,
      weight: Math.round(clamp(num(f.weight) ?? base.weight, 100, 900) / 100) * 100,
      uppercase: typeof f.uppercase === "boolean" ? f.uppercase : base.uppercase,
      objectFit: pickEnum(f.objectFit, ["cover", "contain"] as const) ?? base.objectFit,
      valign: pickEnum(f.valign, ["top", "middle", "bottom"] as const) ?? base.valign,
      ...(maxLines !== null ? { maxLines: Math.round(clamp(maxLines, 1, 40)) } : {}),
    },
    z: Math.round(clamp(num(raw.z) ?? (kind === "image" ? 1 : kind === "shape" ? 5 : 20), 0, 100)),
    enter: repairAnimation(raw.enter),
    exit: repairAnimation(raw.exit),
    tone: pickEnum(raw.tone, [...PALETTE_ROLES, "onMedia"] as const) ?? "text",
    surface: pickEnum(raw.surface, [...PALETTE_ROLES, "scrim", "none"] as const) ?? "none",
    opacity: clamp(num(raw.opacity) ?? 1, 0, 1),
  };
}

/** A box from whatever the model sent ({x,y,w,h}, or [x,y,w,h]); null when unusable. */
function readBox(v: unknown): Box | null {
  const [x, y, w, h] = Array.isArray(v)
    ? v.map(num)
    : isRecord(v)
      ? [num(v.x), num(v.y), num(v.w ?? v.width), num(v.h ?? v.height)]
      : [];
  if (x == null || y == null || w == null || h == null || w <= 0 || h <= 0) return null;
  return { x, y, w, h };
}

/** Onto the canvas (pictures may bleed up to half their size; they are cropped anyway). */
function clampBox(b: Box, kind: SlotKind): Box {
  if (kind === "image") {
    const w = clamp(b.w, 0.05, 2);
    const h = clamp(b.h, 0.05, 2);
    return {
      x: round(clamp(b.x, -w / 2, 1 - w / 2)),
      y: round(clamp(b.y, -h / 2, 1 - h / 2)),
      w: round(w),
      h: round(h),
    };
  }
  const w = clamp(b.w, 0.01, 1);
  const h = clamp(b.h, 0.005, 1);
  return { x: round(clamp(b.x, 0, 1 - w)), y: round(clamp(b.y, 0, 1 - h)), w: round(w), h: round(h) };
}

const sameBox = (a: Box, b: Box) =>
  Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.w - b.w) + Math.abs(a.h - b.h) < 1e-6;

/** Other ratios, nearest shape first (a 4:5 box is a better stand-in for 9:16 than a 16:9 one). */
function nearestRatios(ratio: CompositionRatio): CompositionRatio[] {
  return COMPOSITION_RATIOS.filter((r) => r !== ratio).sort(
    (a, b) =>
      Math.abs(Math.log(ratioValue(a) / ratioValue(ratio))) - Math.abs(Math.log(ratioValue(b) / ratioValue(ratio))),
  );
}

export function repairLayout(raw: unknown): RepairResult {
  const repairs: string[] = [];
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      return { ok: false, reason: "The answer was not JSON.", repairs };
    }
  }
  if (!isRecord(raw)) return { ok: false, reason: "The answer was not a layout object.", repairs };
  const name = typeof raw.name === "string" && raw.name.trim() ? raw.name.trim().slice(0, 80) : "Generated layout";
  if (name === "Generated layout" && raw.name !== name) repairs.push('it had no name; called it "Generated layout"');
  const description = typeof raw.description === "string" ? raw.description.slice(0, 500) : "";
  if (!Array.isArray(raw.slots) || raw.slots.length === 0)
    return { ok: false, reason: "The layout has no slots.", repairs };

  // Slots, with unique ids; `renamed` maps each original id to the ids it became (in order), for the boxes.
  const slots: LayoutSlot[] = [];
  const renamed = new Map<string, string[]>();
  const used = new Set<string>();
  raw.slots.slice(0, 24).forEach((s, i) => {
    if (!isRecord(s)) return void repairs.push(`slot ${i + 1} was not an object and was left out`);
    const slot = repairSlot(s, i, repairs);
    if (!slot) return;
    const original = typeof s.id === "string" ? s.id : slot.id;
    if (original !== slot.id) repairs.push(`slot id "${original}" is not a slug; renamed "${slot.id}"`);
    let id = slot.id;
    for (let n = 2; used.has(id); n++) id = `${slot.id.slice(0, 29)}-${n}`;
    if (id !== slot.id) repairs.push(`two slots were called "${slot.id}"; the second is now "${id}"`);
    used.add(id);
    slots.push({ ...slot, id });
    renamed.set(original, [...(renamed.get(original) ?? []), id]);
  });
  if (raw.slots.length > 24) repairs.push(`${raw.slots.length - 24} slots past the 24th were left out`);
  if (slots.length === 0) return { ok: false, reason: "None of the layout's slots could be used.", repairs };

  // Boxes per ratio: read what is there (by original id; a duplicated id's box serves each copy).
  const rawBoxes = isRecord(raw.boxes) ? raw.boxes : {};
  const found = {} as Record<CompositionRatio, Record<string, Box>>;
  for (const ratio of COMPOSITION_RATIOS) {
    found[ratio] = {};
    const given = rawBoxes[ratio];
    if (!isRecord(given)) continue;
    for (const [key, value] of Object.entries(given)) {
      const box = readBox(value);
      const ids = renamed.get(key) ?? (used.has(slugifySlotId(key, "")) ? [slugifySlotId(key, "")] : []);
      if (!box || ids.length === 0) {
        repairs.push(`the ${ratio} box for "${key}" was ${box ? "for no slot" : "unusable"} and was dropped`);
        continue;
      }
      for (const id of ids) found[ratio][id] ??= box;
    }
  }
  const boxes = {} as Record<CompositionRatio, Record<string, Box>>;
  const missing: string[] = [];
  for (const ratio of COMPOSITION_RATIOS) {
    boxes[ratio] = {};
    const filledFrom = new Set<CompositionRatio>();
    for (const slot of slots) {
      let box = found[ratio][slot.id];
      if (!box) {
        const from = nearestRatios(ratio).find((r) => found[r][slot.id]);
        if (!from) {
          missing.push(slot.id);
          continue;
        }
        box = found[from][slot.id]!;
        filledFrom.add(from);
      }
      const clamped = clampBox(box, slot.kind);
      if (!sameBox(clamped, box)) repairs.push(`"${slot.id}" in ${ratio} was moved or resized onto the canvas`);
      boxes[ratio][slot.id] = clamped;
    }
    if (filledFrom.size > 0) repairs.push(`missing ${ratio} boxes were filled from ${[...filledFrom].join(" and ")}`);
  }
  if (missing.length > 0) {
    const ids = [...new Set(missing)];
    return { ok: false, reason: `No aspect ratio gives a box for ${ids.map((i) => `"${i}"`).join(", ")}.`, repairs };
  }

  const parsed = layoutBodySchema.safeParse({ name, description, slots, boxes });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return {
      ok: false,
      reason: `It still does not match the layout schema: ${first ? `${first.path.join(".")}: ${first.message}` : "unknown"}.`,
      repairs,
    };
  }
  const errors = validateLayout(parsed.data).filter((i) => i.severity === "error");
  if (hasErrors(errors)) {
    const messages = [...new Set(errors.map((e) => e.message))];
    return {
      ok: false,
      reason: `It is not usable: ${messages.slice(0, 3).join("; ")}${messages.length > 3 ? ` (and ${messages.length - 3} more)` : ""}.`,
      repairs,
    };
  }
  return { ok: true, layout: parsed.data, repairs };
}
